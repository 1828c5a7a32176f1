// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=RUNS

// hlo.cholesky is an hlo.while over the factor's columns, expanded before control flow lowers.
// Only the triangle asked for is read (the other holds 7 or -9 here); the factor's other
// triangle is zero. A batch of two 3x3 SPD matrices; expected values are float64 numpy's.
// A matrix that is not positive definite gives NaN (a NaN check equals only NaN).
// CHECK-LABEL: func.func @lower
// CHECK-NOT:     hlo.cholesky
// CHECK:         scf.while
// RUNS: PASS @lower
// RUNS: PASS @upper
// RUNS: PASS @not_positive_definite
// RUNS: 3 of 3 functions passed
func.func @lower() {
  %a = hlo.constant dense<[[[13.871581, 7.0, 7.0], [-0.0920928, 3.573736, 7.0], [-3.8916314, 1.4384083, 7.8827305]], [[14.217654, 7.0, 7.0], [-0.7134753, 4.638751, 7.0], [-1.1056933, 0.03967551, 3.4419045]]]> : tensor<2x3x3xf32>
  %l = hlo.cholesky %a, lower = true : tensor<2x3x3xf32>
  check.expect_almost_eq_const %l, dense<[[[3.7244573, 0.0, 0.0], [-0.0247265, 1.890271, 0.0], [-1.0448855, 0.74728537, 2.4964993]], [[3.7706304, 0.0, 0.0], [-0.1892191, 2.145448, 0.0], [-0.2932383, -0.00736945, 1.8319011]]]> : tensor<2x3x3xf32>
  func.return
}

func.func @upper() {
  %a = hlo.constant dense<[[[13.871581, -0.0920928, -3.8916314], [-9.0, 3.573736, 1.4384083], [-9.0, -9.0, 7.8827305]], [[14.217654, -0.7134753, -1.1056933], [-9.0, 4.638751, 0.03967551], [-9.0, -9.0, 3.4419045]]]> : tensor<2x3x3xf32>
  %u = "hlo.cholesky"(%a) : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  check.expect_almost_eq_const %u, dense<[[[3.7244573, -0.0247265, -1.0448855], [0.0, 1.890271, 0.74728537], [0.0, 0.0, 2.4964993]], [[3.7706304, -0.1892191, -0.2932383], [0.0, 2.145448, -0.00736945], [0.0, 0.0, 1.8319011]]]> : tensor<2x3x3xf32>
  func.return
}

func.func @not_positive_definite() {
  %a = hlo.constant dense<[[1.0, 0.0], [2.0, 1.0]]> : tensor<2x2xf32>
  %l = hlo.cholesky %a, lower = true : tensor<2x2xf32>
  %corner = hlo.slice %l [1:2, 1:2] : (tensor<2x2xf32>) -> tensor<1x1xf32>
  check.expect_eq_const %corner, dense<0x7FC00000> : tensor<1x1xf32>
  func.return
}
