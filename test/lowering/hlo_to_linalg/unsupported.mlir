// RUN: not strata-opt %s -p convert-hlo-to-linalg 2>&1 | filecheck %s

// A reduce whose body has no scalar lowering (a loop), and ops on dynamic shapes, are left; the
// pass fails naming each of them (by location where there is one).
// CHECK: error: convert-hlo-to-linalg: {{[0-9]+}} hlo ops could not be lowered:
// CHECK-DAG: node 'looping_body' (hlo.reduce)
// CHECK-DAG: node 'dynamic_sum' (hlo.reduce)
// CHECK-DAG: node 'dynamic_exp' (hlo.exponential)
func.func @while_body(%x: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<2xf32> {
  %0 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    reducer(%acc: tensor<f32>, %e: tensor<f32>) {
      %r:2 = hlo.while(%i = %acc, %l = %e) : tensor<f32>, tensor<f32>
       cond {
        %c = hlo.compare LT, %i, %l : (tensor<f32>, tensor<f32>) -> tensor<i1>
        hlo.return %c : tensor<i1>
      } do {
        %s = hlo.add %i, %l : tensor<f32>
        hlo.return %s, %l : tensor<f32>, tensor<f32>
      }
      hlo.return %r#0 : tensor<f32>
    } loc("looping_body")
  func.return %0 : tensor<2xf32>
}

func.func @dynamic(%x: tensor<?x4xf32>, %z: tensor<f32>) -> (tensor<4xf32>, tensor<?x4xf32>) {
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [0] : (tensor<?x4xf32>, tensor<f32>) -> tensor<4xf32> loc("dynamic_sum")
  %1 = hlo.exponential %x : tensor<?x4xf32> loc("dynamic_exp")
  func.return %0, %1 : tensor<4xf32>, tensor<?x4xf32>
}
