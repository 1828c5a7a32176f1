// RUN: strata-opt %s -p hlo-reroll-loops,convert-hlo-to-linalg | filecheck %s

// Layers are compared by their ops' regions as structures, not as printed text: a reduce body
// holding an attribute xDSL parses but cannot print (a float of type f80) no longer makes the
// pass an internal error. The four layers become one loop (the attribute goes with hlo.add when
// the body is lowered).

// CHECK-LABEL: func.func @f
// CHECK:         scf.while
// CHECK-COUNT-1: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK-NOT:     linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
func.func @f(%x: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<2x3xf32> {
  %r0 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    reducer(%acc: tensor<f32>, %e: tensor<f32>) {
      %s = hlo.add %e, %acc {weird = 4 : f80} : tensor<f32>
      hlo.return %s : tensor<f32>
    }
  %b0 = hlo.broadcast_in_dim %r0, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
  %t0 = hlo.tanh %b0 : tensor<2x3xf32>
  %r1 = hlo.reduce(%t0 init: %z) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    reducer(%acc: tensor<f32>, %e: tensor<f32>) {
      %s = hlo.add %e, %acc {weird = 4 : f80} : tensor<f32>
      hlo.return %s : tensor<f32>
    }
  %b1 = hlo.broadcast_in_dim %r1, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
  %t1 = hlo.tanh %b1 : tensor<2x3xf32>
  %r2 = hlo.reduce(%t1 init: %z) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    reducer(%acc: tensor<f32>, %e: tensor<f32>) {
      %s = hlo.add %e, %acc {weird = 4 : f80} : tensor<f32>
      hlo.return %s : tensor<f32>
    }
  %b2 = hlo.broadcast_in_dim %r2, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
  %t2 = hlo.tanh %b2 : tensor<2x3xf32>
  %r3 = hlo.reduce(%t2 init: %z) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    reducer(%acc: tensor<f32>, %e: tensor<f32>) {
      %s = hlo.add %e, %acc {weird = 4 : f80} : tensor<f32>
      hlo.return %s : tensor<f32>
    }
  %b3 = hlo.broadcast_in_dim %r3, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
  %t3 = hlo.tanh %b3 : tensor<2x3xf32>
  func.return %t3 : tensor<2x3xf32>
}
