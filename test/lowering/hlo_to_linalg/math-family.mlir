// RUN: strata-opt %s -p convert-hlo-to-linalg --split-input-file | filecheck %s

// Float remainder is C's fmod (arith has no remf): the residual by fma, x itself where the
// quotient truncates to 0 (|x| < |y|: fmod(2, inf) is 2, where 0 * inf would make a NaN), fixed
// where the rounded quotient overshot.
// CHECK-LABEL: func.func @remainder_float
// CHECK:      ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[Q:.*]] = arith.divf %[[X]], %[[Y]] : f32
// CHECK-NEXT:   %[[T:.*]] = math.trunc %[[Q]] : f32
// CHECK-NEXT:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[NT:.*]] = arith.negf %[[T]] : f32
// CHECK-NEXT:   %[[FMA:.*]] = math.fma %[[NT]], %[[Y]], %[[X]] : f32
// CHECK-NEXT:   %[[Q0:.*]] = arith.cmpf oeq, %[[T]], %[[ZERO]] : f32
// CHECK-NEXT:   %[[R:.*]] = arith.select %[[Q0]], %[[X]], %[[FMA]] : f32
// CHECK:        %[[STEP:.*]] = math.copysign %{{.*}}, %[[X]] : f32
// CHECK-NEXT:   %[[RS:.*]] = arith.addf %[[R]], %[[STEP]] : f32
// CHECK-NEXT:   %[[OUT:.*]] = arith.select %{{.*}}, %[[RS]], %[[R]] : f32
// CHECK-NEXT:   linalg.yield %[[OUT]] : f32
func.func @remainder_float(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.remainder %x, %y : tensor<4xf32>
  func.return %0 : tensor<4xf32>
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
