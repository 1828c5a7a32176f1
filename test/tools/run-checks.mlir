// RUN: not strata-run %s --run-checks --split-input-file | filecheck %s

// strata-run --run-checks compiles every function without arguments on its own, runs it and
// evaluates its check ops; each function passes or fails, with the first differing element, and
// a module that cannot be read fails alone. Exit 1 when any fails.

// CHECK:      PASS @exact
// CHECK-NEXT: PASS @within_tolerance
// CHECK-NEXT: FAIL @off
// CHECK-NEXT:   run-checks.mlir:31:3: error: 'check.expect_almost_eq_const' op failed: element [2] is 6.0, expected 6.5 (tolerance 0.0001)
// CHECK-NEXT: FAIL @<module at line
// CHECK-NEXT:   run-checks.mlir:{{[0-9]+}}:8: error: Operation stablehlo.not_an_op is not registered
// CHECK-NEXT: 2 of 4 functions passed
func.func @exact() {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = stablehlo.multiply %a, %a : tensor<3xi32>
  check.expect_eq_const %b, dense<[1, 4, 9]> : tensor<3xi32>
  check.expect_eq %b, %b : tensor<3xi32>
  func.return
}
func.func @within_tolerance() {
  %a = stablehlo.constant dense<[0.5, 1.0]> : tensor<2xf32>
  %b = stablehlo.exponential %a : tensor<2xf32>
  check.expect_almost_eq_const %b, dense<[1.6487213, 2.7182818]> : tensor<2xf32>
  check.expect_close %b, %b, max_ulp_difference = 0 : tensor<2xf32>, tensor<2xf32>
  func.return
}
func.func @off() {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = stablehlo.add %a, %a : tensor<3xf32>
  check.expect_almost_eq_const %b, dense<[2.0, 4.0, 6.5]> : tensor<3xf32>
  func.return
}

// -----

func.func @unreadable() {
  %a = stablehlo.not_an_op : tensor<3xf32>
  func.return
}
