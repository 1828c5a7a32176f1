// RUN: not strata-opt %s -p convert-hlo-to-linalg 2>&1 | filecheck %s

// A reduce whose body is more than one combining op, and ops on dynamic shapes, are left; the
// pass fails naming each of them (by location where there is one).
// CHECK: error: convert-hlo-to-linalg: {{[0-9]+}} hlo ops could not be lowered:
// CHECK-DAG: node 'sum_of_squares' (hlo.reduce)
// CHECK-DAG: node 'dynamic_sum' (hlo.reduce)
// CHECK-DAG: node 'dynamic_exp' (hlo.exponential)
func.func @two_op_body(%x: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<2xf32> {
  %0 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    reducer(%acc: tensor<f32>, %e: tensor<f32>) {
      %m = hlo.multiply %e, %e : tensor<f32>
      %s = hlo.add %acc, %m : tensor<f32>
      hlo.return %s : tensor<f32>
    } loc("sum_of_squares")
  func.return %0 : tensor<2xf32>
}

func.func @dynamic(%x: tensor<?x4xf32>, %z: tensor<f32>) -> (tensor<4xf32>, tensor<?x4xf32>) {
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [0] : (tensor<?x4xf32>, tensor<f32>) -> tensor<4xf32> loc("dynamic_sum")
  %1 = hlo.exponential %x : tensor<?x4xf32> loc("dynamic_exp")
  func.return %0, %1 : tensor<4xf32>, tensor<?x4xf32>
}
