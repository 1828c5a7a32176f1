// RUN: strata-opt %s -p hlo-simplify | filecheck %s

// Shape ops on a constant with no elements fold like any other; a broadcast of one stays, as for any non-splat (xDSL's splat test fails on no
// elements; JAX's tridiagonal_solve makes such constants).
// CHECK-LABEL: func.func @empty
// CHECK-NEXT:    hlo.constant dense<> : tensor<0x3xf32>
// CHECK-NEXT:    hlo.constant dense<> : tensor<0x1xf32>
// CHECK-NEXT:    hlo.broadcast_in_dim %{{.*}}, dims = [0, 1] : (tensor<0x1xf32>) -> tensor<0x3xf32>
func.func @empty() -> (tensor<0x3xf32>, tensor<0x3xf32>) {
  %c = hlo.constant dense<> : tensor<3x0xf32>
  %r = hlo.transpose %c, dims = [1, 0] : (tensor<3x0xf32>) -> tensor<0x3xf32>
  %d = hlo.constant dense<> : tensor<0x1xf32>
  %b = hlo.broadcast_in_dim %d, dims = [0, 1] : (tensor<0x1xf32>) -> tensor<0x3xf32>
  func.return %r, %b : tensor<0x3xf32>, tensor<0x3xf32>
}
