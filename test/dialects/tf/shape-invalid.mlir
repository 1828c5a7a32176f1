// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @squeeze_not_one(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{cannot squeeze dim 1: expected a dimension of 1, found 3}}
  %0 = "tf.Squeeze"(%x) <{squeeze_dims = array<i64: 1>}> : (tensor<2x3xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @expand_dims_range(%x: tensor<2x3xf32>) {
  %d = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{dim 3 is out of range for rank 3 (expected [-3, 3))}}
  %0 = "tf.ExpandDims"(%x, %d) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3x1xf32>
  func.return
}

// -----

func.func @transpose_perm(%x: tensor<2x3xf32>) {
  %p = "tf.Const"() <{value = dense<[0, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{perm [0, 0] is not a permutation of the 2 dims of x}}
  %0 = "tf.Transpose"(%x, %p) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @concat_mismatch(%a: tensor<2x3xf32>, %b: tensor<3x3xf32>) {
  %axis = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{value 1 has shape [3,3], which does not match value 0 [2,3] outside axis 1}}
  %0 = "tf.ConcatV2"(%a, %b, %axis) : (tensor<2x3xf32>, tensor<3x3xf32>, tensor<i32>) -> tensor<2x6xf32>
  func.return
}

// -----

func.func @unpack_num(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{num is 2, but dim 1 of value has size 3}}
  %0:2 = "tf.Unpack"(%x) <{num = 2 : i64, axis = 1 : i64}> : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  func.return
}

// -----

func.func @split_uneven(%x: tensor<5x3xf32>) {
  %axis = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{dim 0 of size 5 cannot be split into 2 equal parts}}
  %0:2 = "tf.Split"(%axis, %x) <{num_split = 2 : i64}> : (tensor<i32>, tensor<5x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  func.return
}

// -----

func.func @splitv_sum(%x: tensor<5x3xf32>) {
  %axis = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %sizes = "tf.Const"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{size_splits [1, 2] add up to 3, but the split dim has size 5}}
  %0:2 = "tf.SplitV"(%x, %sizes, %axis) <{num_split = 2 : i64}> : (tensor<5x3xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<1x3xf32>, tensor<2x3xf32>)
  func.return
}

// -----

func.func @slice_bounds(%x: tensor<4xf32>) {
  %b = "tf.Const"() <{value = dense<3> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{slice of dim 0 (size 4) from 3 with size 2 is out of bounds}}
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @strided_slice_shrink_bounds(%x: tensor<4xf32>) {
  %b = "tf.Const"() <{value = dense<4> : tensor<1xi32>}> : () -> tensor<1xi32>
  %e = "tf.Const"() <{value = dense<5> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{slice index 4 of dim 0 is out of bounds (size 4)}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) <{shrink_axis_mask = 1 : i64}> : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<f32>
  func.return
}

// -----

func.func @strided_slice_two_ellipses(%x: tensor<4x3xf32>) {
  %b = "tf.Const"() <{value = dense<0> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{multiple ellipses in the slice spec are not allowed}}
  %0 = "tf.StridedSlice"(%x, %b, %b, %s) <{ellipsis_mask = 3 : i64}> : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4x3xf32>
  func.return
}

// -----

func.func @strided_slice_zero_stride(%x: tensor<4xf32>) {
  %b = "tf.Const"() <{value = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{stride of dim 0 is zero}}
  %0 = "tf.StridedSlice"(%x, %b, %b, %b) : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<0xf32>
  func.return
}

// -----

func.func @pad_negative(%x: tensor<4xf32>) {
  %p = "tf.Const"() <{value = dense<[[-1, 0]]> : tensor<1x2xi32>}> : () -> tensor<1x2xi32>
  // expected-error @+1 {{paddings of dim 0 must be non-negative, found [-1, 0]}}
  %0 = "tf.Pad"(%x, %p) : (tensor<4xf32>, tensor<1x2xi32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @mirror_pad_too_wide(%x: tensor<3xf32>) {
  %p = "tf.Const"() <{value = dense<[[3, 0]]> : tensor<1x2xi32>}> : () -> tensor<1x2xi32>
  // expected-error @+1 {{paddings of dim 0 ([3, 0]) must be less than its size 3 in REFLECT mode}}
  %0 = "tf.MirrorPad"(%x, %p) <{mode = "REFLECT"}> : (tensor<3xf32>, tensor<1x2xi32>) -> tensor<6xf32>
  func.return
}

// -----

func.func @mirror_pad_mode(%x: tensor<3xf32>) {
  %p = "tf.Const"() <{value = dense<[[1, 0]]> : tensor<1x2xi32>}> : () -> tensor<1x2xi32>
  // expected-error @+1 {{mode must be REFLECT or SYMMETRIC, found 'WRAP'}}
  %0 = "tf.MirrorPad"(%x, %p) <{mode = "WRAP"}> : (tensor<3xf32>, tensor<1x2xi32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @broadcast_to_bad(%x: tensor<3xf32>) {
  %s = "tf.Const"() <{value = dense<[2, 4]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{cannot broadcast [3] to [2,4]}}
  %0 = "tf.BroadcastTo"(%x, %s) : (tensor<3xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @range_direction() {
  %s = "tf.Const"() <{value = dense<5> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{start (5) must be <= limit (1) when delta > 0}}
  %0 = "tf.Range"(%s, %l, %l) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<0xi32>
  func.return
}

// -----

func.func @one_hot_values(%i: tensor<3xi32>, %on: tensor<f32>, %off: tensor<i32>) {
  %d = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{on_value and off_value have different element types: f32 and i32}}
  %0 = "tf.OneHot"(%i, %d, %on, %off) : (tensor<3xi32>, tensor<i32>, tensor<f32>, tensor<i32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @space_to_batch_not_a_multiple(%x: tensor<1x5x3xf32>) {
  %b = "tf.Const"() <{value = dense<[2]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %p = "tf.Const"() <{value = dense<[[1, 1]]> : tensor<1x2xi32>}> : () -> tensor<1x2xi32>
  // expected-error @+1 {{dim 1 padded to 7 is not a multiple of its block size 2}}
  %0 = "tf.SpaceToBatchND"(%x, %b, %p) : (tensor<1x5x3xf32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<2x4x3xf32>
  func.return
}

// -----

func.func @space_to_batch_negative_padding(%x: tensor<1x5x3xf32>) {
  %b = "tf.Const"() <{value = dense<[2]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %p = "tf.Const"() <{value = dense<[[-1, 0]]> : tensor<1x2xi32>}> : () -> tensor<1x2xi32>
  // expected-error @+1 {{paddings must be non-negative, found [-1, 0]}}
  %0 = "tf.SpaceToBatchND"(%x, %b, %p) : (tensor<1x5x3xf32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<2x2x3xf32>
  func.return
}

// -----

func.func @space_to_batch_too_many_blocks(%x: tensor<1x4xf32>) {
  %b = "tf.Const"() <{value = dense<[2, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %p = "tf.Const"() <{value = dense<0> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  // expected-error @+1 {{block_shape must have 1 to 1 values (the dims after the batch of tensor<1x4xf32>), found 2}}
  %0 = "tf.SpaceToBatchND"(%x, %b, %p) : (tensor<1x4xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<4x2xf32>
  func.return
}

// -----

func.func @batch_to_space_batch(%x: tensor<3x4x3xf32>) {
  %b = "tf.Const"() <{value = dense<[2]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c = "tf.Const"() <{value = dense<0> : tensor<1x2xi32>}> : () -> tensor<1x2xi32>
  // expected-error @+1 {{batch 3 is not a multiple of the block sizes' product 2}}
  %0 = "tf.BatchToSpaceND"(%x, %b, %c) : (tensor<3x4x3xf32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<1x8x3xf32>
  func.return
}

// -----

func.func @batch_to_space_crops(%x: tensor<2x2x3xf32>) {
  %b = "tf.Const"() <{value = dense<[2]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c = "tf.Const"() <{value = dense<[[3, 2]]> : tensor<1x2xi32>}> : () -> tensor<1x2xi32>
  // expected-error @+1 {{crops [3, 2] of dim 1 exceed its size 4}}
  %0 = "tf.BatchToSpaceND"(%x, %b, %c) : (tensor<2x2x3xf32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<1x0x3xf32>
  func.return
}

// -----

func.func @depth_to_space_depth(%x: tensor<1x2x3x6xf32>) {
  // expected-error @+1 {{depth 6 is not a multiple of block_size^2 = 4}}
  %0 = "tf.DepthToSpace"(%x) <{block_size = 2 : i64, data_format = "NHWC"}> : (tensor<1x2x3x6xf32>) -> tensor<1x4x6x1xf32>
  func.return
}

// -----

func.func @space_to_depth_height(%x: tensor<1x5x4x2xf32>) {
  // expected-error @+1 {{height 5 is not a multiple of block_size 2}}
  %0 = "tf.SpaceToDepth"(%x) <{block_size = 2 : i64, data_format = "NHWC"}> : (tensor<1x5x4x2xf32>) -> tensor<1x2x2x8xf32>
  func.return
}

// -----

func.func @roll_lengths(%x: tensor<2x5xf32>) {
  %s = "tf.Const"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %a = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{shift and axis must have as many values, found 2 and 1}}
  %0 = "tf.Roll"(%x, %s, %a) : (tensor<2x5xf32>, tensor<2xi32>, tensor<i32>) -> tensor<2x5xf32>
  func.return
}

// -----

func.func @linspace_ints(%a: tensor<i32>, %b: tensor<i32>) {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{start and stop must be floats of one type, found tensor<i32> and tensor<i32>}}
  %0 = "tf.LinSpace"(%a, %b, %n) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3xi32>
  func.return
}

// -----

func.func @linspace_zero(%a: tensor<f32>, %b: tensor<f32>) {
  %n = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{num must be positive, found 0}}
  %0 = "tf.LinSpace"(%a, %b, %n) : (tensor<f32>, tensor<f32>, tensor<i32>) -> tensor<0xf32>
  func.return
}

// -----

func.func @reverse_sequence_same_dims(%x: tensor<2x3xf32>, %n: tensor<2xi32>) {
  // expected-error @+1 {{seq_dim and batch_dim must differ, both are 0}}
  %0 = "tf.ReverseSequence"(%x, %n) <{seq_dim = 0 : i64, batch_dim = 0 : i64}> : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @reverse_sequence_lengths_size(%x: tensor<2x3xf32>, %n: tensor<3xi32>) {
  // expected-error @+1 {{seq_lengths must be 1-D of size 2 (input dim 0), found tensor<3xi32>}}
  %0 = "tf.ReverseSequence"(%x, %n) <{seq_dim = 1 : i64, batch_dim = 0 : i64}> : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @diag_band(%d: tensor<3xf32>) {
  %k = "tf.Const"() <{value = dense<[0, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %r = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %p = "tf.Const"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  // expected-error @+1 {{k = [0, 1] is a band of diagonals; one diagonal (k0 == k1) is supported}}
  %0 = "tf.MatrixDiagV3"(%d, %k, %r, %r, %p) : (tensor<3xf32>, tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<3x3xf32>
  func.return
}

// -----

func.func @diag_does_not_fit(%d: tensor<3xf32>) {
  %k = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %r = "tf.Const"() <{value = dense<5> : tensor<i32>}> : () -> tensor<i32>
  %p = "tf.Const"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  // expected-error @+1 {{diagonal 0 of a 5x5 matrix has 5 elements, but the diagonal has 3}}
  %0 = "tf.MatrixDiagV3"(%d, %k, %r, %r, %p) : (tensor<3xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<5x5xf32>
  func.return
}

// -----

func.func @diag_pad_type(%d: tensor<3xf32>, %p: tensor<i32>) {
  %k = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %r = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{padding_value must be a scalar f32, found tensor<i32>}}
  %0 = "tf.MatrixDiagV3"(%d, %k, %r, %r, %p) : (tensor<3xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3x3xf32>
  func.return
}

// -----

func.func @diag_part_outside(%x: tensor<3x4xf32>) {
  %k = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %p = "tf.Const"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  // expected-error @+1 {{diagonal 4 is outside a 3x4 matrix}}
  %0 = "tf.MatrixDiagPartV3"(%x, %k, %p) : (tensor<3x4xf32>, tensor<i32>, tensor<f32>) -> tensor<1xf32>
  func.return
}

// -----

func.func @set_diag_length(%x: tensor<4x4xf32>, %d: tensor<3xf32>) {
  %k = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{diagonal 0 of input [4,4] needs a diagonal of shape [4], found [3]}}
  %0 = "tf.MatrixSetDiagV3"(%x, %d, %k) : (tensor<4x4xf32>, tensor<3xf32>, tensor<i32>) -> tensor<4x4xf32>
  func.return
}

// -----

func.func @diag_part_mismatch(%x: tensor<2x3x3x2xf32>) {
  // expected-error @+1 {{input must have an even rank 2k whose last k dims repeat its first k, found tensor<2x3x3x2xf32>}}
  %0 = "tf.DiagPart"(%x) : (tensor<2x3x3x2xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @diag_part_band_order(%x: tensor<3x3xf32>) {
  %k = "tf.Const"() <{value = dense<[1, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %p = "tf.Const"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  // expected-error @+1 {{k = [1, 0]: the first diagonal must not be above the second}}
  %0 = "tf.MatrixDiagPartV3"(%x, %k, %p) : (tensor<3x3xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @slice_to_the_end_at_run_time(%x: tensor<4x3xf32>, %b: tensor<2xi32>) {
  %s = "tf.Const"() <{value = dense<[2, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{size -1 (to the end) of dim 1 needs a constant begin (tf.Const) to know the result shape, found one known only at run time}}
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x?xf32>
  func.return
}

// -----

func.func @slice_size_at_run_time_too_large(%x: tensor<4x3xf32>, %b: tensor<2xi32>) {
  %s = "tf.Const"() <{value = dense<[5, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{slice of dim 0 (size 4) with size 5 is out of bounds}}
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<5x1xf32>
  func.return
}

// -----

func.func @strided_slice_range_at_run_time(%x: tensor<4xf32>, %i: tensor<i32>) {
  %b = "tf.Pack"(%i) <{axis = 0 : i64}> : (tensor<i32>) -> tensor<1xi32>
  %e = "tf.Const"() <{value = dense<3> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{entry 0 of the slice spec is a range whose begin is known only at run time: it must be a constant (tf.Const) to know the result shape (a run-time value may only index a dim, shrink_axis_mask)}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  func.return
}

// -----

func.func @strided_slice_index_of_empty_dim(%x: tensor<0x3xf32>, %i: tensor<i32>) {
  %b = "tf.Pack"(%i) <{axis = 0 : i64}> : (tensor<i32>) -> tensor<1xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{dim 0 of size 0 is indexed (shrink_axis_mask)}}
  %0 = "tf.StridedSlice"(%x, %b, %b, %s) <{shrink_axis_mask = 1 : i64}> : (tensor<0x3xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xf32>
  func.return
}
