// RUN: strata-opt %s -p convert-tf-to-hlo --split-input-file | filecheck %s

// Batch dims broadcast to [2, 3] (y gains a leading unit dim first); adj_y contracts y's last dim.
// CHECK-LABEL: func.func @batch_matmul_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<2x1x3x4xf32>, %[[Y:.*]]: tensor<3x5x4xf32>)
// CHECK-NEXT:   %[[XB:.*]] = hlo.broadcast_in_dim %[[X]], dims = [0, 1, 2, 3] : (tensor<2x1x3x4xf32>) -> tensor<2x3x3x4xf32>
// CHECK-NEXT:   %[[YR:.*]] = hlo.reshape %[[Y]] : (tensor<3x5x4xf32>) -> tensor<1x3x5x4xf32>
// CHECK-NEXT:   %[[YB:.*]] = hlo.broadcast_in_dim %[[YR]], dims = [0, 1, 2, 3] : (tensor<1x3x5x4xf32>) -> tensor<2x3x5x4xf32>
// CHECK-NEXT:   %[[D:.*]] = hlo.dot_general %[[XB]], %[[YB]], batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3] : (tensor<2x3x3x4xf32>, tensor<2x3x5x4xf32>) -> tensor<2x3x3x5xf32>
// CHECK-NEXT:   func.return %[[D]]
func.func @batch_matmul_broadcast(%x: tensor<2x1x3x4xf32>, %y: tensor<3x5x4xf32>) -> tensor<2x3x3x5xf32> {
  %0 = "tf.BatchMatMulV2"(%x, %y) <{adj_x = false, adj_y = true}> : (tensor<2x1x3x4xf32>, tensor<3x5x4xf32>) -> tensor<2x3x3x5xf32>
  func.return %0 : tensor<2x3x3x5xf32>
}

// -----

// A label repeated in a term takes the diagonal: the elements off it become 0 (a select, so an
// inf there stays out), summed over the second occurrence; 'bii->bi' ends there.
// CHECK-LABEL: func.func @einsum_diagonal
// CHECK-NEXT:   %[[R:.*]] = hlo.iota dim = 1 : tensor<2x3x3xi32>
// CHECK-NEXT:   %[[C:.*]] = hlo.iota dim = 2 : tensor<2x3x3xi32>
// CHECK-NEXT:   %[[ON:.*]] = hlo.compare EQ, %[[R]], %[[C]], SIGNED
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<2x3x3xf32>
// CHECK-NEXT:   %[[S:.*]] = hlo.select %[[ON]], %{{.*}}, %[[Z]]
// CHECK-NEXT:   %[[I:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[D:.*]] = hlo.reduce(%[[S]] init: %[[I]]) applies hlo.add across dimensions = [2] : (tensor<2x3x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:   func.return %[[D]]
func.func @einsum_diagonal(%x: tensor<2x3x3xf32>) -> tensor<2x3xf32> {
  %0 = "tf.Einsum"(%x) <{equation = "bii->bi"}> : (tensor<2x3x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// Keras MultiHeadAttention's scores: a, c batch; d contracted; then (a, c, e, b) -> (a, c, b, e).
// CHECK-LABEL: func.func @einsum_attention
// CHECK-SAME: (%[[Q:.*]]: tensor<2x3x2x4xf32>, %[[K:.*]]: tensor<2x5x2x4xf32>)
// CHECK-NEXT:   %[[D:.*]] = hlo.dot_general %[[Q]], %[[K]], batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3] : (tensor<2x3x2x4xf32>, tensor<2x5x2x4xf32>) -> tensor<2x2x3x5xf32>
// CHECK-NEXT:   %[[T:.*]] = hlo.transpose %[[D]], dims = [0, 1, 3, 2] : (tensor<2x2x3x5xf32>) -> tensor<2x2x5x3xf32>
// CHECK-NEXT:   func.return %[[T]]
func.func @einsum_attention(%q: tensor<2x3x2x4xf32>, %k: tensor<2x5x2x4xf32>) -> tensor<2x2x5x3xf32> {
  %0 = "tf.Einsum"(%q, %k) <{equation = "aecd,abcd->acbe"}> : (tensor<2x3x2x4xf32>, tensor<2x5x2x4xf32>) -> tensor<2x2x5x3xf32>
  func.return %0 : tensor<2x2x5x3xf32>
}

// -----

// SAME with stride 2: out = ceil(in / 2); the odd padding element goes after.
// CHECK-LABEL: func.func @conv2d_same
// CHECK-SAME: (%[[X:.*]]: tensor<1x6x7x2xf32>, %[[F:.*]]: tensor<3x3x2x3xf32>)
// CHECK-NEXT:   %[[C:.*]] = hlo.convolution(%[[X]], %[[F]]) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = {{\[\[}}0, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x7x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x3x4x3xf32>
// CHECK-NEXT:   func.return %[[C]]
func.func @conv2d_same(%x: tensor<1x6x7x2xf32>, %f: tensor<3x3x2x3xf32>) -> tensor<1x3x4x3xf32> {
  %0 = "tf.Conv2D"(%x, %f) <{strides = array<i64: 1, 2, 2, 1>, padding = "SAME"}> : (tensor<1x6x7x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x3x4x3xf32>
  func.return %0 : tensor<1x3x4x3xf32>
}

// -----

// Depthwise: the [h, w, c, m] filter becomes [h, w, 1, c * m], one feature group per channel.
// CHECK-LABEL: func.func @depthwise
// CHECK-SAME: (%[[X:.*]]: tensor<1x6x7x2xf32>, %[[F:.*]]: tensor<3x3x2x2xf32>)
// CHECK-NEXT:   %[[R:.*]] = hlo.reshape %[[F]] : (tensor<3x3x2x2xf32>) -> tensor<3x3x1x4xf32>
// CHECK-NEXT:   %[[C:.*]] = hlo.convolution(%[[X]], %[[R]]) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = {{\[\[}}0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x6x7x2xf32>, tensor<3x3x1x4xf32>) -> tensor<1x4x5x4xf32>
// CHECK-NEXT:   func.return %[[C]]
func.func @depthwise(%x: tensor<1x6x7x2xf32>, %f: tensor<3x3x2x2xf32>) -> tensor<1x4x5x4xf32> {
  %0 = "tf.DepthwiseConv2dNative"(%x, %f) <{strides = array<i64: 1, 1, 1, 1>, padding = "VALID"}> : (tensor<1x6x7x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x4x5x4xf32>
  func.return %0 : tensor<1x4x5x4xf32>
}

// -----

// The input gradient: dy dilated by the strides, the window reversed, the filter's depths swapped.
// CHECK-LABEL: func.func @conv_transpose
// CHECK-SAME: (%[[F:.*]]: tensor<3x3x2x3xf32>, %[[DY:.*]]: tensor<1x3x4x3xf32>)
// CHECK:        %[[C:.*]] = hlo.convolution(%[[DY]], %[[F]]) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = {{\[\[}}2, 1], [1, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [true, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x4x3xf32>, tensor<3x3x2x3xf32>) -> tensor<1x6x7x2xf32>
// CHECK-NEXT:   func.return %[[C]]
func.func @conv_transpose(%f: tensor<3x3x2x3xf32>, %dy: tensor<1x3x4x3xf32>) -> tensor<1x6x7x2xf32> {
  %s = "tf.Const"() <{value = dense<[1, 6, 7, 2]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %0 = "tf.Conv2DBackpropInput"(%s, %f, %dy) <{strides = array<i64: 1, 2, 2, 1>, padding = "SAME"}> : (tensor<4xi32>, tensor<3x3x2x3xf32>, tensor<1x3x4x3xf32>) -> tensor<1x6x7x2xf32>
  func.return %0 : tensor<1x6x7x2xf32>
}

// -----

// The same over three spatial dims (Keras Conv3DTranspose), input_sizes given as the spatial dims.
// CHECK-LABEL: func.func @conv3d_transpose
// CHECK-SAME: (%[[F:.*]]: tensor<3x2x3x3x4xf32>, %[[DY:.*]]: tensor<2x3x4x3x4xf32>)
// CHECK:        %[[C:.*]] = hlo.convolution(%[[DY]], %[[F]]) dim_numbers = [b, 0, 1, 2, f]x[0, 1, 2, o, i]->[b, 0, 1, 2, f], window = {stride = [1, 1, 1], pad = {{\[\[}}1, 1], [1, 0], [2, 1]], lhs_dilate = [2, 1, 2], rhs_dilate = [1, 1, 1], reverse = [true, true, true]} {{.*}} : (tensor<2x3x4x3x4xf32>, tensor<3x2x3x3x4xf32>) -> tensor<2x5x4x6x3xf32>
// CHECK-NEXT:   func.return %[[C]]
func.func @conv3d_transpose(%f: tensor<3x2x3x3x4xf32>, %dy: tensor<2x3x4x3x4xf32>) -> tensor<2x5x4x6x3xf32> {
  %s = "tf.Const"() <{value = dense<[5, 4, 6]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %0 = "tf.Conv3DBackpropInputV2"(%s, %f, %dy) <{strides = array<i64: 1, 2, 1, 2, 1>, padding = "SAME", data_format = "NDHWC", dilations = array<i64: 1, 1, 1, 1, 1>}> : (tensor<3xi32>, tensor<3x2x3x3x4xf32>, tensor<2x3x4x3x4xf32>) -> tensor<2x5x4x6x3xf32>
  func.return %0 : tensor<2x5x4x6x3xf32>
}

// -----

// MaxPool: padding is -inf, the init value, so it never wins.
// CHECK-LABEL: func.func @max_pool
// CHECK-SAME: (%[[X:.*]]: tensor<1x5x5x2xf32>)
// CHECK-NEXT:   %[[INIT:.*]] = hlo.constant dense<0xff800000> : tensor<f32>
// CHECK-NEXT:   %[[P:.*]] = "hlo.reduce_window"(%[[X]], %[[INIT]]) <{window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>, padding = dense<{{\[\[}}0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>}> ({
// CHECK:          hlo.maximum
// CHECK:        func.return %[[P]]
func.func @max_pool(%x: tensor<1x5x5x2xf32>) -> tensor<1x3x3x2xf32> {
  %0 = "tf.MaxPool"(%x) <{ksize = array<i64: 1, 3, 3, 1>, strides = array<i64: 1, 2, 2, 1>, padding = "SAME"}> : (tensor<1x5x5x2xf32>) -> tensor<1x3x3x2xf32>
  func.return %0 : tensor<1x3x3x2xf32>
}

// -----

// AvgPool SAME divides each window's sum by its count of elements inside the input (corners: 4).
// CHECK-LABEL: func.func @avg_pool_same
// CHECK-SAME: (%[[X:.*]]: tensor<1x5x5x2xf32>)
// CHECK-NEXT:   %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[S:.*]] = "hlo.reduce_window"(%[[X]], %[[ZERO]])
// CHECK:          hlo.add
// CHECK:        %[[N:.*]] = hlo.constant dense<{{\[\[}}4.000000e+00, 6.000000e+00, 4.000000e+00], [6.000000e+00, 9.000000e+00, 6.000000e+00], [4.000000e+00, 6.000000e+00, 4.000000e+00]]> : tensor<3x3xf32>
// CHECK-NEXT:   %[[NB:.*]] = hlo.broadcast_in_dim %[[N]], dims = [1, 2] : (tensor<3x3xf32>) -> tensor<1x3x3x2xf32>
// CHECK-NEXT:   %[[A:.*]] = hlo.divide %[[S]], %[[NB]] : tensor<1x3x3x2xf32>
// CHECK-NEXT:   func.return %[[A]]
func.func @avg_pool_same(%x: tensor<1x5x5x2xf32>) -> tensor<1x3x3x2xf32> {
  %0 = "tf.AvgPool"(%x) <{ksize = array<i64: 1, 3, 3, 1>, strides = array<i64: 1, 2, 2, 1>, padding = "SAME"}> : (tensor<1x5x5x2xf32>) -> tensor<1x3x3x2xf32>
  func.return %0 : tensor<1x3x3x2xf32>
}

// -----

// Inference batch norm, in TF's order: factor = scale * rsqrt(var + eps); y = x * factor + (offset - mean * factor).
// CHECK-LABEL: func.func @batch_norm
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x3x4xf32>, %[[S:.*]]: tensor<4xf32>, %[[O:.*]]: tensor<4xf32>, %[[M:.*]]: tensor<4xf32>, %[[V:.*]]: tensor<4xf32>)
// CHECK-NEXT:   %[[EPS:.*]] = hlo.constant dense<1.000000e-03> : tensor<f32>
// CHECK-NEXT:   %[[EPSB:.*]] = hlo.broadcast_in_dim %[[EPS]], dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:   %[[VE:.*]] = hlo.add %[[V]], %[[EPSB]] : tensor<4xf32>
// CHECK-NEXT:   %[[INV:.*]] = hlo.rsqrt %[[VE]] : tensor<4xf32>
// CHECK-NEXT:   %[[FAC:.*]] = hlo.multiply %[[S]], %[[INV]] : tensor<4xf32>
// CHECK-NEXT:   %[[MF:.*]] = hlo.multiply %[[M]], %[[FAC]] : tensor<4xf32>
// CHECK-NEXT:   %[[SH:.*]] = hlo.subtract %[[O]], %[[MF]] : tensor<4xf32>
// CHECK-NEXT:   %[[FB:.*]] = hlo.broadcast_in_dim %[[FAC]], dims = [3] : (tensor<4xf32>) -> tensor<2x3x3x4xf32>
// CHECK-NEXT:   %[[XF:.*]] = hlo.multiply %[[X]], %[[FB]] : tensor<2x3x3x4xf32>
// CHECK-NEXT:   %[[SB:.*]] = hlo.broadcast_in_dim %[[SH]], dims = [3] : (tensor<4xf32>) -> tensor<2x3x3x4xf32>
// CHECK-NEXT:   %[[Y:.*]] = hlo.add %[[XF]], %[[SB]] : tensor<2x3x3x4xf32>
// CHECK-NEXT:   func.return %[[Y]]
func.func @batch_norm(%x: tensor<2x3x3x4xf32>, %s: tensor<4xf32>, %o: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<2x3x3x4xf32> {
  %y:6 = "tf.FusedBatchNormV3"(%x, %s, %o, %m, %v) <{epsilon = 0.001 : f32, is_training = false}> : (tensor<2x3x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x3x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<0xf32>)
  func.return %y#0 : tensor<2x3x3x4xf32>
}

// -----

// ResizeBilinear: each output reads two source rows and two source columns (half-pixel
// centers: output row 1 of 4 sits at 0.25, rows 0 and 1 with weight 0.25 on row 1; row 0 at
// -0.25 clamps both taps to row 0), gathered, then blended as TensorFlow's kernel blends them:
// top = tl + (tr - tl) * x_lerp, bottom likewise, top + (bottom - top) * y_lerp.
// CHECK-LABEL: func.func @resize_bilinear
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x3x1xf32>)
// CHECK-NEXT:   %[[YL:.*]] = hlo.constant dense<[0, 0, 0, 1]> : tensor<4xi32>
// CHECK-NEXT:   %[[TOP_ROWS:.*]] = "hlo.gather"(%[[X]], %[[YL]]) {{.*}} -> tensor<1x4x3x1xf32>
// CHECK-NEXT:   %[[YU:.*]] = hlo.constant dense<[0, 1, 1, 1]> : tensor<4xi32>
// CHECK-NEXT:   %[[BOTTOM_ROWS:.*]] = "hlo.gather"(%[[X]], %[[YU]])
// CHECK:        %[[TL:.*]] = "hlo.gather"(%[[TOP_ROWS]], %{{.*}}) {{.*}} -> tensor<1x4x3x1xf32>
// CHECK:        %[[TR:.*]] = "hlo.gather"(%[[TOP_ROWS]], %{{.*}})
// CHECK:        %[[BL:.*]] = "hlo.gather"(%[[BOTTOM_ROWS]], %{{.*}})
// CHECK:        %[[BR:.*]] = "hlo.gather"(%[[BOTTOM_ROWS]], %{{.*}})
// CHECK:        %[[XLERP:.*]] = hlo.broadcast_in_dim %{{.*}}, dims = [2]
// CHECK-NEXT:   %[[D:.*]] = hlo.subtract %[[TR]], %[[TL]]
// CHECK-NEXT:   %[[DX:.*]] = hlo.multiply %[[D]], %[[XLERP]]
// CHECK-NEXT:   %[[TOP:.*]] = hlo.add %[[TL]], %[[DX]]
// CHECK:        %[[BOTTOM:.*]] = hlo.add %[[BL]], %{{.*}}
// CHECK-NEXT:   %[[DY:.*]] = hlo.subtract %[[BOTTOM]], %[[TOP]]
// CHECK-NEXT:   %[[YW:.*]] = hlo.constant dense<[7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01]> : tensor<4xf32>
// CHECK-NEXT:   %[[YLERP:.*]] = hlo.broadcast_in_dim %[[YW]], dims = [1]
// CHECK-NEXT:   %[[M:.*]] = hlo.multiply %[[DY]], %[[YLERP]]
// CHECK-NEXT:   %[[R:.*]] = hlo.add %[[TOP]], %[[M]]
// CHECK-NEXT:   func.return %[[R]]
func.func @resize_bilinear(%x: tensor<1x2x3x1xf32>) -> tensor<1x4x3x1xf32> {
  %s = "tf.Const"() <{value = dense<[4, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.ResizeBilinear"(%x, %s) <{align_corners = false, half_pixel_centers = true}> : (tensor<1x2x3x1xf32>, tensor<2xi32>) -> tensor<1x4x3x1xf32>
  func.return %0 : tensor<1x4x3x1xf32>
}

// -----

// ScaleAndTranslate: separable and linear too. Shrinking 4 rows to 2 with the triangle kernel,
// antialiased, widens it to a radius of 2: output row 0 samples at 1.0 and weighs rows 0, 1, 2
// by 0.75, 0.75, 0.25 (normalised: 3/7, 3/7, 1/7); the columns keep their size (identity).
// CHECK-LABEL: func.func @scale_and_translate
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x2x1xf32>)
// CHECK-NEXT:   %[[RH:.*]] = hlo.constant dense<{{\[\[}}0.428571433, 0.428571433, 0.142857149, 0.000000e+00], [0.000000e+00, 0.142857149, 0.428571433, 0.428571433]]> : tensor<2x4xf32>
// CHECK-NEXT:   %[[RW:.*]] = hlo.constant dense<{{\[\[}}1.000000e+00, 0.000000e+00], [0.000000e+00, 1.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT:   %[[H:.*]] = hlo.dot_general %[[RH]], %[[X]], contracting_dims = [1] x [1]
// CHECK-NEXT:   %[[W:.*]] = hlo.dot_general %[[RW]], %[[H]], contracting_dims = [1] x [2]
// CHECK-NEXT:   %[[T:.*]] = hlo.transpose %[[W]], dims = [2, 1, 0, 3] : (tensor<2x2x1x1xf32>) -> tensor<1x2x2x1xf32>
// CHECK-NEXT:   func.return %[[T]]
func.func @scale_and_translate(%x: tensor<1x4x2x1xf32>) -> tensor<1x2x2x1xf32> {
  %size = "tf.Const"() <{value = dense<[2, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %scale = "tf.Const"() <{value = dense<[0.5, 1.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %shift = "tf.Const"() <{value = dense<0.0> : tensor<2xf32>}> : () -> tensor<2xf32>
  %0 = "tf.ScaleAndTranslate"(%x, %size, %scale, %shift) <{kernel_type = "triangle", antialias = true}> : (tensor<1x4x2x1xf32>, tensor<2xi32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

// ResizeNearestNeighbor: a gather of rows at constant indices (half-pixel: floor((i + 0.5) / 2)
// = 0, 0, 1, 1); the columns keep their size and order, so no second gather.
// CHECK-LABEL: func.func @resize_nearest
// CHECK-NEXT:   %[[I:.*]] = hlo.constant dense<[0, 0, 1, 1]> : tensor<4xi32>
// CHECK-NEXT:   %[[G:.*]] = "hlo.gather"(%x, %[[I]]) <{dimension_numbers = #hlo.gather<offset_dims = [0, 2, 3], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 3, 1>}> : (tensor<1x2x3x1xi32>, tensor<4xi32>) -> tensor<1x4x3x1xi32>
// CHECK-NEXT:   func.return %[[G]]
func.func @resize_nearest(%x: tensor<1x2x3x1xi32>) -> tensor<1x4x3x1xi32> {
  %s = "tf.Const"() <{value = dense<[4, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.ResizeNearestNeighbor"(%x, %s) <{align_corners = false, half_pixel_centers = true}> : (tensor<1x2x3x1xi32>, tensor<2xi32>) -> tensor<1x4x3x1xi32>
  func.return %0 : tensor<1x4x3x1xi32>
}

// -----

// BatchMatMulV3: int8 operands converted to the int32 result type before the dot_general (so
// products and sums are int32, as TensorFlow computes them); then BatchMatMulV2's lowering.
// CHECK-LABEL: func.func @batch_matmul_v3
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xi8>, %[[Y:.*]]: tensor<4x5xi8>)
// CHECK-NEXT:   %[[X32:.*]] = hlo.convert %[[X]] : (tensor<2x3x4xi8>) -> tensor<2x3x4xi32>
// CHECK-NEXT:   %[[Y32:.*]] = hlo.convert %[[Y]] : (tensor<4x5xi8>) -> tensor<4x5xi32>
// CHECK-NEXT:   %[[Y3:.*]] = hlo.reshape %[[Y32]] : (tensor<4x5xi32>) -> tensor<1x4x5xi32>
// CHECK-NEXT:   %[[YB:.*]] = hlo.broadcast_in_dim %[[Y3]], dims = [0, 1, 2] : (tensor<1x4x5xi32>) -> tensor<2x4x5xi32>
// CHECK-NEXT:   %[[D:.*]] = hlo.dot_general %[[X32]], %[[YB]], batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xi32>, tensor<2x4x5xi32>) -> tensor<2x3x5xi32>
// CHECK-NEXT:   func.return %[[D]]
func.func @batch_matmul_v3(%x: tensor<2x3x4xi8>, %y: tensor<4x5xi8>) -> tensor<2x3x5xi32> {
  %0 = "tf.BatchMatMulV3"(%x, %y) <{adj_x = false, adj_y = false}> : (tensor<2x3x4xi8>, tensor<4x5xi8>) -> tensor<2x3x5xi32>
  func.return %0 : tensor<2x3x5xi32>
}

// -----

// TensorFlow 1's BatchMatMul is BatchMatMulV2 (equal batch dims).
// CHECK-LABEL: func.func @batch_matmul_v1
// CHECK-NEXT:   %[[D:.*]] = hlo.dot_general %{{.*}}, %{{.*}}, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT:   func.return %[[D]]
func.func @batch_matmul_v1(%x: tensor<2x3x4xf32>, %y: tensor<2x5x4xf32>) -> tensor<2x3x5xf32> {
  %0 = "tf.BatchMatMul"(%x, %y) <{adj_x = false, adj_y = true}> : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x3x5xf32>
  func.return %0 : tensor<2x3x5xf32>
}

// -----

// Conv3D: three spatial dims, NDHWC x DHWIO; SAME pads the strided depth dim as TF does.
// CHECK-LABEL: func.func @conv3d
// CHECK-NEXT:   %[[C:.*]] = hlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, 2, f]x[0, 1, 2, i, o]->[b, 0, 1, 2, f], window = {stride = [2, 1, 1], pad = {{\[}}[0, 0], [0, 1], [0, 1]], rhs_dilate = [1, 1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x4x2xf32>, tensor<2x2x2x2x3xf32>) -> tensor<1x2x4x4x3xf32>
// CHECK-NEXT:   func.return %[[C]]
func.func @conv3d(%x: tensor<1x4x4x4x2xf32>, %f: tensor<2x2x2x2x3xf32>) -> tensor<1x2x4x4x3xf32> {
  %0 = "tf.Conv3D"(%x, %f) <{strides = array<i64: 1, 2, 1, 1, 1>, padding = "SAME", data_format = "NDHWC"}> : (tensor<1x4x4x4x2xf32>, tensor<2x2x2x2x3xf32>) -> tensor<1x2x4x4x3xf32>
  func.return %0 : tensor<1x2x4x4x3xf32>
}

// -----

// AvgPool3D with SAME: the divisor counts each window's elements inside the input (8 for the
// first depth window, 4 for the padded one), an outer product of per-dim counts.
// CHECK-LABEL: func.func @avgpool3d
// CHECK:        %[[SUM:.*]] = "hlo.reduce_window"(%{{.*}}, %{{.*}}) <{window_dimensions = array<i64: 1, 2, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 2, 1>, padding = dense<{{\[}}[0, 0], [0, 1], [0, 0], [0, 0], [0, 0]]> : tensor<5x2xi64>}>
// CHECK:        %[[N:.*]] = hlo.constant dense<{{\[\[\[}}8.000000e+00]], {{\[\[}}4.000000e+00]]]> : tensor<2x1x1xf32>
// CHECK-NEXT:   %[[NB:.*]] = hlo.broadcast_in_dim %[[N]], dims = [1, 2, 3] : (tensor<2x1x1xf32>) -> tensor<1x2x1x1x1xf32>
// CHECK-NEXT:   %[[AVG:.*]] = hlo.divide %[[SUM]], %[[NB]] : tensor<1x2x1x1x1xf32>
// CHECK-NEXT:   func.return %[[AVG]]
func.func @avgpool3d(%x: tensor<1x3x2x2x1xf32>) -> tensor<1x2x1x1x1xf32> {
  %0 = "tf.AvgPool3D"(%x) <{ksize = array<i64: 1, 2, 2, 2, 1>, strides = array<i64: 1, 2, 2, 2, 1>, padding = "SAME", data_format = "NDHWC"}> : (tensor<1x3x2x2x1xf32>) -> tensor<1x2x1x1x1xf32>
  func.return %0 : tensor<1x2x1x1x1xf32>
}

// -----

// LRN: the squares summed over a window of 2r + 1 channels (padded by r at both ends), then
// x / (bias + alpha * sum) ^ beta.
// CHECK-LABEL: func.func @lrn
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x2x5xf32>)
// CHECK-NEXT:   %[[SQ:.*]] = hlo.multiply %[[X]], %[[X]] : tensor<1x2x2x5xf32>
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[S:.*]] = "hlo.reduce_window"(%[[SQ]], %[[Z]]) <{window_dimensions = array<i64: 1, 1, 1, 3>, window_strides = array<i64: 1, 1, 1, 1>, padding = dense<{{\[\[}}0, 0], [0, 0], [0, 0], [1, 1]]> : tensor<4x2xi64>}> ({
// CHECK:          hlo.add
// CHECK:        %[[A:.*]] = hlo.constant dense<5.000000e-01> : tensor<1x2x2x5xf32>
// CHECK-NEXT:   %[[AS:.*]] = hlo.multiply %[[A]], %[[S]]
// CHECK-NEXT:   %[[B:.*]] = hlo.constant dense<2.000000e+00> : tensor<1x2x2x5xf32>
// CHECK-NEXT:   %[[D:.*]] = hlo.add %[[B]], %[[AS]]
// CHECK-NEXT:   %[[E:.*]] = hlo.constant dense<7.500000e-01> : tensor<1x2x2x5xf32>
// CHECK-NEXT:   %[[P:.*]] = hlo.power %[[D]], %[[E]]
// CHECK-NEXT:   %[[Y:.*]] = hlo.divide %[[X]], %[[P]]
// CHECK-NEXT:   func.return %[[Y]]
func.func @lrn(%x: tensor<1x2x2x5xf32>) -> tensor<1x2x2x5xf32> {
  %0 = "tf.LRN"(%x) <{depth_radius = 1 : i64, bias = 2.0 : f32, alpha = 0.5 : f32, beta = 0.75 : f32}> : (tensor<1x2x2x5xf32>) -> tensor<1x2x2x5xf32>
  func.return %0 : tensor<1x2x2x5xf32>
}

// -----

// ResizeBicubic is separable and linear like ResizeBilinear: one constant matrix per axis. Two
// rows up to three with half-pixel centers: the outer rows' source points lie outside the
// image, so only two of their four taps are inside and their weights are renormalised to sum
// to 1; an unchanged width is the identity.
// CHECK-LABEL: func.func @resize_bicubic
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x3x1xf32>)
// CHECK-NEXT:   %[[RH:.*]] = hlo.constant dense<{{\[\[}}1.06588876, -0.065888837], [5.000000e-01, 5.000000e-01], [-0.065888837, 1.06588876]]> : tensor<3x2xf32>
// CHECK-NEXT:   %[[RW:.*]] = hlo.constant dense<{{\[\[}}1.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 1.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 1.000000e+00]]> : tensor<3x3xf32>
// CHECK-NEXT:   %[[H:.*]] = hlo.dot_general %[[RH]], %[[X]], contracting_dims = [1] x [1]
// CHECK-NEXT:   %[[W:.*]] = hlo.dot_general %[[RW]], %[[H]], contracting_dims = [1] x [2]
// CHECK-NEXT:   %[[Y:.*]] = hlo.transpose %[[W]], dims = [2, 1, 0, 3]
// CHECK-NEXT:   func.return %[[Y]]
func.func @resize_bicubic(%x: tensor<1x2x3x1xf32>) -> tensor<1x3x3x1xf32> {
  %s = "tf.Const"() <{value = dense<[3, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.ResizeBicubic"(%x, %s) <{align_corners = false, half_pixel_centers = true}> : (tensor<1x2x3x1xf32>, tensor<2xi32>) -> tensor<1x3x3x1xf32>
  func.return %0 : tensor<1x3x3x1xf32>
}

// -----

// ResizeArea: the same two products with coverage matrices, then 1 / (s_h s_w). Four rows to
// three (s = 4/3): output row 0 covers row 0 and a third of row 1, row 1 two thirds of rows 1
// and 2, row 2 a third of row 2 and row 3; each row's coverage sums to s, so the result is
// the mean times 3/4.
// CHECK-LABEL: func.func @resize_area
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x2x1xf32>)
// CHECK-NEXT:   %[[RH:.*]] = hlo.constant dense<{{\[\[}}1.000000e+00, 0.333333373, 0.000000e+00, 0.000000e+00], [0.000000e+00, 0.666666627, 0.666666746, 0.000000e+00], [0.000000e+00, 0.000000e+00, 0.333333254, 1.000000e+00]]> : tensor<3x4xf32>
// CHECK-NEXT:   %[[RW:.*]] = hlo.constant dense<{{\[\[}}1.000000e+00, 0.000000e+00], [0.000000e+00, 1.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT:   %[[H:.*]] = hlo.dot_general %[[RH]], %[[X]], contracting_dims = [1] x [1]
// CHECK-NEXT:   %[[W:.*]] = hlo.dot_general %[[RW]], %[[H]], contracting_dims = [1] x [2]
// CHECK-NEXT:   %[[T:.*]] = hlo.transpose %[[W]], dims = [2, 1, 0, 3]
// CHECK-NEXT:   %[[S:.*]] = hlo.constant dense<7.500000e-01> : tensor<1x3x2x1xf32>
// CHECK-NEXT:   %[[Y:.*]] = hlo.multiply %[[T]], %[[S]]
// CHECK-NEXT:   func.return %[[Y]]
func.func @resize_area(%x: tensor<1x4x2x1xf32>) -> tensor<1x3x2x1xf32> {
  %s = "tf.Const"() <{value = dense<[3, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.ResizeArea"(%x, %s) <{align_corners = false, half_pixel_centers = false}> : (tensor<1x4x2x1xf32>, tensor<2xi32>) -> tensor<1x3x2x1xf32>
  func.return %0 : tensor<1x3x2x1xf32>
}

// -----

// RGBToHSV: the channels sliced out, v = max, s = (max - min) / max where max > 0, h by the
// channel that is the max (TensorFlow's formula), concatenated back. HSVToRGB likewise with
// TensorFlow's clamped piecewise-linear channels. AdjustContrastv2: (x - mean) * factor + mean,
// the mean over height and width (dims 1 and 2 of NHWC).
// CHECK-LABEL: func.func @color
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>, %[[IMG:.*]]: tensor<1x2x2x3xf32>, %[[F:.*]]: tensor<f32>)
// CHECK:         %[[R:.*]] = hlo.slice %[[X]] [0:2, 0:1]
// CHECK:         %[[G:.*]] = hlo.slice %[[X]] [0:2, 1:2]
// CHECK:         %[[B:.*]] = hlo.slice %[[X]] [0:2, 2:3]
// CHECK:         %[[V:.*]] = hlo.maximum %{{.*}}, %[[B]]
// CHECK:         hlo.minimum
// CHECK:         hlo.concatenate %{{.*}}, %{{.*}}, %[[V]], dim = 1 : (tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK:         hlo.abs
// CHECK:         hlo.clamp
// CHECK:         hlo.concatenate {{.*}} -> tensor<2x3xf32>
// CHECK:         %[[SUM:.*]] = hlo.reduce(%[[IMG]] init: %{{.*}}) applies hlo.add across dimensions = [1, 2] : (tensor<1x2x2x3xf32>, tensor<f32>) -> tensor<1x3xf32>
// CHECK:         %[[MEAN:.*]] = hlo.divide %[[SUM]], %{{.*}} : tensor<1x3xf32>
// CHECK:         hlo.broadcast_in_dim %[[MEAN]], dims = [0, 3]
func.func @color(%x: tensor<2x3xf32>, %img: tensor<1x2x2x3xf32>, %f: tensor<f32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x2x2x3xf32>) {
  %0 = "tf.RGBToHSV"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "tf.HSVToRGB"(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "tf.AdjustContrastv2"(%img, %f) : (tensor<1x2x2x3xf32>, tensor<f32>) -> tensor<1x2x2x3xf32>
  func.return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x2x2x3xf32>
}

// -----

// AdjustSaturation and AdjustHue: RGB to HSV as RGBToHSV, s scaled and clamped (or h moved and
// wrapped: remainder by 1, plus 1 where negative), then back to RGB as TensorFlow's fused
// kernels compute it: by sextant (floor(6 h)), chroma c = s v and m = v - c.
// CHECK-LABEL: func.func @adjust
// CHECK:         %[[S:.*]] = hlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : (tensor<f32>, tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
// CHECK:         %[[C:.*]] = hlo.multiply %[[S]], %{{.*}} : tensor<4x1xf32>
// CHECK:         hlo.floor
// CHECK:         hlo.remainder
// CHECK:         hlo.concatenate {{.*}} -> tensor<4x3xf32>
// CHECK:         hlo.remainder
// CHECK:         hlo.compare LT
// CHECK:         hlo.concatenate {{.*}} -> tensor<4x3xf32>
func.func @adjust(%x: tensor<4x3xf32>, %a: tensor<f32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %0 = "tf.AdjustSaturation"(%x, %a) : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  %1 = "tf.AdjustHue"(%x, %a) : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  func.return %0, %1 : tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

// Dilation2D: the input padded with the lowest finite f32 (SAME: one row and column on each
// side for a 3x3 filter), then per filter tap a strided slice plus the tap's value broadcast
// along the channels, the maximum taken tap after tap from the lowest value.
// CHECK-LABEL: func.func @dilation
// CHECK-SAME:    (%[[X:.*]]: tensor<1x4x4x2xf32>, %[[F:.*]]: tensor<3x3x2xf32>)
// CHECK:         %[[P:.*]] = hlo.pad %[[X]], %{{.*}}, low = [0, 1, 1, 0], high = [0, 1, 1, 0]{{.*}} -> tensor<1x6x6x2xf32>
// CHECK:         %[[ACC:.*]] = hlo.constant dense<-3.40282347e+38> : tensor<1x4x4x2xf32>
// CHECK:         %[[W:.*]] = hlo.slice %[[P]] [0:1, 0:4, 0:4, 0:2]
// CHECK:         %[[T:.*]] = hlo.slice %[[F]] [0:1, 0:1, 0:2]
// CHECK:         %[[S:.*]] = hlo.add %[[W]], %{{.*}} : tensor<1x4x4x2xf32>
// CHECK:         hlo.maximum %[[ACC]], %[[S]]
// CHECK-COUNT-8: hlo.maximum
func.func @dilation(%x: tensor<1x4x4x2xf32>, %f: tensor<3x3x2xf32>) -> tensor<1x4x4x2xf32> {
  %0 = "tf.Dilation2D"(%x, %f) <{strides = array<i64: 1, 1, 1, 1>, rates = array<i64: 1, 1, 1, 1>, padding = "SAME"}> : (tensor<1x4x4x2xf32>, tensor<3x3x2xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

// MaxPoolWithArgmax: per window tap, in row-major order, a strided slice of the padded input
// and its flat indices ((y * W + x) * C, a constant per output position, plus c from an iota
// and b * H * W * C with include_batch_in_index). A tap replaces the running maximum when it is
// greater or none was taken yet (index -1), and only where it lies inside the input (SAME pads
// one row and column after: the second tap is outside in the last output column).
// CHECK-LABEL: func.func @argmax_pool
// CHECK:         %[[P:.*]] = hlo.pad %{{.*}}, low = [0, 0, 0, 0], high = [0, 1, 1, 0]{{.*}} -> tensor<2x4x4x2xf32>
// CHECK:         %[[C:.*]] = hlo.iota dim = 3 : tensor<2x2x2x2xi64>
// CHECK:         %[[B:.*]] = hlo.iota dim = 0 : tensor<2x2x2x2xi64>
// CHECK:         %[[HWC:.*]] = hlo.constant dense<18> : tensor<2x2x2x2xi64>
// CHECK:         %[[BI:.*]] = hlo.multiply %[[B]], %[[HWC]]
// CHECK:         %[[BASE:.*]] = hlo.add %[[C]], %[[BI]]
// CHECK:         %[[NONE:.*]] = hlo.constant dense<-1> : tensor<2x2x2x2xi64>
// CHECK:         hlo.constant dense<{{\[}}[0, 4], [12, 16]]> : tensor<2x2xi64>
// CHECK:         %[[V0:.*]] = hlo.slice %[[P]] [0:2, 0:3:2, 0:3:2, 0:2]
// CHECK:         %[[GT:.*]] = hlo.compare GT, %[[V0]], %{{.*}}, FLOAT
// CHECK:         %[[FIRST:.*]] = hlo.compare EQ, %[[NONE]], %{{.*}}, SIGNED
// CHECK:         %[[TAKE:.*]] = hlo.or %[[GT]], %[[FIRST]]
// CHECK:         hlo.select %[[TAKE]], %[[V0]], %{{.*}} : tensor<2x2x2x2xi1>, tensor<2x2x2x2xf32>
// CHECK:         hlo.constant dense<{{\[}}[2, 6], [14, 18]]> : tensor<2x2xi64>
// CHECK:         hlo.slice %[[P]] [0:2, 0:3:2, 1:4:2, 0:2]
// CHECK:         %[[IN:.*]] = hlo.constant dense<{{\[}}[true, false], [true, false]]> : tensor<2x2xi1>
// CHECK:         %[[INB:.*]] = hlo.broadcast_in_dim %[[IN]], dims = [1, 2]
// CHECK:         hlo.and %{{.*}}, %[[INB]]
// CHECK-COUNT-2: hlo.slice %[[P]]
// CHECK:         %[[Y:.*]] = hlo.select {{.*}} tensor<2x2x2x2xf32>
// CHECK:         %[[I:.*]] = hlo.select {{.*}} tensor<2x2x2x2xi64>
// CHECK:         func.return %[[Y]], %[[I]]
func.func @argmax_pool(%x: tensor<2x3x3x2xf32>) -> (tensor<2x2x2x2xf32>, tensor<2x2x2x2xi64>) {
  %0, %1 = "tf.MaxPoolWithArgmax"(%x) <{ksize = array<i64: 1, 2, 2, 1>, strides = array<i64: 1, 2, 2, 1>, padding = "SAME", include_batch_in_index = true}> : (tensor<2x3x3x2xf32>) -> (tensor<2x2x2x2xf32>, tensor<2x2x2x2xi64>)
  func.return %0, %1 : tensor<2x2x2x2xf32>, tensor<2x2x2x2xi64>
}

// -----

// FusedBatchNorm (V1) and V2 lower as V3 does, without reserve_space_3: factor = scale *
// rsqrt(variance + epsilon) along the channels, y = x * factor + (offset - mean * factor); the
// statistics results are mean and variance.
// CHECK-LABEL: func.func @batch_norm_v1
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x2x3xf32>, %[[S:.*]]: tensor<3xf32>, %[[O:.*]]: tensor<3xf32>, %[[M:.*]]: tensor<3xf32>, %[[V:.*]]: tensor<3xf32>)
// CHECK:         %[[INV:.*]] = hlo.rsqrt
// CHECK:         %[[F:.*]] = hlo.multiply %[[S]], %[[INV]]
// CHECK:         %[[MF:.*]] = hlo.multiply %[[M]], %[[F]]
// CHECK:         %[[SHIFT:.*]] = hlo.subtract %[[O]], %[[MF]]
// CHECK:         %[[FB:.*]] = hlo.broadcast_in_dim %[[F]], dims = [3]
// CHECK:         %[[XF:.*]] = hlo.multiply %[[X]], %[[FB]]
// CHECK:         %[[Y:.*]] = hlo.add %[[XF]]
// CHECK:         func.return %[[Y]], %[[V]] : tensor<1x2x2x3xf32>, tensor<3xf32>
func.func @batch_norm_v1(%x: tensor<1x2x2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> (tensor<1x2x2x3xf32>, tensor<3xf32>) {
  %y, %bm, %bv, %r1, %r2 = "tf.FusedBatchNorm"(%x, %s, %o, %m, %v) <{epsilon = 0.01 : f32}> : (tensor<1x2x2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<1x2x2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  func.return %y, %bv : tensor<1x2x2x3xf32>, tensor<3xf32>
}
