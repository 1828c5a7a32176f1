// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s

// An iota of an element type numpy lacks (bf16) is a constant too.
// CHECK: arith.constant dense<{{\[\[}}0.000000e+00, 1.000000e+00, 2.000000e+00], [0.000000e+00, 1.000000e+00, 2.000000e+00]]> : tensor<2x3xbf16>
func.func @iota() -> tensor<2x3xbf16> {
  %0 = hlo.iota dim = 1 : tensor<2x3xbf16>
  func.return %0 : tensor<2x3xbf16>
}
