// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @shapes(%a: tensor<3xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'check.expect_eq' op operand shapes differ: tensor<3xf32> and tensor<4xf32>}}
  check.expect_eq %a, %b : tensor<3xf32>, tensor<4xf32>
  func.return
}

// -----

func.func @unknown_key(%a: tensor<3xf32>) {
  // expected-error @+1 {{check.expect_close: unknown key 'tolerance'}}
  check.expect_close %a, %a, tolerance = 3 : tensor<3xf32>
  func.return
}
