// RUN: strata-opt %s | strata-opt --generic | strata-opt | filecheck %s

// CHECK-LABEL: func.func @contractions
func.func @contractions(%x: tensor<2x1x3x4xf32>, %y: tensor<3x5x4xf32>, %a: tensor<2x3x8xf32>, %w: tensor<8x2x4xf32>) -> (tensor<2x3x3x5xf32>, tensor<2x3x2x4xf32>) {
  // CHECK-NEXT: %[[M:.*]] = "tf.BatchMatMulV2"(%{{.*}}, %{{.*}}) <{adj_x = false, adj_y = true}> : (tensor<2x1x3x4xf32>, tensor<3x5x4xf32>) -> tensor<2x3x3x5xf32>
  %m = "tf.BatchMatMulV2"(%x, %y) <{adj_x = false, adj_y = true}> : (tensor<2x1x3x4xf32>, tensor<3x5x4xf32>) -> tensor<2x3x3x5xf32>
  // CHECK-NEXT: %[[E:.*]] = "tf.Einsum"(%{{.*}}, %{{.*}}) <{equation = "abc,cde->abde"}> : (tensor<2x3x8xf32>, tensor<8x2x4xf32>) -> tensor<2x3x2x4xf32>
  %e = "tf.Einsum"(%a, %w) <{equation = "abc,cde->abde"}> : (tensor<2x3x8xf32>, tensor<8x2x4xf32>) -> tensor<2x3x2x4xf32>
  func.return %m, %e : tensor<2x3x3x5xf32>, tensor<2x3x2x4xf32>
}

// CHECK-LABEL: func.func @windows
func.func @windows(%x: tensor<1x6x7x2xf32>, %f: tensor<3x3x2x3xf32>, %d: tensor<3x3x2x2xf32>, %dy: tensor<1x3x4x3xf32>) {
  // CHECK-NEXT: "tf.Conv2D"(%{{.*}}, %{{.*}}) <{strides = array<i64: 1, 2, 2, 1>, padding = "SAME"{{.*}}}> : (tensor<1x6x7x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x3x4x3xf32>
  %0 = "tf.Conv2D"(%x, %f) <{strides = array<i64: 1, 2, 2, 1>, padding = "SAME"}> : (tensor<1x6x7x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x3x4x3xf32>
  // CHECK-NEXT: "tf.Conv2D"(%{{.*}}, %{{.*}}) <{strides = array<i64: 1, 1, 2, 1>, padding = "EXPLICIT", explicit_paddings = array<i64: 0, 0, 1, 2, 0, 1, 0, 0>, dilations = array<i64: 1, 2, 1, 1>{{.*}}}> : (tensor<1x6x7x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x5x3x3xf32>
  %1 = "tf.Conv2D"(%x, %f) <{strides = array<i64: 1, 1, 2, 1>, padding = "EXPLICIT", explicit_paddings = array<i64: 0, 0, 1, 2, 0, 1, 0, 0>, dilations = array<i64: 1, 2, 1, 1>}> : (tensor<1x6x7x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x5x3x3xf32>
  // CHECK-NEXT: "tf.DepthwiseConv2dNative"(%{{.*}}, %{{.*}}) <{{.*}}padding = "VALID"{{.*}}}> : (tensor<1x6x7x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x4x5x4xf32>
  %2 = "tf.DepthwiseConv2dNative"(%x, %d) <{strides = array<i64: 1, 1, 1, 1>, padding = "VALID"}> : (tensor<1x6x7x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x4x5x4xf32>
  %s = "tf.Const"() <{value = dense<[1, 6, 7, 2]> : tensor<4xi32>}> : () -> tensor<4xi32>
  // CHECK: "tf.Conv2DBackpropInput"(%{{.*}}, %{{.*}}, %{{.*}}) <{{.*}}}> : (tensor<4xi32>, tensor<3x3x2x3xf32>, tensor<1x3x4x3xf32>) -> tensor<1x6x7x2xf32>
  %3 = "tf.Conv2DBackpropInput"(%s, %f, %dy) <{strides = array<i64: 1, 2, 2, 1>, padding = "SAME"}> : (tensor<4xi32>, tensor<3x3x2x3xf32>, tensor<1x3x4x3xf32>) -> tensor<1x6x7x2xf32>
  // CHECK-NEXT: "tf.MaxPool"(%{{.*}}) <{ksize = array<i64: 1, 3, 3, 1>{{.*}}}> : (tensor<1x6x7x2xf32>) -> tensor<1x3x4x2xf32>
  %4 = "tf.MaxPool"(%x) <{ksize = array<i64: 1, 3, 3, 1>, strides = array<i64: 1, 2, 2, 1>, padding = "SAME"}> : (tensor<1x6x7x2xf32>) -> tensor<1x3x4x2xf32>
  // CHECK-NEXT: "tf.AvgPool"(%{{.*}}) <{ksize = array<i64: 1, 2, 2, 1>{{.*}}}> : (tensor<1x6x7x2xf32>) -> tensor<1x3x3x2xf32>
  %5 = "tf.AvgPool"(%x) <{ksize = array<i64: 1, 2, 2, 1>, strides = array<i64: 1, 2, 2, 1>, padding = "VALID"}> : (tensor<1x6x7x2xf32>) -> tensor<1x3x3x2xf32>
  func.return
}

// CHECK-LABEL: func.func @batch_norm
func.func @batch_norm(%x: tensor<2x3x3x4xf32>, %s: tensor<4xf32>) -> tensor<2x3x3x4xf32> {
  // CHECK-NEXT: %[[Y:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} = "tf.FusedBatchNormV3"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{epsilon = 1.000000e-03 : f32, is_training = false{{.*}}}>
  %y:6 = "tf.FusedBatchNormV3"(%x, %s, %s, %s, %s) <{epsilon = 0.001 : f32, is_training = false}> : (tensor<2x3x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x3x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<0xf32>)
  func.return %y#0 : tensor<2x3x3x4xf32>
}
