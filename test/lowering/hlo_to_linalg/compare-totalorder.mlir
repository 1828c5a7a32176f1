// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=EXEC

// compare with TOTALORDER on floats orders -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN:
// each operand's bits read as a signed integer, every bit but the sign flipped when the sign
// is set, and compared as integers (JAX sorts floats this way).
// CHECK-LABEL: func.func @total
// CHECK:         ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT:      %[[ABITS:.*]] = arith.bitcast %[[A]] : f32 to i32
// CHECK-NEXT:      %[[K31:.*]] = arith.constant 31 : i32
// CHECK-NEXT:      %[[ASIGN:.*]] = arith.shrsi %[[ABITS]], %[[K31]] : i32
// CHECK-NEXT:      %[[MAX:.*]] = arith.constant 2147483647 : i32
// CHECK-NEXT:      %[[AFLIP:.*]] = arith.andi %[[ASIGN]], %[[MAX]] : i32
// CHECK-NEXT:      %[[AKEY:.*]] = arith.xori %[[ABITS]], %[[AFLIP]] : i32
// CHECK:           %[[BKEY:.*]] = arith.xori
// CHECK-NEXT:      arith.cmpi slt, %[[AKEY]], %[[BKEY]] : i32
// EXEC: PASS @total
func.func @total() {
  %a0 = hlo.constant dense<[0xFFC00000, 0xFF800000, -1.0, -0.0, 0.0, 1.0, 0x7F800000, 0x7FC00000, -0.0, 0x7FC00000]> : tensor<10xf32>
  %b0 = hlo.constant dense<[0xFF800000, -1.0, -0.0, 0.0, 1.0, 0x7F800000, 0x7FC00000, 0xFFC00000, -0.0, 0x7FC00000]> : tensor<10xf32>
  %a, %b = hlo.optimization_barrier %a0, %b0 : tensor<10xf32>, tensor<10xf32>
  %lt = hlo.compare LT, %a, %b, TOTALORDER : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
  %eq = hlo.compare EQ, %a, %b, TOTALORDER : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
  check.expect_eq_const %lt, dense<[true, true, true, true, true, true, true, false, false, false]> : tensor<10xi1>
  check.expect_eq_const %eq, dense<[false, false, false, false, false, false, false, false, true, true]> : tensor<10xi1>
  func.return
}

// A sort by TOTALORDER puts NaN last and -0 before +0, in f64 and bf16.
// EXEC: PASS @sort_total
func.func @sort_total() {
  %x0 = hlo.constant dense<[3.0, 0x7FF8000000000000, 0.0, -0.0, 0xFFF0000000000000, 1.0]> : tensor<6xf64>
  %h0 = hlo.constant dense<[3.0, 0x7FC0, 0.0, -0.0, 0xFF80, 1.0]> : tensor<6xbf16>
  %x, %h = hlo.optimization_barrier %x0, %h0 : tensor<6xf64>, tensor<6xbf16>
  %s = "hlo.sort"(%x) ({
  ^bb0(%l: tensor<f64>, %r: tensor<f64>):
    %p = hlo.compare LT, %l, %r, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<6xf64>) -> tensor<6xf64>
  %t = "hlo.sort"(%h) ({
  ^bb0(%l: tensor<bf16>, %r: tensor<bf16>):
    %p = hlo.compare LT, %l, %r, TOTALORDER : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<6xbf16>) -> tensor<6xbf16>
  %bits = hlo.bitcast_convert %s : (tensor<6xf64>) -> tensor<6xi64>
  %hbits = hlo.bitcast_convert %t : (tensor<6xbf16>) -> tensor<6xi16>
  // -inf, -0, +0, 1, 3, NaN as bits (a NaN compares unequal to itself as a float).
  check.expect_eq_const %bits, dense<[-4503599627370496, -9223372036854775808, 0, 4607182418800017408, 4613937818241073152, 9221120237041090560]> : tensor<6xi64>
  check.expect_eq_const %hbits, dense<[-128, -32768, 0, 16256, 16448, 32704]> : tensor<6xi16>
  func.return
}
// EXEC: 2 of 2 functions passed
