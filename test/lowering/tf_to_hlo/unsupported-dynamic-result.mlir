// RUN: not strata-opt %s -p convert-tf-to-hlo 2>&1 | filecheck %s

// Static inputs, but a reshape to a shape only known at run time: every op left on a dynamic
// shape is named by its TF node.
// CHECK: error: convert-tf-to-hlo: 2 tf ops could not be lowered (unsupported op or dynamic shape):
// CHECK-NEXT: node 'reshape' (tf.Reshape)
// CHECK-NEXT: node 'relu' (tf.Relu)
func.func @dynamic_result(%x: tensor<2x6xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %0 = "tf.Reshape"(%x, %s) : (tensor<2x6xf32>, tensor<2xi32>) -> tensor<?x?xf32> loc("reshape")
  %1 = "tf.Relu"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32> loc("relu")
  func.return %1 : tensor<?x?xf32>
}
