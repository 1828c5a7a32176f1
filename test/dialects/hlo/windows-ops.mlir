// RUN: strata-opt %s | filecheck %s
// RUN: strata-opt %s --generic | strata-opt | filecheck %s

// StableHLO's generic form, the window in the attribute dictionary, reads into properties.
// CHECK-LABEL: func.func @max_pool_grad
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x4x2xf32>, %[[DY:.*]]: tensor<1x2x2x2xf32>, %[[INIT:.*]]: tensor<f32>)
// CHECK-NEXT: %[[R:.*]] = "hlo.select_and_scatter"(%[[X]], %[[DY]], %[[INIT]]) <{window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>, padding = dense<{{\[\[}}0, 0], [1, 0], [1, 0], [0, 0]]> : tensor<4x2xi64>}> ({
// CHECK-NEXT: ^{{.*}}(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK-NEXT:   %[[GE:.*]] = hlo.compare GE, %[[A]], %[[B]] : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:   hlo.return %[[GE]] : tensor<i1>
// CHECK-NEXT: }, {
// CHECK-NEXT: ^{{.*}}(%[[C:.*]]: tensor<f32>, %[[D:.*]]: tensor<f32>):
// CHECK-NEXT:   %[[SUM:.*]] = hlo.add %[[C]], %[[D]] : tensor<f32>
// CHECK-NEXT:   hlo.return %[[SUM]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<1x4x4x2xf32>, tensor<1x2x2x2xf32>, tensor<f32>) -> tensor<1x4x4x2xf32>
// CHECK-NEXT: func.return %[[R]]
func.func @max_pool_grad(%x: tensor<1x4x4x2xf32>, %dy: tensor<1x2x2x2xf32>, %init: tensor<f32>) -> tensor<1x4x4x2xf32> {
  %r = "hlo.select_and_scatter"(%x, %dy, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {
    window_dimensions = array<i64: 1, 3, 3, 1>,
    window_strides = array<i64: 1, 2, 2, 1>,
    padding = dense<[[0, 0], [1, 0], [1, 0], [0, 0]]> : tensor<4x2xi64>
  } : (tensor<1x4x4x2xf32>, tensor<1x2x2x2xf32>, tensor<f32>) -> tensor<1x4x4x2xf32>
  func.return %r : tensor<1x4x4x2xf32>
}

// Strides default to ones and padding to zeros; the regions may hold several ops.
// CHECK-LABEL: func.func @defaults
// CHECK-NEXT: %[[R:.*]] = "hlo.select_and_scatter"(%{{.*}}, %{{.*}}, %{{.*}}) <{window_dimensions = array<i64: 2>}> ({
// CHECK-NEXT: ^{{.*}}(%[[A:.*]]: tensor<i32>, %[[B:.*]]: tensor<i32>):
// CHECK-NEXT:   %[[LT:.*]] = hlo.compare LT, %[[A]], %[[B]] : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT:   %[[NOT:.*]] = hlo.not %[[LT]] : tensor<i1>
// CHECK-NEXT:   hlo.return %[[NOT]] : tensor<i1>
// CHECK-NEXT: }, {
// CHECK-NEXT: ^{{.*}}(%[[C:.*]]: tensor<i32>, %[[D:.*]]: tensor<i32>):
// CHECK-NEXT:   %[[M:.*]] = hlo.maximum %[[C]], %[[D]] : tensor<i32>
// CHECK-NEXT:   hlo.return %[[M]] : tensor<i32>
// CHECK-NEXT: }) : (tensor<5xi32>, tensor<4xi32>, tensor<i32>) -> tensor<5xi32>
func.func @defaults(%x: tensor<5xi32>, %s: tensor<4xi32>, %init: tensor<i32>) -> tensor<5xi32> {
  %r = "hlo.select_and_scatter"(%x, %s, %init) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %not = hlo.not %lt : tensor<i1>
    hlo.return %not : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %m = hlo.maximum %a, %b : tensor<i32>
    hlo.return %m : tensor<i32>
  }) : (tensor<5xi32>, tensor<4xi32>, tensor<i32>) -> tensor<5xi32>
  func.return %r : tensor<5xi32>
}
