// RUN: strata-opt %s --emit=hlo | strata-opt --emit=loops | filecheck %s
// RUN: strata-opt %s --emit=loops | filecheck %s

// A file written at one stage and fed back in continues from the next stage, and ends where a
// straight run ends. Softmax's -inf (printed as 0xff800000) must survive the text round trip.
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%{{[^:]*}}: memref<2x3xf32>, %{{[^:]*}}: memref<2x4xf32>, %{{[^:]*}}: memref<{{[0-9]+}}xi8>) -> i32
// CHECK-SAME: strata.signature = "{\22entry\22:\22main\22,\22inputs\22:[{\22name\22:\22x\22,
// CHECK-NOT:  linalg.
// CHECK-NOT:  hlo.
// CHECK:      arith.constant 0xff800000 : f32
// CHECK-NOT:  4.28657869e+09
// CHECK:      scf.for
// CHECK:        math.exp

func.func @main(%x: tensor<2x3xf32>) -> tensor<2x4xf32> attributes {tf.entry_function = {inputs = "x", outputs = "probs"}} {
  %w = "tf.Const"() <{value = dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>}> : () -> tensor<3x4xf32> loc("dense/kernel")
  %b = "tf.Const"() <{value = dense<[0.1, 0.2, 0.3, 0.4]> : tensor<4xf32>}> : () -> tensor<4xf32> loc("dense/bias")
  %0 = "tf.MatMul"(%x, %w) <{transpose_a = false, transpose_b = false}> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32> loc("dense/MatMul")
  %1 = "tf.BiasAdd"(%0, %b) : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32> loc("dense/BiasAdd")
  %2 = "tf.Relu"(%1) : (tensor<2x4xf32>) -> tensor<2x4xf32> loc("dense/Relu")
  %3 = "tf.Softmax"(%2) : (tensor<2x4xf32>) -> tensor<2x4xf32> loc("probs")
  func.return %3 : tensor<2x4xf32>
}
