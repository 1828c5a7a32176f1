// RUN: strata-opt %s | filecheck %s
// RUN: strata-opt %s --generic | strata-opt | filecheck %s

// hlo.sort and hlo.map print in the generic form, as StableHLO's do; their attributes may be
// written as properties or, as StableHLO's tests write them, in the attribute dictionary.

// CHECK-LABEL: func.func @sort_pair
// CHECK-SAME:  (%[[K:.*]]: tensor<2x3xi64>, %[[V:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:  %[[R:.*]], %[[S:.*]] = "hlo.sort"(%[[K]], %[[V]]) <{dimension = 0 : i64, is_stable = true}> ({
// CHECK-NEXT:  ^bb0(%[[A:.*]]: tensor<i64>, %[[B:.*]]: tensor<i64>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>):
// CHECK-NEXT:    %[[P:.*]] = hlo.compare GT, %[[A]], %[[B]] : (tensor<i64>, tensor<i64>) -> tensor<i1>
// CHECK-NEXT:    hlo.return %[[P]] : tensor<i1>
// CHECK-NEXT:  }) : (tensor<2x3xi64>, tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>)
// CHECK-NEXT:  func.return %[[R]], %[[S]]
func.func @sort_pair(%k: tensor<2x3xi64>, %v: tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>) {
  %r, %s = "stablehlo.sort"(%k, %v) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>, %c: tensor<f32>, %d: tensor<f32>):
      %p = stablehlo.compare GT, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
  }) {
    dimension = 0 : i64,
    is_stable = true
  } : (tensor<2x3xi64>, tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>)
  func.return %r, %s : tensor<2x3xi64>, tensor<2x3xf32>
}

// StableHLO's defaults: the last dimension, not stable.
// CHECK-LABEL: func.func @sort_defaults
// CHECK-NEXT:  "hlo.sort"(%{{.*}}) <{dimension = -1 : i64, is_stable = false}> ({
// CHECK-NEXT:  ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK-NEXT:    %[[P:.*]] = hlo.compare LT, %[[A]], %[[B]], TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:    hlo.return %[[P]] : tensor<i1>
// CHECK-NEXT:  }) : (tensor<4x5xf32>) -> tensor<4x5xf32>
func.func @sort_defaults(%x: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %r = "hlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = "hlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type TOTALORDER>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "hlo.return"(%p) : (tensor<i1>) -> ()
  }) : (tensor<4x5xf32>) -> tensor<4x5xf32>
  func.return %r : tensor<4x5xf32>
}

// CHECK-LABEL: func.func @map
// CHECK-SAME:  (%[[X:.*]]: tensor<2x2xi64>, %[[Y:.*]]: tensor<2x2xi64>)
// CHECK-NEXT:  %[[R:.*]] = "hlo.map"(%[[X]], %[[Y]]) <{dimensions = array<i64: 0, 1>}> ({
// CHECK-NEXT:  ^bb0(%[[A:.*]]: tensor<i64>, %[[B:.*]]: tensor<i64>):
// CHECK-NEXT:    %[[M:.*]] = hlo.multiply %[[A]], %[[B]] : tensor<i64>
// CHECK-NEXT:    %[[C:.*]] = hlo.constant dense<3> : tensor<i64>
// CHECK-NEXT:    %[[S:.*]] = hlo.add %[[M]], %[[C]] : tensor<i64>
// CHECK-NEXT:    %[[F:.*]] = hlo.convert %[[S]] : (tensor<i64>) -> tensor<f32>
// CHECK-NEXT:    hlo.return %[[F]] : tensor<f32>
// CHECK-NEXT:  }) : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xf32>
// CHECK-NEXT:  func.return %[[R]]
func.func @map(%x: tensor<2x2xi64>, %y: tensor<2x2xi64>) -> tensor<2x2xf32> {
  %r = "stablehlo.map"(%x, %y) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %m = stablehlo.multiply %a, %b : tensor<i64>
      %c = stablehlo.constant dense<3> : tensor<i64>
      %s = stablehlo.add %m, %c : tensor<i64>
      %f = stablehlo.convert %s : (tensor<i64>) -> tensor<f32>
      stablehlo.return %f : tensor<f32>
  }) {
    dimensions = array<i64: 0, 1>
  } : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xf32>
  func.return %r : tensor<2x2xf32>
}
