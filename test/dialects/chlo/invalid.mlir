// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @lgamma_of_ints(%a: tensor<4xi32>) {
  // expected-error @+1 {{operand must have float elements, found i32}}
  %0 = chlo.lgamma %a : tensor<4xi32> -> tensor<4xi32>
  func.return
}

// -----

func.func @wrong_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{result has type tensor<4xf16>, but the operand implies tensor<4xf32>}}
  %0 = chlo.erf %a : tensor<4xf32> -> tensor<4xf16>
  func.return
}

// -----

func.func @next_after_types_differ(%a: tensor<4xf32>, %b: tensor<4xf64>) {
  // expected-error @+1 {{rhs has type tensor<4xf64>, but lhs has type tensor<4xf32>}}
  %0 = chlo.next_after %a, %b : tensor<4xf32>, tensor<4xf64> -> tensor<4xf32>
  func.return
}

// -----

func.func @top_k_too_many(%a: tensor<3xf32>) {
  // expected-error @+1 {{k = 4 is out of range for a last dim of size 3}}
  %0:2 = chlo.top_k(%a, k = 4) : tensor<3xf32> -> (tensor<4xf32>, tensor<4xi32>)
  func.return
}

// -----

func.func @broadcast_mismatch(%a: tensor<3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{operand 0 of shape [3] does not broadcast to the result's [2,4]}}
  %0 = chlo.broadcast_add %a, %b : (tensor<3xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  func.return
}
