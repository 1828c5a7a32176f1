// RUN: strata-opt %s -p hlo-simplify | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=RUNS

// StableHLO's older broadcast (new leading dims) becomes broadcast_in_dim, as dot becomes
// dot_general.
// CHECK-LABEL: func.func @broadcast
// CHECK:         hlo.broadcast_in_dim %{{.*}}, dims = [2] : (tensor<3xi32>) -> tensor<1x2x3xi32>
// CHECK-NOT:     hlo.broadcast %
// RUNS: PASS @broadcast
func.func @broadcast() {
  %x0 = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %x = stablehlo.optimization_barrier %x0 : tensor<3xi32>
  %b = stablehlo.broadcast %x, sizes = [1, 2] : (tensor<3xi32>) -> tensor<1x2x3xi32>
  check.expect_eq_const %b, dense<[[[1, 2, 3], [1, 2, 3]]]> : tensor<1x2x3xi32>
  func.return
}
