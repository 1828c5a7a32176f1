// RUN: strata-opt %s -p convert-hlo-to-linalg --split-input-file | filecheck %s

// Float remainder is C's fmod (arith has no remf). f32 is exact for every pair: in f64, long
// division by chunks: each of 7 steps takes the remainder by |y| 2^s, s = max(exponent gap -
// 40, 0) (a multiple of |y|; the quotient, below 2^41, from one reciprocal of |y| times 2^-s;
// one exact fma), fixed by |y| 2^s either way; x's sign after, then fmod's special values (x
// where y is infinite, NaN where x is infinite or y is 0). fmod(3e9, 0.7) is 0.48969638, where
// one step gave -49.9.
// CHECK-LABEL: func.func @remainder_float
// CHECK:      ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[XW:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK-NEXT:   %[[YW:.*]] = arith.extf %[[Y]] : f32 to f64
// CHECK:        %[[AX:.*]] = math.absf %[[XW]] : f64
// CHECK-NEXT:   %[[AY:.*]] = math.absf %[[YW]] : f64
// CHECK-NEXT:   %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:   %[[INV:.*]] = arith.divf %[[ONE]], %[[AY]] : f64
// CHECK-NOT:    arith.divf
// CHECK-COUNT-7: math.fma %{{.*}} : f64
// CHECK-NOT:    math.fma
// CHECK:        %[[R:.*]] = math.copysign %{{.*}}, %[[XW]] : f64
// CHECK:        %[[YINF:.*]] = arith.select %{{.*}}, %[[XW]], %[[R]] : f64
// CHECK:        %[[NAN:.*]] = arith.constant 0x7ff8000000000000 : f64
// CHECK-NEXT:   %[[OUT:.*]] = arith.select %{{.*}}, %[[YINF]], %[[NAN]] : f64
// CHECK-NEXT:   %[[N:.*]] = arith.truncf %[[OUT]] : f64 to f32
// CHECK-NEXT:   linalg.yield %[[N]] : f32
func.func @remainder_float(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.remainder %x, %y : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// f64 takes one step: the residual by fma, x itself where the quotient truncates to 0 (|x| <
// |y|: fmod(2, inf) is 2, where 0 * inf would make a NaN), fixed where the rounded quotient
// overshot; exact below quotients of 2^53.
// CHECK-LABEL: func.func @remainder_f64
// CHECK:      ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT:   %[[Q:.*]] = arith.divf %[[X]], %[[Y]] : f64
// CHECK-NEXT:   %[[T:.*]] = math.trunc %[[Q]] : f64
// CHECK-NEXT:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:   %[[NT:.*]] = arith.negf %[[T]] : f64
// CHECK-NEXT:   %[[FMA:.*]] = math.fma %[[NT]], %[[Y]], %[[X]] : f64
// CHECK-NEXT:   %[[Q0:.*]] = arith.cmpf oeq, %[[T]], %[[ZERO]] : f64
// CHECK-NEXT:   %[[R:.*]] = arith.select %[[Q0]], %[[X]], %[[FMA]] : f64
// CHECK:        %[[STEP:.*]] = math.copysign %{{.*}}, %[[X]] : f64
// CHECK-NEXT:   %[[RS:.*]] = arith.addf %[[R]], %[[STEP]] : f64
// CHECK-NEXT:   %[[OUT:.*]] = arith.select %{{.*}}, %[[RS]], %[[R]] : f64
// CHECK-NEXT:   linalg.yield %[[OUT]] : f64
func.func @remainder_f64(%x: tensor<4xf64>, %y: tensor<4xf64>) -> tensor<4xf64> {
  %0 = hlo.remainder %x, %y : tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// -----

// Integer power: square-and-multiply over the exponent's bits (unrolled), then the
// negative-exponent cases (0, or +-1 for a base of +-1).
// CHECK-LABEL: func.func @power_int
// CHECK:      ^bb0(%[[B:.*]]: i8, %[[E:.*]]: i8, %{{.*}}: i8):
// CHECK:        %[[BIT0:.*]] = arith.trunci %[[E]] : i8 to i1
// CHECK:        %[[SQ:.*]] = arith.muli %[[B]], %[[B]] : i8
// CHECK:        arith.shrui %[[E]], %{{.*}} : i8
// CHECK:        %[[NEG:.*]] = arith.cmpi slt, %[[E]], %{{.*}} : i8
// CHECK:        %[[OUT:.*]] = arith.select %[[NEG]], %{{.*}}, %{{.*}} : i8
// CHECK-NEXT:   linalg.yield %[[OUT]] : i8
func.func @power_int(%x: tensor<4xi8>, %y: tensor<4xi8>) -> tensor<4xi8> {
  %0 = hlo.power %x, %y : tensor<4xi8>
  func.return %0 : tensor<4xi8>
}

// -----

// Comparing booleans (tf sign tests in FloorDiv/FloorMod) is an integer compare on i1.
// CHECK-LABEL: func.func @compare_bools
// CHECK:      ^bb0(%[[A:.*]]: i1, %[[B:.*]]: i1, %{{.*}}: i1):
// CHECK-NEXT:   %[[NE:.*]] = arith.cmpi ne, %[[A]], %[[B]] : i1
// CHECK-NEXT:   linalg.yield %[[NE]] : i1
func.func @compare_bools(%x: tensor<4xi1>, %y: tensor<4xi1>) -> tensor<4xi1> {
  %0 = hlo.compare NE, %x, %y, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  func.return %0 : tensor<4xi1>
}

// -----

// math.ctpop takes signless integers: an unsigned element is cast to the signless type of its
// width (the same bits) and back.
// CHECK-LABEL: func.func @popcnt_unsigned
// CHECK:      ^bb0(%[[X:.*]]: ui16, %{{.*}}: ui16):
// CHECK-NEXT:   %[[S:.*]] = builtin.unrealized_conversion_cast %[[X]] : ui16 to i16
// CHECK-NEXT:   %[[N:.*]] = math.ctpop %[[S]] : i16
// CHECK-NEXT:   %[[U:.*]] = builtin.unrealized_conversion_cast %[[N]] : i16 to ui16
// CHECK-NEXT:   linalg.yield %[[U]] : ui16
func.func @popcnt_unsigned(%x: tensor<4xui16>) -> tensor<4xui16> {
  %0 = hlo.popcnt %x : tensor<4xui16>
  func.return %0 : tensor<4xui16>
}
