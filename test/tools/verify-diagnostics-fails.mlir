// RUN: not strata-opt %s --split-input-file --verify-diagnostics 2>&1 | filecheck %s

// Each mismatch is an error at its line, and the run exits 1 (`not` checks it).

// The message differs: the error is unexpected, and the expectation unmet.
func.func @wrong_text(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{operands are fine}}
  %0 = "hlo.add"(%a, %b) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  func.return
}
// CHECK: verify-diagnostics-fails.mlir:8:3: error: unexpected error: 'hlo.add' op lhs and rhs types differ
// CHECK: verify-diagnostics-fails.mlir:7:6: error: expected error "operands are fine" was not produced

// -----

// No error at all: the expectation is unmet.
func.func @no_error(%a: tensor<4xf32>) {
  // expected-error @+1 {{lhs and rhs types differ}}
  %0 = hlo.add %a, %a : tensor<4xf32>
  func.return
}
// CHECK: verify-diagnostics-fails.mlir:18:6: error: expected error "lhs and rhs types differ" was not produced

// -----

// An error with no annotation fails.
func.func @unannotated(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  %0 = "hlo.add"(%a, %b) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  func.return
}
// CHECK: verify-diagnostics-fails.mlir:28:3: error: unexpected error: 'hlo.add' op lhs and rhs types differ

// -----

// The right text on the wrong line (@+2 points past the op).
func.func @wrong_line(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @+2 {{lhs and rhs types differ}}
  %0 = "hlo.add"(%a, %b) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  func.return
}
// CHECK: verify-diagnostics-fails.mlir:38:3: error: unexpected error
// CHECK: verify-diagnostics-fails.mlir:37:6: error: expected error "lhs and rhs types differ" was not produced

// -----

// A warning is not an error; several expectations on one line are each checked; @below skips
// lines that hold only expectations.
func.func @severity(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-warning @below {{lhs and rhs types differ}}
  // expected-note @+1 {{first}} expected-remark @+1 {{second}}
  %0 = "hlo.add"(%a, %b) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  func.return
}
// CHECK: verify-diagnostics-fails.mlir:51:3: error: unexpected error: 'hlo.add' op lhs and rhs
// CHECK: verify-diagnostics-fails.mlir:49:6: error: expected warning "lhs and rhs types differ" was not produced
// CHECK: verify-diagnostics-fails.mlir:50:6: error: expected note "first" was not produced
// CHECK: verify-diagnostics-fails.mlir:50:34: error: expected remark "second" was not produced

// -----

// A malformed expectation is an error of its own.
// expected-error @+1 {{never closed
// CHECK: error: line 62: expected '}}' to close expected-error @+1
