// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=EXEC

// i2, i4, ui2 and ui4 compute in their own width and are held in a byte each, extended by
// their signedness (numpy's int8/uint8, as xDSL stores their dense values): a store extends the
// narrow value to i8, a load truncates the byte (test/lowering/to_llvm/memref-to-llvm.mlir);
// constants folded with numpy wrap to the width too (`wrap_to_width`). Each function computes
// from constants and behind an optimization_barrier; both must give StableHLO's values.
// Conversions read an integer by its own signedness: unsigned and bool sources zero-extend and
// convert to float unsigned, a float converts to an unsigned type unsigned, and a change of
// signedness alone (ui64 -> i64) keeps the bits.

// CHECK-LABEL: func.func @add_i4
// CHECK:         linalg.generic
// CHECK:         ^bb0(%[[X:.*]]: i4, %[[Y:.*]]: i4, %{{.*}}: i4):
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[X]], %[[Y]] : i4
// CHECK-NEXT:      linalg.yield %[[S]] : i4
// EXEC: PASS @add_i4
func.func @add_i4() {
  %a0 = hlo.constant dense<[0, 1, 7, -3, 7, -8]> : tensor<6xi4>
  %b0 = hlo.constant dense<[-8, -1, 1, -3, 7, -8]> : tensor<6xi4>
  %a, %b = hlo.optimization_barrier %a0, %b0 : tensor<6xi4>, tensor<6xi4>
  %sum = hlo.add %a, %b : tensor<6xi4>
  %folded = hlo.add %a0, %b0 : tensor<6xi4>
  check.expect_eq_const %sum, dense<[-8, 0, -8, -6, -2, 0]> : tensor<6xi4>
  check.expect_eq_const %folded, dense<[-8, 0, -8, -6, -2, 0]> : tensor<6xi4>
  func.return
}

// EXEC: PASS @sub_ui4
func.func @sub_ui4() {
  %a0 = hlo.constant dense<[0, 15, 3]> : tensor<3xui4>
  %b0 = hlo.constant dense<[1, 15, 5]> : tensor<3xui4>
  %a, %b = hlo.optimization_barrier %a0, %b0 : tensor<3xui4>, tensor<3xui4>
  %d = hlo.subtract %a, %b : tensor<3xui4>
  %folded = hlo.subtract %a0, %b0 : tensor<3xui4>
  check.expect_eq_const %d, dense<[15, 0, 14]> : tensor<3xui4>
  check.expect_eq_const %folded, dense<[15, 0, 14]> : tensor<3xui4>
  func.return
}

// EXEC: PASS @negate_i2
func.func @negate_i2() {
  %a0 = hlo.constant dense<[-2, -1, 0, 1]> : tensor<4xi2>
  %a = hlo.optimization_barrier %a0 : tensor<4xi2>
  %n = hlo.negate %a : tensor<4xi2>
  %folded = hlo.negate %a0 : tensor<4xi2>
  check.expect_eq_const %n, dense<[-2, 1, 0, -1]> : tensor<4xi2>
  check.expect_eq_const %folded, dense<[-2, 1, 0, -1]> : tensor<4xi2>
  func.return
}

// CHECK-LABEL: func.func @conversions
// CHECK:         arith.extui %{{.*}} : ui8 to i32
// CHECK:         arith.uitofp %{{.*}} : ui8 to f32
// CHECK:         arith.fptoui %{{.*}} : f32 to ui16
// CHECK:         builtin.unrealized_conversion_cast %{{.*}} : ui64 to i64
// CHECK:         arith.extsi %{{.*}} : i4 to i32
// EXEC: PASS @conversions
func.func @conversions() {
  %u0 = hlo.constant dense<[0, 200, 255]> : tensor<3xui8>
  %f0 = hlo.constant dense<[0.0, 40000.5, 65535.0]> : tensor<3xf32>
  %w0 = hlo.constant dense<[0, 1, 18446744073709551615]> : tensor<3xui64>
  %n0 = hlo.constant dense<[-8, 7, -1]> : tensor<3xi4>
  %u, %f, %w, %n = hlo.optimization_barrier %u0, %f0, %w0, %n0 : tensor<3xui8>, tensor<3xf32>, tensor<3xui64>, tensor<3xi4>
  %ui = hlo.convert %u : (tensor<3xui8>) -> tensor<3xi32>
  %uf = hlo.convert %u : (tensor<3xui8>) -> tensor<3xf32>
  %fu = hlo.convert %f : (tensor<3xf32>) -> tensor<3xui16>
  %ws = hlo.convert %w : (tensor<3xui64>) -> tensor<3xi64>
  %ni = hlo.convert %n : (tensor<3xi4>) -> tensor<3xi32>
  check.expect_eq_const %ui, dense<[0, 200, 255]> : tensor<3xi32>
  check.expect_eq_const %uf, dense<[0.0, 200.0, 255.0]> : tensor<3xf32>
  check.expect_eq_const %fu, dense<[0, 40000, 65535]> : tensor<3xui16>
  check.expect_eq_const %ws, dense<[0, 1, -1]> : tensor<3xi64>
  check.expect_eq_const %ni, dense<[-8, 7, -1]> : tensor<3xi32>
  func.return
}
// EXEC: 4 of 4 functions passed
