// RUN: strata-opt %s | filecheck %s
// RUN: strata-opt %s --generic | strata-opt | filecheck %s

// CHECK-LABEL: func.func @data_movement
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x1xf32>, %[[V:.*]]: tensor<f32>)
func.func @data_movement(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>, %v: tensor<f32>) {
  // CHECK-NEXT: %[[C:.*]] = hlo.concatenate %[[A]], %[[B]], dim = 1 : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %0 = hlo.concatenate %a, %b, dim = 1 : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  // CHECK-NEXT: %[[S:.*]] = hlo.slice %[[C]] [0:2, 1:4:2] : (tensor<2x4xf32>) -> tensor<2x2xf32>
  %1 = hlo.slice %0 [0:2, 1:4:2] : (tensor<2x4xf32>) -> tensor<2x2xf32>
  // CHECK-NEXT: %[[P:.*]] = hlo.pad %[[S]], %[[V]], low = [0, 1], high = [1, 0], interior = [0, 1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<3x4xf32>
  %2 = hlo.pad %1, %v, low = [0, 1], high = [1, 0], interior = [0, 1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<3x4xf32>
  // CHECK-NEXT: hlo.reverse %[[P]], dims = [0, 1] : tensor<3x4xf32>
  %3 = hlo.reverse %2, dims = [0, 1] : tensor<3x4xf32>
  // CHECK-NEXT: hlo.iota dim = 1 : tensor<2x3xi32>
  %4 = hlo.iota dim = 1 : tensor<2x3xi32>
  // Generic form (as StableHLO's names for the properties).
  // CHECK-NEXT: hlo.slice %[[A]] [1:2, 0:3:3] : (tensor<2x3xf32>) -> tensor<1x1xf32>
  %5 = "hlo.slice"(%a) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 2, 3>, strides = array<i64: 1, 3>}> : (tensor<2x3xf32>) -> tensor<1x1xf32>
  func.return
}

// CHECK-LABEL: func.func @get_dimension_size
// CHECK:         %{{.*}} = hlo.get_dimension_size %{{.*}}, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
func.func @get_dimension_size(%x: tensor<2x3xf32>) -> tensor<i32> {
  %0 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  func.return %0 : tensor<i32>
}
