// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=EXEC

// Shifts, rounding, tan, is_finite, optimization_barrier, negative padding, a dot_general and a
// convolution into a wider type, batch groups, and a call to a public function. Each function
// computes its values twice: from constants and from the same constants behind an
// optimization_barrier (which keeps any folding away; hlo-opt folds no elementwise op today,
// so both run the lowered code); both must give StableHLO's values.
//
// LLVM's shifts are poison for an amount at or past the bit width; StableHLO's give 0 (or every
// bit a copy of the top one, shifting right arithmetically, unsigned types included): a select
// on the amount read unsigned.
// The barrier itself lowers to its operands.
// CHECK-LABEL: func.func @shifts_i32
// CHECK-NEXT:    %[[A:.*]] = arith.constant dense<[-1, 0, 8, 5, -128, 7]> : tensor<6xi32>
// CHECK-NEXT:    %[[B:.*]] = arith.constant dense<[1, 2, 3, 32, 31, -1]> : tensor<6xi32>
// CHECK-NEXT:    tensor.empty
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[A]], %[[B]] : tensor<6xi32>, tensor<6xi32>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: i32, %[[N:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT:      %[[W:.*]] = arith.constant 32 : i32
// CHECK-NEXT:      %[[PAST:.*]] = arith.cmpi uge, %[[N]], %[[W]] : i32
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:      %[[SHL:.*]] = arith.shli %[[X]], %[[N]] : i32
// CHECK-NEXT:      arith.select %[[PAST]], %[[ZERO]], %[[SHL]] : i32
// CHECK:         arith.shrsi
// CHECK:         arith.shrui
// EXEC: PASS @shifts_i32
// EXEC: PASS @shifts_ui8
// EXEC: PASS @rounding
// EXEC: PASS @tan_and_finite
// EXEC: PASS @pad_negative
// EXEC: PASS @dot_into_f64
// EXEC: PASS @calls_public
// EXEC: PASS @convolution_i8_to_i32
// EXEC: PASS @convolution_batch_groups
// EXEC: 9 of 9 functions passed
func.func @shifts_i32() {
  %a0 = hlo.constant dense<[-1, 0, 8, 5, -128, 7]> : tensor<6xi32>
  %b0 = hlo.constant dense<[1, 2, 3, 32, 31, -1]> : tensor<6xi32>
  %a, %b = hlo.optimization_barrier %a0, %b0 : tensor<6xi32>, tensor<6xi32>
  %l = hlo.shift_left %a, %b : tensor<6xi32>
  %r = hlo.shift_right_arithmetic %a, %b : tensor<6xi32>
  %u = hlo.shift_right_logical %a, %b : tensor<6xi32>
  check.expect_eq_const %l, dense<[-2, 0, 64, 0, 0, 0]> : tensor<6xi32>
  check.expect_eq_const %r, dense<[-1, 0, 1, 0, -1, 0]> : tensor<6xi32>
  check.expect_eq_const %u, dense<[2147483647, 0, 1, 0, 1, 0]> : tensor<6xi32>
  %fl = hlo.shift_left %a0, %b0 : tensor<6xi32>
  %fr = hlo.shift_right_arithmetic %a0, %b0 : tensor<6xi32>
  %fu = hlo.shift_right_logical %a0, %b0 : tensor<6xi32>
  check.expect_eq_const %fl, dense<[-2, 0, 64, 0, 0, 0]> : tensor<6xi32>
  check.expect_eq_const %fr, dense<[-1, 0, 1, 0, -1, 0]> : tensor<6xi32>
  check.expect_eq_const %fu, dense<[2147483647, 0, 1, 0, 1, 0]> : tensor<6xi32>
  func.return
}

// Unsigned elements: the shift-by-splat's constant and the bit width are built signless and
// cast (arith.constant holds no unsigned integer).
// CHECK-LABEL: func.func @shifts_ui8
// CHECK:         %[[C:.*]] = arith.constant 8 : i8
// CHECK-NEXT:    builtin.unrealized_conversion_cast %[[C]] : i8 to ui8
func.func @shifts_ui8() {
  %a0 = hlo.constant dense<[255, 1, 128, 3]> : tensor<4xui8>
  %b0 = hlo.constant dense<[1, 7, 8, 255]> : tensor<4xui8>
  %a, %b = hlo.optimization_barrier %a0, %b0 : tensor<4xui8>, tensor<4xui8>
  %l = hlo.shift_left %a, %b : tensor<4xui8>
  %r = hlo.shift_right_arithmetic %a, %b : tensor<4xui8>
  %u = hlo.shift_right_logical %a, %b : tensor<4xui8>
  check.expect_eq_const %l, dense<[254, 128, 0, 0]> : tensor<4xui8>
  check.expect_eq_const %r, dense<[255, 0, 255, 0]> : tensor<4xui8>
  check.expect_eq_const %u, dense<[127, 0, 0, 0]> : tensor<4xui8>
  %fl = hlo.shift_left %a0, %b0 : tensor<4xui8>
  %fr = hlo.shift_right_arithmetic %a0, %b0 : tensor<4xui8>
  %fu = hlo.shift_right_logical %a0, %b0 : tensor<4xui8>
  check.expect_eq_const %fl, dense<[254, 128, 0, 0]> : tensor<4xui8>
  check.expect_eq_const %fr, dense<[255, 0, 255, 0]> : tensor<4xui8>
  check.expect_eq_const %fu, dense<[127, 0, 0, 0]> : tensor<4xui8>
  %m = hlo.constant dense<255> : tensor<4xui8>
  %x = hlo.xor %a, %m : tensor<4xui8>
  check.expect_eq_const %x, dense<[0, 254, 127, 252]> : tensor<4xui8>
  func.return
}

// round_nearest_even -> math.roundeven (llvm.roundeven), round_nearest_afz -> math.round
// (llvm.round): ties to even, ties away from zero; 0.49999997 + 0.5 rounds to 1 in f32, which a
// floor(x + 0.5) rounding would get wrong.
// CHECK-LABEL: func.func @rounding
// CHECK:         math.roundeven %{{.*}} : f32
// CHECK:         math.round %{{.*}} : f32
func.func @rounding() {
  %x0 = hlo.constant dense<[0.5, 1.5, 2.5, -0.5, -2.5, 0.49999997, 3.7]> : tensor<7xf32>
  %x = hlo.optimization_barrier %x0 : tensor<7xf32>
  %e = hlo.round_nearest_even %x : tensor<7xf32>
  %a = hlo.round_nearest_afz %x : tensor<7xf32>
  check.expect_eq_const %e, dense<[0.0, 2.0, 2.0, -0.0, -2.0, 0.0, 4.0]> : tensor<7xf32>
  check.expect_eq_const %a, dense<[1.0, 2.0, 3.0, -1.0, -3.0, 0.0, 4.0]> : tensor<7xf32>
  %fe = hlo.round_nearest_even %x0 : tensor<7xf32>
  %fa = hlo.round_nearest_afz %x0 : tensor<7xf32>
  check.expect_eq_const %fe, dense<[0.0, 2.0, 2.0, -0.0, -2.0, 0.0, 4.0]> : tensor<7xf32>
  check.expect_eq_const %fa, dense<[1.0, 2.0, 3.0, -1.0, -3.0, 0.0, 4.0]> : tensor<7xf32>
  func.return
}

// is_finite: |x| < inf, false for NaN (an ordered compare).
// CHECK-LABEL: func.func @tan_and_finite
// CHECK:         math.tan %{{.*}} : f64
// CHECK:         %[[ABS:.*]] = math.absf %{{.*}} : f32
// CHECK-NEXT:    %[[INF:.*]] = arith.constant 0x7f800000 : f32
// CHECK-NEXT:    arith.cmpf olt, %[[ABS]], %[[INF]] : f32
func.func @tan_and_finite() {
  %y0 = hlo.constant dense<[0.0, 1.0, -0.5, 3.14159265]> : tensor<4xf64>
  %y = hlo.optimization_barrier %y0 : tensor<4xf64>
  %t = hlo.tan %y : tensor<4xf64>
  check.expect_almost_eq_const %t, dense<[0.0, 1.5574077246549023, -0.5463024898437905, -3.5897930298416118E-9]> : tensor<4xf64>
  %x0 = hlo.constant dense<[0.0, 0x7F800000, 0xFF800000, 0x7FC00000, -3.0, 1.0e-45]> : tensor<6xf32>
  %x = hlo.optimization_barrier %x0 : tensor<6xf32>
  %f = hlo.is_finite %x : (tensor<6xf32>) -> tensor<6xi1>
  check.expect_eq_const %f, dense<[true, false, false, false, true, true]> : tensor<6xi1>
  %ff = hlo.is_finite %x0 : (tensor<6xf32>) -> tensor<6xi1>
  check.expect_eq_const %ff, dense<[true, false, false, false, true, true]> : tensor<6xi1>
  func.return
}

// Negative edge padding with interior padding (shape-family.mlir shows the lowering).
func.func @pad_negative() {
  %x0 = hlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %v = hlo.constant dense<0> : tensor<i32>
  %x = hlo.optimization_barrier %x0 : tensor<2x3xi32>
  %r = hlo.pad %x, %v, low = [-1, 1], high = [2, -2], interior = [1, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<4x4xi32>
  check.expect_eq_const %r, dense<[[0, 0, 0, 0], [0, 4, 0, 5], [0, 0, 0, 0], [0, 0, 0, 0]]> : tensor<4x4xi32>
  %f = hlo.pad %x0, %v, low = [-1, 1], high = [2, -2], interior = [1, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<4x4xi32>
  check.expect_eq_const %f, dense<[[0, 0, 0, 0], [0, 4, 0, 5], [0, 0, 0, 0], [0, 0, 0, 0]]> : tensor<4x4xi32>
  func.return
}

// A result type wider than the operands': the operands are converted, products and sums are f64
// (1 + 2^-30 is exact in f64, not in f32).
// CHECK-LABEL: func.func @dot_into_f64
// CHECK:         ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[ACC:.*]]: f64):
// CHECK-NEXT:      %[[AW:.*]] = arith.extf %[[A]] : f32 to f64
// CHECK-NEXT:      %[[BW:.*]] = arith.extf %[[B]] : f32 to f64
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[AW]], %[[BW]] fastmath<contract> : f64
// CHECK-NEXT:      arith.addf %[[ACC]], %[[P]] fastmath<contract> : f64
func.func @dot_into_f64() {
  %a0 = hlo.constant dense<[[1.0, 9.31322574615478515625e-10]]> : tensor<1x2xf32>
  %b0 = hlo.constant dense<[[1.0], [1.0]]> : tensor<2x1xf32>
  %a, %b = hlo.optimization_barrier %a0, %b0 : tensor<1x2xf32>, tensor<2x1xf32>
  %r = "hlo.dot_general"(%a, %b) {dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<1x2xf32>, tensor<2x1xf32>) -> tensor<1x1xf64>
  check.expect_eq_const %r, dense<1.000000000931322574615478515625> : tensor<1x1xf64>
  func.return
}

// run-checks runs each function without arguments; the functions it calls, public or not, are
// private in the module it compiles.
func.func @add_2(%x: tensor<i64>) -> tensor<i64> {
  %two = hlo.constant dense<2> : tensor<i64>
  %r = hlo.add %x, %two : tensor<i64>
  func.return %r : tensor<i64>
}
func.func @calls_public() {
  %one = hlo.constant dense<1> : tensor<i64>
  %r = func.call @add_2(%one) : (tensor<i64>) -> tensor<i64>
  check.expect_eq_const %r, dense<3> : tensor<i64>
  func.return
}

// StableHLO's interpreter test: i8 operands, i32 result (sums up to 620): the operands are
// extended in the body, the padding fill of the dilated input stays i8.
// CHECK-LABEL: func.func @convolution_i8_to_i32
// CHECK:         ^bb0(%[[X:.*]]: i8, %[[W:.*]]: i8, %[[ACC:.*]]: i32):
// CHECK-NEXT:      %[[XW:.*]] = arith.extsi %[[X]] : i8 to i32
// CHECK-NEXT:      %[[WW:.*]] = arith.extsi %[[W]] : i8 to i32
func.func @convolution_i8_to_i32() {
  %lhs = hlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xi8>
  %rhs = hlo.constant dense<10> : tensor<3x3x1x1xi8>
  %result = hlo.convolution(%lhs, %rhs)
    dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
    window = {
      stride = [4, 4],
      lhs_dilate = [2, 2]
    } {
      batch_group_count = 1 : i64,
      feature_group_count = 1 : i64,
      precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>]
    }
  : (tensor<1x4x4x1xi8>, tensor<3x3x1x1xi8>) -> tensor<1x2x2x1xi32>
  check.expect_eq_const %result, dense<[[[[100], [260]], [[460], [620]]]]> : tensor<1x2x2x1xi32>
  func.return
}

// batch_group_count = 4: four convolutions of one batch element (the input's batch is its
// second dim here) with one output feature each, concatenated along the output features.
// CHECK-LABEL: func.func @convolution_batch_groups
// CHECK-NOT:     hlo.
// CHECK:         func.return
func.func @convolution_batch_groups() {
  %lhs = hlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xi64>
  %rhs = hlo.constant dense<1> : tensor<1x2x1x4xi64>
  %result = hlo.convolution(%lhs, %rhs) dim_numbers = [0, b, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], lhs_dilate = [2, 2]} {batch_group_count = 4 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi64>, tensor<1x2x1x4xi64>) -> tensor<1x1x2x4xi64>
  check.expect_eq_const %result, dense<[[[[1, 3, 10, 12], [5, 7, 14, 16]]]]> : tensor<1x1x2x4xi64>
  func.return
}
