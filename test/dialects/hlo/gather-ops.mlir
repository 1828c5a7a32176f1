// RUN: strata-opt %s | filecheck %s
// RUN: strata-opt %s --generic | strata-opt | filecheck %s

// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[T:.*]]: tensor<1000x16xf32>, %[[I:.*]]: tensor<8x5xi32>)
func.func @gather(%t: tensor<1000x16xf32>, %i: tensor<8x5xi32>) -> tensor<8x5x16xf32> {
  // CHECK-NEXT: %[[G:.*]] = "hlo.gather"(%[[T]], %[[I]]) <{dimension_numbers = #hlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 16>}> : (tensor<1000x16xf32>, tensor<8x5xi32>) -> tensor<8x5x16xf32>
  %0 = "hlo.gather"(%t, %i) <{dimension_numbers = #hlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 16>}> : (tensor<1000x16xf32>, tensor<8x5xi32>) -> tensor<8x5x16xf32>
  func.return %0 : tensor<8x5x16xf32>
}

// CHECK-LABEL: func.func @gather_batching
func.func @gather_batching(%p: tensor<2x5x3xf32>, %i: tensor<2x4xi64>) -> tensor<2x4x3xf32> {
  // CHECK-NEXT: "hlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #hlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 3>}>
  %0 = "hlo.gather"(%p, %i) <{dimension_numbers = #hlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 3>}> : (tensor<2x5x3xf32>, tensor<2x4xi64>) -> tensor<2x4x3xf32>
  func.return %0 : tensor<2x4x3xf32>
}

// Index vectors of two components along dim 1, slices of 2x2 kept whole.
// CHECK-LABEL: func.func @gather_windows
func.func @gather_windows(%p: tensor<6x7xf32>, %i: tensor<3x2xi32>) -> tensor<3x2x2xf32> {
  // CHECK-NEXT: "hlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #hlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 2>}>
  %0 = "hlo.gather"(%p, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 2>}> : (tensor<6x7xf32>, tensor<3x2xi32>) -> tensor<3x2x2xf32>
  func.return %0 : tensor<3x2x2xf32>
}

// CHECK-LABEL: func.func @scatter_add
// CHECK-SAME: (%[[Z:.*]]: tensor<3x4xf32>, %[[I:.*]]: tensor<6xi32>, %[[U:.*]]: tensor<6x4xf32>)
func.func @scatter_add(%z: tensor<3x4xf32>, %i: tensor<6xi32>, %u: tensor<6x4xf32>) -> tensor<3x4xf32> {
  // CHECK-NEXT: %[[S:.*]] = "hlo.scatter"(%[[Z]], %[[I]], %[[U]]) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  // CHECK-NEXT: ^{{.*}}(%[[OLD:.*]]: tensor<f32>, %[[NEW:.*]]: tensor<f32>):
  // CHECK-NEXT:   %[[SUM:.*]] = hlo.add %[[OLD]], %[[NEW]] : tensor<f32>
  // CHECK-NEXT:   hlo.return %[[SUM]] : tensor<f32>
  // CHECK-NEXT: }) : (tensor<3x4xf32>, tensor<6xi32>, tensor<6x4xf32>) -> tensor<3x4xf32>
  %0 = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<3x4xf32>, tensor<6xi32>, tensor<6x4xf32>) -> tensor<3x4xf32>
  func.return %0 : tensor<3x4xf32>
}
