// RUN: strata-opt %s -p convert-tf-to-hlo --print-debuginfo | filecheck %s

// Every op a pattern creates carries the TF node name of the op it replaces.
// CHECK-LABEL: func.func @dense
// CHECK:       hlo.dot_general {{.*}} loc("dense/MatMul")
// CHECK-NEXT:  hlo.broadcast_in_dim {{.*}} loc("dense/BiasAdd")
// CHECK-NEXT:  hlo.add {{.*}} loc("dense/BiasAdd")
// CHECK-NEXT:  hlo.constant {{.*}} loc("dense/Relu")
// CHECK-NEXT:  hlo.maximum {{.*}} loc("dense/Relu")
// CHECK-NEXT:  func.return
func.func @dense(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<2x4xf32> {
  %0 = "tf.MatMul"(%x, %w) <{transpose_a = false, transpose_b = false}> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32> loc("dense/MatMul")
  %1 = "tf.BiasAdd"(%0, %b) : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32> loc("dense/BiasAdd")
  %2 = "tf.Relu"(%1) : (tensor<2x4xf32>) -> tensor<2x4xf32> loc("dense/Relu")
  func.return %2 : tensor<2x4xf32>
}
