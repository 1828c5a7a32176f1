// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @slice_sizes_rank(%p: tensor<10x4xf32>, %i: tensor<3xi32>) {
  // expected-error @+1 {{slice_sizes has 1 entries but the operand has rank 2}}
  %0 = "hlo.gather"(%p, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>}> : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @slice_too_big(%p: tensor<10x4xf32>, %i: tensor<3xi32>) {
  // expected-error @+1 {{slice size 5 of dim 1 is out of range [0, 4]}}
  %0 = "hlo.gather"(%p, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5>}> : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x5xf32>
  func.return
}

// -----

func.func @collapsed_not_one(%p: tensor<10x4xf32>, %i: tensor<3xi32>) {
  // expected-error @+1 {{slice size of collapsed or batching dim 0 must be at most 1, found 2}}
  %0 = "hlo.gather"(%p, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 2, 4>}> : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @index_vector_dim_range(%p: tensor<10x4xf32>, %i: tensor<3xi32>) {
  // expected-error @+1 {{index_vector_dim 2 is out of range [0, 1] for indices of rank 1}}
  %0 = "hlo.gather"(%p, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 4>}> : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @start_index_map_size(%p: tensor<10x4xf32>, %i: tensor<3xi32>) {
  // expected-error @+1 {{start_index_map has 2 entries but the index vectors have 1}}
  %0 = "hlo.gather"(%p, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @offset_dims_count(%p: tensor<10x4xf32>, %i: tensor<3xi32>) {
  // expected-error @+1 {{offset_dims has 2 entries but 1 operand dims are neither collapsed nor batching}}
  %0 = "hlo.gather"(%p, %i) <{dimension_numbers = #hlo.gather<offset_dims = [0, 1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @float_indices(%p: tensor<10x4xf32>, %i: tensor<3xf32>) {
  // expected-error @+1 {{indices must have integer elements, found tensor<3xf32>}}
  %0 = "hlo.gather"(%p, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<10x4xf32>, tensor<3xf32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @gather_result(%p: tensor<10x4xf32>, %i: tensor<3xi32>) {
  // expected-error @+1 {{result 0 has type tensor<4x3xf32>, but operands and attributes imply tensor<3x4xf32>}}
  %0 = "hlo.gather"(%p, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<4x3xf32>
  func.return
}

// -----

func.func @batching_mismatch(%p: tensor<2x5x3xf32>, %i: tensor<3x4xi32>) {
  // expected-error @+1 {{operand batching dim 0 (size 2) does not match indices dim 0 (size 3)}}
  %0 = "hlo.gather"(%p, %i) <{dimension_numbers = #hlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 3>}> : (tensor<2x5x3xf32>, tensor<3x4xi32>) -> tensor<3x4x3xf32>
  func.return
}

// -----

func.func @scatter_rank(%z: tensor<3x4xf32>, %i: tensor<6xi32>, %u: tensor<6x4xf32>) {
  // expected-error @+1 {{operand rank 2 must equal the number of update_window_dims (1) plus inserted_window_dims (0) plus input_batching_dims (0)}}
  %0 = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<3x4xf32>, tensor<6xi32>, tensor<6x4xf32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @scatter_updates_shape(%z: tensor<3x4xf32>, %i: tensor<6xi32>, %u: tensor<5x4xf32>) {
  // expected-error @+1 {{updates shape [5,4] does not match the scatter indices' batch shape [6] outside update_window_dims}}
  %0 = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<3x4xf32>, tensor<6xi32>, tensor<5x4xf32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @scatter_window_too_big(%z: tensor<3x4xf32>, %i: tensor<6xi32>, %u: tensor<6x5xf32>) {
  // expected-error @+1 {{updates window dim 1 (size 5) is larger than operand dim 1 (size 4)}}
  %0 = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<3x4xf32>, tensor<6xi32>, tensor<6x5xf32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @scatter_body_types(%z: tensor<3x4xf32>, %i: tensor<6xi32>, %u: tensor<6x4xf32>) {
  // expected-error @+1 {{update_computation must take two tensor<f32> arguments (old value, update)}}
  %0 = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.add %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }) : (tensor<3x4xf32>, tensor<6xi32>, tensor<6x4xf32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @scatter_body_return(%z: tensor<3x4xf32>, %i: tensor<6xi32>, %u: tensor<6x4xf32>) {
  // expected-error @+1 {{update_computation must end with hlo.return of one tensor<f32>}}
  %0 = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s, %s : tensor<f32>, tensor<f32>
  }) : (tensor<3x4xf32>, tensor<6xi32>, tensor<6x4xf32>) -> tensor<3x4xf32>
  func.return
}
