// RUN: strata-opt %s --split-input-file --verify-diagnostics

// mlir-opt's --verify-diagnostics: every diagnostic is expected at its line, and every
// expectation is met. Each function is verified on its own, so all three errors are reported.

func.func @offset_below(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{'hlo.add' op lhs and rhs types differ}}
  %0 = "hlo.add"(%a, %b) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  func.return
}

func.func @same_line(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  %0 = "hlo.add"(%a, %b) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32> // expected-error-re {{lhs and {{[a-z]+}} types differ: tensor<4x{{(f|i)}}32>}}
  func.return
}

func.func @above_and_offset_up(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  %0 = "hlo.add"(%a, %b) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  // expected-error @above {{types differ}}
  func.return
}

// -----

func.func @below(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @below {{lhs and rhs}}
  %0 = "hlo.add"(%a, %b) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  func.return
}

// -----

// Parse errors are diagnostics too, at the unknown op's name.
func.func @unknown_op() {
  // expected-error @+1 {{Operation hlo.bogus is not registered}}
  %0 = hlo.bogus
}
