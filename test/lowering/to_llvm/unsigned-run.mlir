// RUN: strata-run %s --run-checks | filecheck %s

// Unsigned arithmetic runs with StableHLO's values (wrapping add, unsigned divide).
// CHECK: PASS @add_ui8
// CHECK: PASS @div_ui32
// CHECK: 2 of 2 functions passed
func.func @add_ui8() {
  %a = hlo.constant dense<[0, 16, 255]> : tensor<3xui8>
  %b = hlo.constant dense<[255, 16, 1]> : tensor<3xui8>
  %c = hlo.add %a, %b : tensor<3xui8>
  check.expect_eq_const %c, dense<[255, 32, 0]> : tensor<3xui8>
  func.return
}
func.func @div_ui32() {
  %a = hlo.constant dense<[4294967295, 16, 7]> : tensor<3xui32>
  %b = hlo.constant dense<[2, 16, 2]> : tensor<3xui32>
  %c = hlo.divide %a, %b : tensor<3xui32>
  check.expect_eq_const %c, dense<[2147483647, 1, 3]> : tensor<3xui32>
  func.return
}
