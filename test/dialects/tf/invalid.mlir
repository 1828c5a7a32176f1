// RUN: strata-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @matmul_contracting(%x: tensor<8x784xf32>, %w: tensor<785x10xf32>) -> tensor<8x10xf32> {
  // expected-error {{contracting dims differ}}
  %0 = "tf.MatMul"(%x, %w) : (tensor<8x784xf32>, tensor<785x10xf32>) -> tensor<8x10xf32>
  func.return %0 : tensor<8x10xf32>
}
// CHECK: 'tf.MatMul' op contracting dims differ: a has 784, b has 785
