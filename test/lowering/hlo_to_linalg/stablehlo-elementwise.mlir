// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=EXEC

// atan2, cbrt, popcnt and count_leading_zeros lower to their math ops (LLVM: libm atan2/cbrt,
// llvm.ctpop, llvm.ctlz) and compute StableHLO's values.
// CHECK-LABEL: func.func @atan2
// CHECK:         math.atan2 %{{.*}}, %{{.*}} : f32
// CHECK-LABEL: func.func @cbrt_f64
// CHECK:         math.cbrt %{{.*}} : f64
// CHECK-LABEL: func.func @popcnt
// CHECK:         math.ctpop %{{.*}} : i32
// CHECK-LABEL: func.func @count_leading_zeros
// CHECK:         math.ctlz %{{.*}} : i16
// EXEC: PASS @atan2
// EXEC: PASS @cbrt_f64
// EXEC: PASS @popcnt
// EXEC: PASS @count_leading_zeros
// EXEC: 4 of 4 functions passed
func.func @atan2() {
  %y = hlo.constant dense<[1.0, -1.0, 0.0, 2.0]> : tensor<4xf32>
  %x = hlo.constant dense<[1.0, -1.0, -1.0, 0.0]> : tensor<4xf32>
  %r = hlo.atan2 %y, %x : tensor<4xf32>
  check.expect_almost_eq_const %r, dense<[0.78539816, -2.3561945, 3.1415927, 1.5707964]> : tensor<4xf32>
  func.return
}
func.func @cbrt_f64() {
  %a = hlo.constant dense<[27.0, -8.0, 0.0, 2.0]> : tensor<4xf64>
  %r = hlo.cbrt %a : tensor<4xf64>
  check.expect_almost_eq_const %r, dense<[3.0, -2.0, 0.0, 1.2599210498948732]> : tensor<4xf64>
  func.return
}
func.func @popcnt() {
  %a = hlo.constant dense<[0, 1, 7, -1]> : tensor<4xi32>
  %r = hlo.popcnt %a : tensor<4xi32>
  check.expect_eq_const %r, dense<[0, 1, 3, 32]> : tensor<4xi32>
  func.return
}
func.func @count_leading_zeros() {
  %a = hlo.constant dense<[0, 1, 256, -1]> : tensor<4xi16>
  %r = hlo.count_leading_zeros %a : tensor<4xi16>
  check.expect_eq_const %r, dense<[16, 15, 7, 0]> : tensor<4xi16>
  func.return
}
