// RUN: strata-opt %s -p hlo-simplify --print-debuginfo | filecheck %s

// A folded constant carries the location of the op it replaces.
// CHECK-LABEL: func.func @folded_constant_location
// CHECK-NEXT:   hlo.constant {{.*}} : tensor<3x2xf32> loc("w/transpose")
func.func @folded_constant_location() -> tensor<3x2xf32> {
  %c = hlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32> loc("w")
  %0 = hlo.transpose %c, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32> loc("w/transpose")
  func.return %0 : tensor<3x2xf32>
}
