// RUN: strata-opt %s | filecheck %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | filecheck %s

// The check ops in StableHLO's interpreter-test syntax print and parse back.
// CHECK-LABEL: func.func @checks
// CHECK:         check.expect_eq %a, %b : tensor<3xi64>
// CHECK-NEXT:    check.expect_eq_const %a, dense<[-2, 0, 2]> : tensor<3xi64>
// CHECK-NEXT:    check.expect_almost_eq %f, %f : tensor<f64>
// CHECK-NEXT:    check.expect_almost_eq %f, %f, tolerance = 0.1 : tensor<f64>
// CHECK-NEXT:    check.expect_almost_eq_const %f, dense<5.100000e+00> : tensor<f64> {tolerance = 1.000000e-01 : f64}
// CHECK-NEXT:    check.expect_close %h, %h, max_ulp_difference = 3 : tensor<f16>
func.func @checks(%a: tensor<3xi64>, %b: tensor<3xi64>, %f: tensor<f64>, %h: tensor<f16>) {
  check.expect_eq %a, %b : tensor<3xi64>
  check.expect_eq_const %a, dense<[-2, 0, 2]> : tensor<3xi64>
  check.expect_almost_eq %f, %f : tensor<f64>
  check.expect_almost_eq %f, %f, tolerance = 0.1 : tensor<f64>
  check.expect_almost_eq_const %f, dense<5.1> : tensor<f64> {tolerance = 0.1 : f64}
  check.expect_close %h, %h, max_ulp_difference = 3 : tensor<f16>, tensor<f16>
  func.return
}
