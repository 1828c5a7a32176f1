// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @batch_matmul_contracting(%x: tensor<2x3x4xf32>, %y: tensor<2x5x6xf32>) {
  // expected-error @+1 {{contracting dims differ: x has 4, y has 5}}
  %0 = "tf.BatchMatMulV2"(%x, %y) : (tensor<2x3x4xf32>, tensor<2x5x6xf32>) -> tensor<2x3x6xf32>
  func.return
}

// -----

func.func @batch_matmul_batch(%x: tensor<2x3x4xf32>, %y: tensor<3x4x5xf32>) {
  // expected-error @+1 {{batch dims [2] and [3] do not broadcast}}
  %0 = "tf.BatchMatMulV2"(%x, %y) : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
  func.return
}

// -----

func.func @einsum_rank(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{term 'ijk' of equation 'ijk,jk->ik' names 3 dims, but its operand has rank 2}}
  %0 = "tf.Einsum"(%a, %b) <{equation = "ijk,jk->ik"}> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @einsum_diagonal(%a: tensor<3x4xf32>) {
  // A repeated label takes a diagonal: its dims must have one size.
  // expected-error @+1 {{label 'i' has sizes 3 and 4}}
  %0 = "tf.Einsum"(%a) <{equation = "ii->i"}> : (tensor<3x4xf32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @einsum_sizes(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{label 'j' has sizes 3 and 4}}
  %0 = "tf.Einsum"(%a, %b) <{equation = "ij,jk->ik"}> : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  func.return
}

// -----

func.func @conv_nchw(%x: tensor<1x2x5x5xf32>, %f: tensor<3x3x2x4xf32>) {
  // expected-error @+1 {{data_format 'NCHW' is not supported (only NHWC; the GraphDef importer turns NCHW Conv2D, DepthwiseConv2dNative, MaxPool and AvgPool of the main graph into NHWC ones between transposes, not those in functions)}}
  %0 = "tf.Conv2D"(%x, %f) <{strides = array<i64: 1, 1, 1, 1>, padding = "SAME", data_format = "NCHW"}> : (tensor<1x2x5x5xf32>, tensor<3x3x2x4xf32>) -> tensor<1x4x5x5xf32>
  func.return
}

// -----

func.func @conv_depth(%x: tensor<1x5x5x3xf32>, %f: tensor<3x3x2x4xf32>) {
  // expected-error @+1 {{input depth 3 must be a multiple of the filter's input depth 2}}
  %0 = "tf.Conv2D"(%x, %f) <{strides = array<i64: 1, 1, 1, 1>, padding = "SAME"}> : (tensor<1x5x5x3xf32>, tensor<3x3x2x4xf32>) -> tensor<1x5x5x4xf32>
  func.return
}

// -----

func.func @conv_strides(%x: tensor<1x5x5x2xf32>, %f: tensor<3x3x2x4xf32>) {
  // expected-error @+1 {{strides in the batch and depth dims must be 1, found [2, 1, 1, 1]}}
  %0 = "tf.Conv2D"(%x, %f) <{strides = array<i64: 2, 1, 1, 1>, padding = "SAME"}> : (tensor<1x5x5x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x5x5x4xf32>
  func.return
}

// -----

func.func @conv_padding(%x: tensor<1x5x5x2xf32>, %f: tensor<3x3x2x4xf32>) {
  // expected-error @+1 {{padding must be one of SAME, VALID, EXPLICIT, found 'FULL'}}
  %0 = "tf.Conv2D"(%x, %f) <{strides = array<i64: 1, 1, 1, 1>, padding = "FULL"}> : (tensor<1x5x5x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x5x5x4xf32>
  func.return
}

// -----

func.func @conv_explicit(%x: tensor<1x5x5x2xf32>, %f: tensor<3x3x2x4xf32>) {
  // expected-error @+1 {{explicit_paddings must have 8 non-negative entries, found [0, 0, 1, 1]}}
  %0 = "tf.Conv2D"(%x, %f) <{strides = array<i64: 1, 1, 1, 1>, padding = "EXPLICIT", explicit_paddings = array<i64: 0, 0, 1, 1>}> : (tensor<1x5x5x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x5x5x4xf32>
  func.return
}

// -----

func.func @depthwise_depth(%x: tensor<1x5x5x3xf32>, %f: tensor<3x3x2x1xf32>) {
  // expected-error @+1 {{input depth 3 does not match the filter's in_depth 2}}
  %0 = "tf.DepthwiseConv2dNative"(%x, %f) <{strides = array<i64: 1, 1, 1, 1>, padding = "SAME"}> : (tensor<1x5x5x3xf32>, tensor<3x3x2x1xf32>) -> tensor<1x5x5x2xf32>
  func.return
}

// -----

func.func @backprop_sizes(%f: tensor<3x3x2x3xf32>, %dy: tensor<1x3x3x3xf32>) {
  %s = "tf.Const"() <{value = dense<[1, 6, 7, 2]> : tensor<4xi32>}> : () -> tensor<4xi32>
  // expected-error @+1 {{out_backprop has shape [1,3,3,3], but input_sizes [1, 6, 7, 2] and the window imply [1,3,4,3]}}
  %0 = "tf.Conv2DBackpropInput"(%s, %f, %dy) <{strides = array<i64: 1, 2, 2, 1>, padding = "SAME"}> : (tensor<4xi32>, tensor<3x3x2x3xf32>, tensor<1x3x3x3xf32>) -> tensor<1x6x7x2xf32>
  func.return
}

// -----

func.func @pool_ksize(%x: tensor<1x4x4x2xf32>) {
  // expected-error @+1 {{ksize must have 4 positive entries with 1 in the batch and depth dims, found [2, 2, 2, 1]}}
  %0 = "tf.MaxPool"(%x) <{ksize = array<i64: 2, 2, 2, 1>, strides = array<i64: 1, 2, 2, 1>, padding = "VALID"}> : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  func.return
}

// -----

func.func @avg_pool_explicit(%x: tensor<1x4x4x2xf32>) {
  // expected-error @+1 {{padding must be one of SAME, VALID, found 'EXPLICIT'}}
  %0 = "tf.AvgPool"(%x) <{ksize = array<i64: 1, 2, 2, 1>, strides = array<i64: 1, 2, 2, 1>, padding = "EXPLICIT"}> : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  func.return
}

// -----

func.func @batch_norm_training(%x: tensor<2x3x3x4xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{is_training = true is not supported (inference only: batch statistics are not computed)}}
  %y:6 = "tf.FusedBatchNormV3"(%x, %s, %s, %s, %s) <{is_training = true}> : (tensor<2x3x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x3x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<0xf32>)
  func.return
}

// -----

func.func @batch_norm_channels(%x: tensor<2x3x3x4xf32>, %s: tensor<3xf32>) {
  // expected-error @+1 {{scale has 3 elements, but x has 4 channels}}
  %y:6 = "tf.FusedBatchNormV3"(%x, %s, %s, %s, %s) <{is_training = false}> : (tensor<2x3x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<0xf32>)
  func.return
}

// -----

func.func @resize_bilinear_both_modes(%x: tensor<1x2x3x1xf32>) {
  %s = "tf.Const"() <{value = dense<[4, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{align_corners and half_pixel_centers cannot both be true}}
  %0 = "tf.ResizeBilinear"(%x, %s) <{align_corners = true, half_pixel_centers = true}> : (tensor<1x2x3x1xf32>, tensor<2xi32>) -> tensor<1x4x3x1xf32>
  func.return
}

// -----

func.func @resize_bilinear_rank(%x: tensor<2x3x1xf32>) {
  %s = "tf.Const"() <{value = dense<[4, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{images must be a 4-D NHWC tensor, found tensor<2x3x1xf32>}}
  %0 = "tf.ResizeBilinear"(%x, %s) <{align_corners = false, half_pixel_centers = false}> : (tensor<2x3x1xf32>, tensor<2xi32>) -> tensor<4x3x1xf32>
  func.return
}

// -----

func.func @batch_matmul_v3_bools(%x: tensor<2x3xi1>, %y: tensor<3x4xi1>) {
  // expected-error @+1 {{x must have integer or float elements, found tensor<2x3xi1>}}
  %0 = "tf.BatchMatMulV3"(%x, %y) <{adj_x = false, adj_y = false}> : (tensor<2x3xi1>, tensor<3x4xi1>) -> tensor<2x4xi32>
  func.return
}

// -----

func.func @batch_matmul_v3_contracting(%x: tensor<2x3xi8>, %y: tensor<4x4xi8>) {
  // expected-error @+1 {{contracting dims differ: x has 3, y has 4}}
  %0 = "tf.BatchMatMulV3"(%x, %y) <{adj_x = false, adj_y = false}> : (tensor<2x3xi8>, tensor<4x4xi8>) -> tensor<2x4xi32>
  func.return
}

// -----

func.func @conv3d_ncdhw(%x: tensor<1x2x4x4x4xf32>, %f: tensor<2x2x2x2x3xf32>) {
  // expected-error @+1 {{data_format 'NCDHW' is not supported (only NDHWC)}}
  %0 = "tf.Conv3D"(%x, %f) <{strides = array<i64: 1, 1, 1, 1, 1>, padding = "VALID", data_format = "NCDHW"}> : (tensor<1x2x4x4x4xf32>, tensor<2x2x2x2x3xf32>) -> tensor<1x3x3x3x3xf32>
  func.return
}

// -----

func.func @conv3d_4d_input(%x: tensor<1x4x4x2xf32>, %f: tensor<2x2x2x2x3xf32>) {
  // expected-error @+1 {{input and filter must be 5-D, found tensor<1x4x4x2xf32> and tensor<2x2x2x2x3xf32>}}
  %0 = "tf.Conv3D"(%x, %f) <{strides = array<i64: 1, 1, 1, 1, 1>, padding = "VALID", data_format = "NDHWC"}> : (tensor<1x4x4x2xf32>, tensor<2x2x2x2x3xf32>) -> tensor<1x3x3x3x3xf32>
  func.return
}

// -----

func.func @maxpool3d_explicit(%x: tensor<1x4x4x4x2xf32>) {
  // expected-error @+1 {{padding must be one of SAME, VALID, found 'EXPLICIT'}}
  %0 = "tf.MaxPool3D"(%x) <{ksize = array<i64: 1, 2, 2, 2, 1>, strides = array<i64: 1, 2, 2, 2, 1>, padding = "EXPLICIT", data_format = "NDHWC"}> : (tensor<1x4x4x4x2xf32>) -> tensor<1x2x2x2x2xf32>
  func.return
}

// -----

func.func @maxpool3d_ksize(%x: tensor<1x4x4x4x2xf32>) {
  // expected-error @+1 {{ksize must have 5 positive entries with 1 in the batch and depth dims, found [1, 2, 2, 1]}}
  %0 = "tf.MaxPool3D"(%x) <{ksize = array<i64: 1, 2, 2, 1>, strides = array<i64: 1, 2, 2, 2, 1>, padding = "VALID", data_format = "NDHWC"}> : (tensor<1x4x4x4x2xf32>) -> tensor<1x2x2x2x2xf32>
  func.return
}

// -----

func.func @lrn_rank(%x: tensor<2x5xf32>) {
  // expected-error @+1 {{input must be a 4-d float tensor (NHWC), found tensor<2x5xf32>}}
  %0 = "tf.LRN"(%x) <{depth_radius = 1 : i64, bias = 1.0 : f32, alpha = 1.0 : f32, beta = 0.5 : f32}> : (tensor<2x5xf32>) -> tensor<2x5xf32>
  func.return
}

// -----

func.func @crop_and_resize_method(%x: tensor<1x8x8x3xf32>, %b: tensor<2x4xf32>, %i: tensor<2xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{method must be bilinear or nearest, found 'bicubic'}}
  %0 = "tf.CropAndResize"(%x, %b, %i, %s) <{method = "bicubic", extrapolation_value = 0.0 : f32}> : (tensor<1x8x8x3xf32>, tensor<2x4xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x?x?x3xf32>
  func.return
}

// -----

func.func @crop_and_resize_boxes(%x: tensor<1x8x8x3xf32>, %b: tensor<2x4xf32>, %i: tensor<3xi32>) {
  %s = "tf.Const"() <{value = dense<[5, 5]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{2 boxes but 3 box indices}}
  %0 = "tf.CropAndResize"(%x, %b, %i, %s) <{method = "bilinear", extrapolation_value = 0.0 : f32}> : (tensor<1x8x8x3xf32>, tensor<2x4xf32>, tensor<3xi32>, tensor<2xi32>) -> tensor<2x5x5x3xf32>
  func.return
}

// -----

func.func @crop_and_resize_box_shape(%x: tensor<1x8x8x3xf32>, %b: tensor<2x3xf32>, %i: tensor<2xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{boxes must be [num_boxes, 4], found tensor<2x3xf32>}}
  %0 = "tf.CropAndResize"(%x, %b, %i, %s) <{method = "bilinear", extrapolation_value = 0.0 : f32}> : (tensor<1x8x8x3xf32>, tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x?x?x3xf32>
  func.return
}

// -----

func.func @sparse_xent_labels(%f: tensor<4x5xf32>, %l: tensor<3xi32>) {
  // expected-error @+1 {{3 labels for 4 rows of features}}
  %0, %1 = "tf.SparseSoftmaxCrossEntropyWithLogits"(%f, %l) : (tensor<4x5xf32>, tensor<3xi32>) -> (tensor<4xf32>, tensor<4x5xf32>)
  func.return
}

// -----

func.func @xent_broadcast(%f: tensor<4x5xf32>, %l: tensor<3x5xf32>) {
  // expected-error @+1 {{labels tensor<3x5xf32> do not broadcast with features tensor<4x5xf32>}}
  %0, %1 = "tf.SoftmaxCrossEntropyWithLogits"(%f, %l) : (tensor<4x5xf32>, tensor<3x5xf32>) -> (tensor<4xf32>, tensor<4x5xf32>)
  func.return
}

// -----

func.func @l2_loss_int(%t: tensor<3xi32>) {
  // expected-error @+1 {{t must be a float tensor, found tensor<3xi32>}}
  %0 = "tf.L2Loss"(%t) : (tensor<3xi32>) -> tensor<i32>
  func.return
}

// -----

func.func @scale_and_translate_kernel(%x: tensor<1x4x4x1xf32>, %s: tensor<2xi32>, %f: tensor<2xf32>) {
  // expected-error @+1 {{kernel_type must be one of lanczos1, lanczos3, lanczos5, gaussian, box, triangle, keyscubic, mitchellcubic, found 'cubic'}}
  %0 = "tf.ScaleAndTranslate"(%x, %s, %f, %f) <{kernel_type = "cubic"}> : (tensor<1x4x4x1xf32>, tensor<2xi32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x?x?x1xf32>
  func.return
}

// -----

func.func @rgb_not_three_channels(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{images must be float with a last dim of 3, found tensor<2x4xf32>}}
  %0 = "tf.RGBToHSV"(%x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @adjust_hue_vector(%x: tensor<4x3xf32>, %d: tensor<2xf32>) {
  // expected-error @+1 {{the adjustment must be an f32 scalar, found tensor<2xf32>}}
  %0 = "tf.AdjustHue"(%x, %d) : (tensor<4x3xf32>, tensor<2xf32>) -> tensor<4x3xf32>
  func.return
}

// -----

func.func @dilation_depth(%x: tensor<1x4x4x2xf32>, %f: tensor<3x3x3xf32>) {
  // expected-error @+1 {{filter depth 3 must be the input's tensor<1x4x4x2xf32>}}
  %0 = "tf.Dilation2D"(%x, %f) <{strides = array<i64: 1, 1, 1, 1>, rates = array<i64: 1, 1, 1, 1>, padding = "SAME"}> : (tensor<1x4x4x2xf32>, tensor<3x3x3xf32>) -> tensor<1x4x4x2xf32>
  func.return
}

// -----

func.func @argmax_pool_index_type(%x: tensor<1x4x4x2xf32>) {
  // expected-error @+1 {{argmax must be int32 or int64, found f32}}
  %0, %1 = "tf.MaxPoolWithArgmax"(%x) <{ksize = array<i64: 1, 2, 2, 1>, strides = array<i64: 1, 2, 2, 1>, padding = "VALID"}> : (tensor<1x4x4x2xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>)
  func.return
}

// -----

func.func @argmax_pool_explicit(%x: tensor<1x4x4x2xf32>) {
  // expected-error @+1 {{padding must be one of SAME, VALID, found 'EXPLICIT'}}
  %0, %1 = "tf.MaxPoolWithArgmax"(%x) <{ksize = array<i64: 1, 2, 2, 1>, strides = array<i64: 1, 2, 2, 1>, padding = "EXPLICIT"}> : (tensor<1x4x4x2xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>)
  func.return
}
