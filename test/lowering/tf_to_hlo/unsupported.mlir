// RUN: not strata-opt %s -p convert-tf-to-hlo 2>&1 | filecheck %s

// Inputs with unknown dims are rejected up front, each named (by TF node where there is one),
// with the way to give their shapes.
// CHECK: error: convert-tf-to-hlo: inputs with unknown dimensions (give their shapes with --input-shapes, input_shapes=, or the arrays in --inputs):
// CHECK-NEXT: node 'x': tensor<?x4xf32>
// CHECK-NEXT: argument 1 of @dynamic_inputs: tensor<?x4xf32>
func.func @dynamic_inputs(%x: tensor<?x4xf32> loc("x"), %y: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "tf.AddV2"(%x, %y) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32> loc("add")
  func.return %0 : tensor<?x4xf32>
}
