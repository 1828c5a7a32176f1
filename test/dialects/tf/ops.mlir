// RUN: strata-opt %s | strata-opt --generic | strata-opt | filecheck %s

// CHECK-LABEL: func.func @plumbing
func.func @plumbing(%x: tensor<2x3xf32>, %y: tensor<4xi32>) -> (tensor<2x3xf32>, tensor<4xi32>) {
  // CHECK-NEXT: %[[C:.*]] = "tf.Const"() <{value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %c = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  // CHECK-NEXT: "tf.Const"() <{value = dense<true> : tensor<2x2xi1>}> : () -> tensor<2x2xi1>
  %b = "tf.Const"() <{value = dense<true> : tensor<2x2xi1>}> : () -> tensor<2x2xi1>
  // CHECK-NEXT: "tf.NoOp"() : () -> ()
  "tf.NoOp"() : () -> ()
  // CHECK-NEXT: %[[A:.*]], %[[B:.*]] = "tf.IdentityN"(%x, %y) : (tensor<2x3xf32>, tensor<4xi32>) -> (tensor<2x3xf32>, tensor<4xi32>)
  %a:2 = "tf.IdentityN"(%x, %y) : (tensor<2x3xf32>, tensor<4xi32>) -> (tensor<2x3xf32>, tensor<4xi32>)
  // CHECK-NEXT: %[[I:.*]] = "tf.Identity"(%[[A]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %i = "tf.Identity"(%a#0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: %[[S:.*]] = "tf.StopGradient"(%[[I]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %s = "tf.StopGradient"(%i) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: func.return %[[S]], %[[B]] : tensor<2x3xf32>, tensor<4xi32>
  func.return %s, %a#1 : tensor<2x3xf32>, tensor<4xi32>
}

// CHECK-LABEL: func.func @unary
func.func @unary(%x: tensor<?x3xf32>, %n: tensor<4xi32>) {
  // CHECK-NEXT: "tf.Neg"(%n) : (tensor<4xi32>) -> tensor<4xi32>
  %0 = "tf.Neg"(%n) : (tensor<4xi32>) -> tensor<4xi32>
  // CHECK-NEXT: "tf.Abs"(%n) : (tensor<4xi32>) -> tensor<4xi32>
  %1 = "tf.Abs"(%n) : (tensor<4xi32>) -> tensor<4xi32>
  // CHECK-NEXT: "tf.Square"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %2 = "tf.Square"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  // CHECK-NEXT: "tf.Exp"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %3 = "tf.Exp"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  // CHECK-NEXT: "tf.Log"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %4 = "tf.Log"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  // CHECK-NEXT: "tf.Sqrt"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %5 = "tf.Sqrt"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  // CHECK-NEXT: "tf.Rsqrt"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %6 = "tf.Rsqrt"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  // CHECK-NEXT: "tf.Tanh"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %7 = "tf.Tanh"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  // CHECK-NEXT: "tf.Sigmoid"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %8 = "tf.Sigmoid"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  // CHECK-NEXT: "tf.Relu"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %9 = "tf.Relu"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  // CHECK-NEXT: "tf.Relu6"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %10 = "tf.Relu6"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  // CHECK-NEXT: "tf.Softmax"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %11 = "tf.Softmax"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  // CHECK-NEXT: "tf.LogSoftmax"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %12 = "tf.LogSoftmax"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  func.return
}

// CHECK-LABEL: func.func @binary
func.func @binary(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %u: tensor<?x1xf32>) {
  // CHECK-NEXT: "tf.AddV2"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %0 = "tf.AddV2"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: "tf.Add"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "tf.Add"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: "tf.Sub"(%u, %y) : (tensor<?x1xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  %2 = "tf.Sub"(%u, %y) : (tensor<?x1xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  // CHECK-NEXT: "tf.Mul"(%x, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "tf.Mul"(%x, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: "tf.RealDiv"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %4 = "tf.RealDiv"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: "tf.Maximum"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %5 = "tf.Maximum"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: "tf.Minimum"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %6 = "tf.Minimum"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return
}

// CHECK-LABEL: func.func @nn
func.func @nn(%x: tensor<8x784xf32>, %w: tensor<10x784xf32>, %b: tensor<10xf32>, %img: tensor<1x10x4x4xf32>) {
  // CHECK-NEXT: %[[MM:.*]] = "tf.MatMul"(%x, %w) <{transpose_a = false, transpose_b = true}> : (tensor<8x784xf32>, tensor<10x784xf32>) -> tensor<8x10xf32>
  %0 = "tf.MatMul"(%x, %w) <{transpose_a = false, transpose_b = true}> : (tensor<8x784xf32>, tensor<10x784xf32>) -> tensor<8x10xf32>
  // CHECK-NEXT: "tf.BiasAdd"(%[[MM]], %b) <{data_format = "NHWC"}> : (tensor<8x10xf32>, tensor<10xf32>) -> tensor<8x10xf32>
  %1 = "tf.BiasAdd"(%0, %b) : (tensor<8x10xf32>, tensor<10xf32>) -> tensor<8x10xf32>
  // CHECK-NEXT: "tf.BiasAdd"(%img, %b) <{data_format = "NCHW"}> : (tensor<1x10x4x4xf32>, tensor<10xf32>) -> tensor<1x10x4x4xf32>
  %2 = "tf.BiasAdd"(%img, %b) <{data_format = "NCHW"}> : (tensor<1x10x4x4xf32>, tensor<10xf32>) -> tensor<1x10x4x4xf32>
  func.return
}

// CHECK-LABEL: func.func @shapes
func.func @shapes(%x: tensor<8x784xf32>, %s: tensor<3xi32>) {
  // CHECK-NEXT: %[[SHAPE:.*]] = "tf.Const"() <{value = dense<[-1, 28, 28]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %shape = "tf.Const"() <{value = dense<[-1, 28, 28]> : tensor<3xi32>}> : () -> tensor<3xi32>
  // CHECK-NEXT: "tf.Reshape"(%x, %[[SHAPE]]) : (tensor<8x784xf32>, tensor<3xi32>) -> tensor<8x28x28xf32>
  %0 = "tf.Reshape"(%x, %shape) : (tensor<8x784xf32>, tensor<3xi32>) -> tensor<8x28x28xf32>
  // CHECK-NEXT: "tf.Reshape"(%x, %s) : (tensor<8x784xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  %1 = "tf.Reshape"(%x, %s) : (tensor<8x784xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  // CHECK-NEXT: "tf.Cast"(%x) : (tensor<8x784xf32>) -> tensor<8x784xi32>
  %2 = "tf.Cast"(%x) : (tensor<8x784xf32>) -> tensor<8x784xi32>
  // CHECK-NEXT: "tf.Cast"(%x) <{Truncate = true}> : (tensor<8x784xf32>) -> tensor<8x784xf16>
  %3 = "tf.Cast"(%x) <{Truncate = true}> : (tensor<8x784xf32>) -> tensor<8x784xf16>
  func.return
}
