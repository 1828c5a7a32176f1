// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @axis_not_constant(%p: tensor<10x4xf32>, %i: tensor<3xi32>, %a: tensor<i32>) {
  // expected-error @+1 {{axis must be a constant (a tf.Const), found a computed value}}
  %0 = "tf.GatherV2"(%p, %i, %a) : (tensor<10x4xf32>, tensor<3xi32>, tensor<i32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @axis_out_of_range(%p: tensor<10x4xf32>, %i: tensor<3xi32>) {
  %a = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{axis must be in the range [-2, 2), found 2}}
  %0 = "tf.GatherV2"(%p, %i, %a) : (tensor<10x4xf32>, tensor<3xi32>, tensor<i32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @batch_dims_above_axis(%p: tensor<3x10x4xf32>, %i: tensor<3x2xi32>) {
  %a = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{batch_dims (1) must be at most axis (0)}}
  %0 = "tf.GatherV2"(%p, %i, %a) <{batch_dims = 1 : i64}> : (tensor<3x10x4xf32>, tensor<3x2xi32>, tensor<i32>) -> tensor<3x2x10x4xf32>
  func.return
}

// -----

func.func @batch_dims_mismatch(%p: tensor<3x10x4xf32>, %i: tensor<2x5xi32>) {
  %a = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{params dim 0 (size 3) must equal indices dim 0 (size 2) below batch_dims 1}}
  %0 = "tf.GatherV2"(%p, %i, %a) <{batch_dims = 1 : i64}> : (tensor<3x10x4xf32>, tensor<2x5xi32>, tensor<i32>) -> tensor<3x5x4xf32>
  func.return
}

// -----

func.func @batch_dims_too_big(%p: tensor<3x10x4xf32>, %i: tensor<3xi32>) {
  %a = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{batch_dims must be in the range [-1, 1], found 2}}
  %0 = "tf.GatherV2"(%p, %i, %a) <{batch_dims = 2 : i64}> : (tensor<3x10x4xf32>, tensor<3xi32>, tensor<i32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @float_indices(%p: tensor<10x4xf32>, %i: tensor<3xf32>) {
  // expected-error @+1 {{indices must have int32 or int64 elements, found tensor<3xf32>}}
  %0 = "tf.Gather"(%p, %i) : (tensor<10x4xf32>, tensor<3xf32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @scalar_params(%p: tensor<f32>, %i: tensor<3xi32>) {
  // expected-error @+1 {{params must be at least 1-D, found a scalar}}
  %0 = "tf.ResourceGather"(%p, %i) : (tensor<f32>, tensor<3xi32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @gather_result_type(%p: tensor<10x4xf32>, %i: tensor<3xi32>) {
  // expected-error @+1 {{result 0 has type tensor<3x10xf32>, but operands and attributes imply tensor<3x4xf32>}}
  %0 = "tf.Gather"(%p, %i) : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x10xf32>
  func.return
}

// -----

func.func @segment_ids_not_prefix(%d: tensor<6x4xf32>, %i: tensor<4xi32>) {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{data shape [6,4] does not start with segment_ids shape [4]}}
  %0 = "tf.UnsortedSegmentSum"(%d, %i, %n) : (tensor<6x4xf32>, tensor<4xi32>, tensor<i32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @num_segments_negative(%d: tensor<6x4xf32>, %i: tensor<6xi32>) {
  %n = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{num_segments must not be negative, found -1}}
  %0 = "tf.UnsortedSegmentSum"(%d, %i, %n) : (tensor<6x4xf32>, tensor<6xi32>, tensor<i32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @num_segments_not_constant(%d: tensor<6x4xf32>, %i: tensor<6xi32>, %n: tensor<i32>) {
  // expected-error @+1 {{num_segments must be a constant (a tf.Const), found a computed value}}
  %0 = "tf.UnsortedSegmentSum"(%d, %i, %n) : (tensor<6x4xf32>, tensor<6xi32>, tensor<i32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @gather_nd_depth_above_rank(%p: tensor<4x5xf32>, %i: tensor<6x3xi32>) {
  // expected-error @+1 {{index depth 3 (the last dim of indices) exceeds the rank of params (2)}}
  %0 = "tf.GatherNd"(%p, %i) : (tensor<4x5xf32>, tensor<6x3xi32>) -> tensor<6xf32>
  func.return
}

// -----

func.func @gather_nd_scalar_indices(%p: tensor<4x5xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{indices must be at least 1-D (index vectors in the last dim)}}
  %0 = "tf.GatherNd"(%p, %i) : (tensor<4x5xf32>, tensor<i32>) -> tensor<5xf32>
  func.return
}

// -----

func.func @gather_nd_float_indices(%p: tensor<4x5xf32>, %i: tensor<6x1xf32>) {
  // expected-error @+1 {{indices must have int32 or int64 elements, found tensor<6x1xf32>}}
  %0 = "tf.GatherNd"(%p, %i) : (tensor<4x5xf32>, tensor<6x1xf32>) -> tensor<6x5xf32>
  func.return
}

// -----

func.func @scatter_nd_shape_not_constant(%i: tensor<3x1xi32>, %u: tensor<3x4xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{shape must be a constant (a tf.Const), found a computed value}}
  %0 = "tf.ScatterNd"(%i, %u, %s) : (tensor<3x1xi32>, tensor<3x4xf32>, tensor<2xi32>) -> tensor<8x4xf32>
  func.return
}

// -----

func.func @scatter_nd_updates_shape(%i: tensor<3x1xi32>, %u: tensor<3x5xf32>) {
  %s = "tf.Const"() <{value = dense<[8, 4]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{updates must have shape [3,4] (indices.shape[:-1] + output.shape[K:]), found [3,5]}}
  %0 = "tf.ScatterNd"(%i, %u, %s) : (tensor<3x1xi32>, tensor<3x5xf32>, tensor<2xi32>) -> tensor<8x4xf32>
  func.return
}

// -----

func.func @tensor_scatter_element_type(%t: tensor<8xf32>, %i: tensor<3x1xi32>, %u: tensor<3xi32>) {
  // expected-error @+1 {{updates element type i32 does not match the output's f32}}
  %0 = "tf.TensorScatterUpdate"(%t, %i, %u) : (tensor<8xf32>, tensor<3x1xi32>, tensor<3xi32>) -> tensor<8xf32>
  func.return
}

// -----

func.func @segment_min_ids_shape(%d: tensor<6x4xf32>, %i: tensor<5xi32>) {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{data shape [6,4] does not start with segment_ids shape [5]}}
  %0 = "tf.UnsortedSegmentMin"(%d, %i, %n) : (tensor<6x4xf32>, tensor<5xi32>, tensor<i32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @bincount_float_input(%x: tensor<4xf32>, %w: tensor<0xf32>) {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{input must be a 1-d or 2-d integer tensor, found tensor<4xf32>}}
  %0 = "tf.DenseBincount"(%x, %n, %w) <{binary_output = false}> : (tensor<4xf32>, tensor<i32>, tensor<0xf32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @bincount_weights_shape(%x: tensor<4xi32>, %w: tensor<3xf32>) {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{weights must have the input's shape [4] or be empty, found [3]}}
  %0 = "tf.DenseBincount"(%x, %n, %w) <{binary_output = false}> : (tensor<4xi32>, tensor<i32>, tensor<3xf32>) -> tensor<3xf32>
  func.return
}

// -----

// Sorted segment ids give the result's rows: they must be sorted and not negative.
func.func @segment_unsorted(%d: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %ids = "tf.Const"() <{value = dense<[0, 2, 1]> : tensor<3xi32>}> : () -> tensor<3xi32>
  // expected-error @+1 {{segment_ids must be non-negative and sorted, found [0, 2, 1]}}
  %y = "tf.SegmentSum"(%d, %ids) : (tensor<3x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  func.return %y : tensor<3x2xf32>
}

// -----

func.func @ragged_columns_unknown(%values: tensor<9xi32>, %splits: tensor<4xi64>) {
  %shape = "tf.Const"() <{value = dense<[5, -1]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %default = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{shape must be a constant of the output's rank (2) with its column count given (the longest row is known only at run time), found [5, -1]}}
  %0 = "tf.RaggedTensorToTensor"(%shape, %values, %default, %splits) : (tensor<2xi64>, tensor<9xi32>, tensor<i32>, tensor<4xi64>) -> tensor<5x4xi32>
  func.return
}

// -----

func.func @ragged_dense_dim(%values: tensor<9x2xf32>, %splits: tensor<4xi64>) {
  %shape = "tf.Const"() <{value = dense<[5, 4, 3]> : tensor<3xi64>}> : () -> tensor<3xi64>
  %default = "tf.Const"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  // expected-error @+1 {{shape [5, 4, 3] changes the values' dense dims [2]}}
  %0 = "tf.RaggedTensorToTensor"(%shape, %values, %default, %splits) : (tensor<3xi64>, tensor<9x2xf32>, tensor<f32>, tensor<4xi64>) -> tensor<5x4x3xf32>
  func.return
}

// -----

func.func @ragged_default(%values: tensor<9xi32>, %splits: tensor<4xi64>, %default: tensor<2xi32>) {
  %shape = "tf.Const"() <{value = dense<[5, 4]> : tensor<2xi64>}> : () -> tensor<2xi64>
  // expected-error @+1 {{default_value must broadcast to a row element [] of i32, found tensor<2xi32>}}
  %0 = "tf.RaggedTensorToTensor"(%shape, %values, %default, %splits) : (tensor<2xi64>, tensor<9xi32>, tensor<2xi32>, tensor<4xi64>) -> tensor<5x4xi32>
  func.return
}

// -----

func.func @sparse_segment_counts(%d: tensor<6x3xf32>, %i: tensor<5xi32>) {
  %ids = "tf.Const"() <{value = dense<[0, 1, 1]> : tensor<3xi32>}> : () -> tensor<3xi32>
  // expected-error @+1 {{3 segment ids for 5 indices}}
  %0 = "tf.SparseSegmentSum"(%d, %i, %ids) : (tensor<6x3xf32>, tensor<5xi32>, tensor<3xi32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @sparse_segment_mean_of_ints(%d: tensor<6x3xi32>, %i: tensor<2xi32>) {
  %ids = "tf.Const"() <{value = dense<[0, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{data must have float elements, found tensor<6x3xi32>}}
  %0 = "tf.SparseSegmentMean"(%d, %i, %ids) : (tensor<6x3xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  func.return
}
