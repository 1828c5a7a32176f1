// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=EXEC

// hlo.bitcast_convert between elements of one width is an elementwise arith.bitcast (a cast
// for a change of signedness alone). Between widths it is a linalg.generic over the narrower
// side: each narrow element is the wide one shifted right by its width times its position
// along the last dim (lowest bits first, little-endian as StableHLO specifies), and joining
// or-s each narrow element, shifted left, into a zero (a reduction over that dim).
// hlo.reduce_precision is integer ops on the float's bits (XLA's algorithm, which StableHLO's
// interpreter follows): round the mantissa to nearest even, then, where the exponent
// narrows, overflow to the signed infinity and flush values below the reduced format's smallest
// normal to the signed zero; NaN stays NaN, or is +inf for 0 mantissa bits.
// hlo.get_tuple_element of an hlo.tuple is the element; unused tuples are erased.
//
// Each run function computes its values twice: behind an optimization_barrier (the compiled
// code) and from the constants (folded by numpy on the bits, scalar_semantics); both must give
// the expected values: numpy's `.view()` for bitcasts, an exact rational reference for
// reduce_precision. Bits are compared as integers, so signed zeros and NaN payloads count.

// CHECK-LABEL: func.func @one_width
// CHECK:         linalg.generic
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: i32):
// CHECK-NEXT:      %[[B:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK-NEXT:      linalg.yield %[[B]] : i32
// CHECK:         ^bb0(%[[H:.*]]: bf16, %{{.*}}: f16):
// CHECK-NEXT:      %[[I:.*]] = arith.bitcast %[[H]] : bf16 to i16
// CHECK-NEXT:      %[[F:.*]] = arith.bitcast %[[I]] : i16 to f16
// CHECK-NEXT:      linalg.yield %[[F]] : f16
// CHECK:         ^bb0(%[[U:.*]]: ui32, %{{.*}}: f32):
// CHECK-NEXT:      %[[S:.*]] = builtin.unrealized_conversion_cast %[[U]] : ui32 to i32
// CHECK-NEXT:      arith.bitcast %[[S]] : i32 to f32
func.func @one_width(%x: tensor<4xf32>, %h: tensor<4xbf16>, %u: tensor<4xui32>) -> (tensor<4xi32>, tensor<4xf16>, tensor<4xf32>) {
  %0 = hlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4xi32>
  %1 = hlo.bitcast_convert %h : (tensor<4xbf16>) -> tensor<4xf16>
  %2 = hlo.bitcast_convert %u : (tensor<4xui32>) -> tensor<4xf32>
  func.return %0, %1, %2 : tensor<4xi32>, tensor<4xf16>, tensor<4xf32>
}

// CHECK-LABEL: func.func @split
// CHECK-SAME:    (%[[X:.*]]: tensor<3xf32>)
// CHECK:         linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<3xf32>)
// CHECK-NEXT:    ^bb0(%[[E:.*]]: f32, %{{.*}}: i8):
// CHECK-NEXT:      %[[K:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[KI:.*]] = arith.index_cast %[[K]] : index to i32
// CHECK-NEXT:      %[[W:.*]] = arith.constant 8 : i32
// CHECK-NEXT:      %[[SHIFT:.*]] = arith.muli %[[KI]], %[[W]] : i32
// CHECK-NEXT:      %[[BITS:.*]] = arith.bitcast %[[E]] : f32 to i32
// CHECK-NEXT:      %[[R:.*]] = arith.shrui %[[BITS]], %[[SHIFT]] : i32
// CHECK-NEXT:      %[[T:.*]] = arith.trunci %[[R]] : i32 to i8
// CHECK-NEXT:      linalg.yield %[[T]] : i8
// CHECK-NEXT:    } -> tensor<3x4xi8>
func.func @split(%x: tensor<3xf32>) -> tensor<3x4xi8> {
  %0 = hlo.bitcast_convert %x : (tensor<3xf32>) -> tensor<3x4xi8>
  func.return %0 : tensor<3x4xi8>
}

// CHECK-LABEL: func.func @join
// CHECK-SAME:    (%[[X:.*]]: tensor<3x64xi1>)
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:         %[[INIT:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<3xi64>)
// CHECK-NEXT:    ^bb0(%{{.*}}: i64):
// CHECK-NEXT:      linalg.yield %[[ZERO]] : i64
// CHECK:         %[[BITS:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<3x64xi1>) outs(%[[INIT]] : tensor<3xi64>)
// CHECK-NEXT:    ^bb0(%[[E:.*]]: i1, %[[ACC:.*]]: i64):
// CHECK-NEXT:      %[[WIDE:.*]] = arith.extui %[[E]] : i1 to i64
// CHECK-NEXT:      %[[K:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[KI:.*]] = arith.index_cast %[[K]] : index to i64
// CHECK-NEXT:      %[[W:.*]] = arith.constant 1 : i64
// CHECK-NEXT:      %[[SHIFT:.*]] = arith.muli %[[KI]], %[[W]] : i64
// CHECK-NEXT:      %[[PLACED:.*]] = arith.shli %[[WIDE]], %[[SHIFT]] : i64
// CHECK-NEXT:      %[[OR:.*]] = arith.ori %[[ACC]], %[[PLACED]] : i64
// CHECK-NEXT:      linalg.yield %[[OR]] : i64
// CHECK-NEXT:    } -> tensor<3xi64>
// The bits become the result's type elementwise (fused with what reads them).
// CHECK:         linalg.generic {{.*}} ins(%[[BITS]] : tensor<3xi64>)
// CHECK-NEXT:    ^bb0(%[[B:.*]]: i64, %{{.*}}: f64):
// CHECK-NEXT:      %[[F:.*]] = arith.bitcast %[[B]] : i64 to f64
// CHECK-NEXT:      linalg.yield %[[F]] : f64
func.func @join(%x: tensor<3x64xi1>) -> tensor<3xf64> {
  %0 = hlo.bitcast_convert %x : (tensor<3x64xi1>) -> tensor<3xf64>
  func.return %0 : tensor<3xf64>
}

// f32 to e5m10: 13 mantissa bits rounded off (bias 0xFFF plus the lowest kept bit), then the
// exponent field checked against f16's range (0x47000000: 2^15, 0x38800000: 2^-14).
// CHECK-LABEL: func.func @reduce_precision_f32
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[BITS:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK-NEXT:      %[[DROPPED:.*]] = arith.constant 13 : i32
// CHECK-NEXT:      %[[SHIFTED:.*]] = arith.shrui %[[BITS]], %[[DROPPED]] : i32
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:      %[[LOWEST:.*]] = arith.andi %[[SHIFTED]], %[[ONE]] : i32
// CHECK-NEXT:      %[[HALF:.*]] = arith.constant 4095 : i32
// CHECK-NEXT:      %[[BIAS:.*]] = arith.addi %[[LOWEST]], %[[HALF]] : i32
// CHECK-NEXT:      %[[SUM:.*]] = arith.addi %[[BITS]], %[[BIAS]] : i32
// CHECK-NEXT:      %[[KEPT:.*]] = arith.constant -8192 : i32
// CHECK-NEXT:      %[[ROUNDED:.*]] = arith.andi %[[SUM]], %[[KEPT]] : i32
// CHECK-NEXT:      %[[EXPMASK:.*]] = arith.constant 2139095040 : i32
// CHECK-NEXT:      %[[EXP:.*]] = arith.andi %[[ROUNDED]], %[[EXPMASK]] : i32
// CHECK-NEXT:      %[[SIGNMASK:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT:      %[[ZERO:.*]] = arith.andi %[[ROUNDED]], %[[SIGNMASK]] : i32
// CHECK-NEXT:      %[[INF:.*]] = arith.ori %[[ZERO]], %[[EXPMASK]] : i32
// CHECK-NEXT:      %[[HIGH:.*]] = arith.constant 1191182336 : i32
// CHECK-NEXT:      %[[OVER:.*]] = arith.cmpi ugt, %[[EXP]], %[[HIGH]] : i32
// CHECK-NEXT:      %[[LOW:.*]] = arith.constant 947912704 : i32
// CHECK-NEXT:      %[[UNDER:.*]] = arith.cmpi ult, %[[EXP]], %[[LOW]] : i32
// CHECK-NEXT:      %[[R1:.*]] = arith.select %[[OVER]], %[[INF]], %[[ROUNDED]] : i32
// CHECK-NEXT:      %[[R2:.*]] = arith.select %[[UNDER]], %[[ZERO]], %[[R1]] : i32
// CHECK-NEXT:      %[[MAGMASK:.*]] = arith.constant 2147483647 : i32
// CHECK-NEXT:      %[[MAG:.*]] = arith.andi %[[BITS]], %[[MAGMASK]] : i32
// CHECK-NEXT:      %[[NAN:.*]] = arith.cmpi ugt, %[[MAG]], %[[EXPMASK]] : i32
// CHECK-NEXT:      %[[R3:.*]] = arith.select %[[NAN]], %[[BITS]], %[[R2]] : i32
// CHECK-NEXT:      %[[F:.*]] = arith.bitcast %[[R3]] : i32 to f32
// CHECK-NEXT:      linalg.yield %[[F]] : f32
// A format at least as wide as the operand's changes nothing.
// CHECK-NOT:     linalg.generic
// CHECK:         func.return %{{.*}}, %[[Y:.*]] :
func.func @reduce_precision_f32(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = hlo.reduce_precision %x, format = e5m10 : tensor<4xf32>
  %1 = hlo.reduce_precision %y, format = e8m23 : tensor<4xf32>
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// Tuples go; a bitcast_convert or reduce_precision of a constant folds.
// CHECK-LABEL: func.func @tuples_and_folding
// CHECK-SAME:    (%[[X:.*]]: tensor<2xf32>, %[[I:.*]]: tensor<i32>)
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<[0, 0, -128, 63]> : tensor<4xi8>
// CHECK-NEXT:    %[[R:.*]] = arith.constant dense<[6.550400e+04, 0x7f800000]> : tensor<2xf32>
// CHECK-NEXT:    func.return %[[I]], %[[X]], %[[C]], %[[R]] :
func.func @tuples_and_folding(%x: tensor<2xf32>, %i: tensor<i32>) -> (tensor<i32>, tensor<2xf32>, tensor<4xi8>, tensor<2xf32>) {
  %inner = hlo.tuple %i : tuple<tensor<i32>>
  %t = hlo.tuple %x, %inner : tuple<tensor<2xf32>, tuple<tensor<i32>>>
  %unused = hlo.tuple %x, %x : tuple<tensor<2xf32>, tensor<2xf32>>
  %0 = hlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tuple<tensor<i32>>
  %1 = hlo.get_tuple_element %0[0] : (tuple<tensor<i32>>) -> tensor<i32>
  %2 = hlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tensor<2xf32>
  %one = hlo.constant dense<1.0> : tensor<f32>
  %3 = hlo.bitcast_convert %one : (tensor<f32>) -> tensor<4xi8>
  %big = hlo.constant dense<[65519.0, 65520.0]> : tensor<2xf32>
  %4 = hlo.reduce_precision %big, format = e5m10 : tensor<2xf32>
  func.return %1, %2, %3, %4 : tensor<i32>, tensor<2xf32>, tensor<4xi8>, tensor<2xf32>
}

// EXEC: PASS @bitcast_f32
func.func @bitcast_f32() {
  %x0 = hlo.constant dense<[0x3F800000, 0xC0200000, 0x3DCCCCCD, 0x7F800000, 0x7FC00001, 0x80000000]> : tensor<6xf32>
  %x = hlo.optimization_barrier %x0 : tensor<6xf32>
  %i = hlo.bitcast_convert %x : (tensor<6xf32>) -> tensor<6xi32>
  %b = hlo.bitcast_convert %x : (tensor<6xf32>) -> tensor<6x4xi8>
  %back = hlo.bitcast_convert %b : (tensor<6x4xi8>) -> tensor<6xf32>
  %back_i = hlo.bitcast_convert %back : (tensor<6xf32>) -> tensor<6xi32>
  check.expect_eq_const %i, dense<[1065353216, -1071644672, 1036831949, 2139095040, 2143289345, -2147483648]> : tensor<6xi32>
  check.expect_eq_const %b, dense<[[0, 0, -128, 63], [0, 0, 32, -64], [-51, -52, -52, 61], [0, 0, -128, 127], [1, 0, -64, 127], [0, 0, 0, -128]]> : tensor<6x4xi8>
  check.expect_eq_const %back_i, dense<[1065353216, -1071644672, 1036831949, 2139095040, 2143289345, -2147483648]> : tensor<6xi32>
  %fi = hlo.bitcast_convert %x0 : (tensor<6xf32>) -> tensor<6xi32>
  %fb = hlo.bitcast_convert %x0 : (tensor<6xf32>) -> tensor<6x4xi8>
  %fback = hlo.bitcast_convert %fb : (tensor<6x4xi8>) -> tensor<6xf32>
  %fback_i = hlo.bitcast_convert %fback : (tensor<6xf32>) -> tensor<6xi32>
  check.expect_eq_const %fi, dense<[1065353216, -1071644672, 1036831949, 2139095040, 2143289345, -2147483648]> : tensor<6xi32>
  check.expect_eq_const %fb, dense<[[0, 0, -128, 63], [0, 0, 32, -64], [-51, -52, -52, 61], [0, 0, -128, 127], [1, 0, -64, 127], [0, 0, 0, -128]]> : tensor<6x4xi8>
  check.expect_eq_const %fback_i, dense<[1065353216, -1071644672, 1036831949, 2139095040, 2143289345, -2147483648]> : tensor<6xi32>
  func.return
}

// f64 into two i32 and back; StableHLO's example, f64 into four f16 (rank 0 to rank 1).
// EXEC: PASS @bitcast_f64
func.func @bitcast_f64() {
  %x0 = hlo.constant dense<[0x0123456789ABCDEF, 0xBFF8000000000000, 0x7E37E43C8800759C]> : tensor<3xf64>
  %s0 = hlo.constant dense<0x0123456789ABCDEF> : tensor<f64>
  %x, %s = hlo.optimization_barrier %x0, %s0 : tensor<3xf64>, tensor<f64>
  %w = hlo.bitcast_convert %x : (tensor<3xf64>) -> tensor<3x2xi32>
  %back = hlo.bitcast_convert %w : (tensor<3x2xi32>) -> tensor<3xf64>
  %back_i = hlo.bitcast_convert %back : (tensor<3xf64>) -> tensor<3xi64>
  %h = hlo.bitcast_convert %s : (tensor<f64>) -> tensor<4xf16>
  %h_back = hlo.bitcast_convert %h : (tensor<4xf16>) -> tensor<i64>
  check.expect_eq_const %w, dense<[[-1985229329, 19088743], [0, -1074266112], [-2013235812, 2117592124]]> : tensor<3x2xi32>
  check.expect_eq_const %back_i, dense<[81985529216486895, -4613937818241073152, 9094988921128908188]> : tensor<3xi64>
  check.expect_eq_const %h, dense<[0xCDEF, 0x89AB, 0x4567, 0x0123]> : tensor<4xf16>
  check.expect_eq_const %h_back, dense<81985529216486895> : tensor<i64>
  %fw = hlo.bitcast_convert %x0 : (tensor<3xf64>) -> tensor<3x2xi32>
  %fback = hlo.bitcast_convert %fw : (tensor<3x2xi32>) -> tensor<3xf64>
  %fback_i = hlo.bitcast_convert %fback : (tensor<3xf64>) -> tensor<3xi64>
  %fh = hlo.bitcast_convert %s0 : (tensor<f64>) -> tensor<4xf16>
  %fh_back = hlo.bitcast_convert %fh : (tensor<4xf16>) -> tensor<i64>
  check.expect_eq_const %fw, dense<[[-1985229329, 19088743], [0, -1074266112], [-2013235812, 2117592124]]> : tensor<3x2xi32>
  check.expect_eq_const %fback_i, dense<[81985529216486895, -4613937818241073152, 9094988921128908188]> : tensor<3xi64>
  check.expect_eq_const %fh, dense<[0xCDEF, 0x89AB, 0x4567, 0x0123]> : tensor<4xf16>
  check.expect_eq_const %fh_back, dense<81985529216486895> : tensor<i64>
  func.return
}

// An i1 is one bit (held in a byte): i8 into eight i1, lowest bit first, and back; sixteen i1
// into a bf16.
// EXEC: PASS @bitcast_i1
func.func @bitcast_i1() {
  %x0 = hlo.constant dense<[1, -128, 90, -1, 0]> : tensor<5xi8>
  %p0 = hlo.constant dense<[[false, false, true, false, true, true, false, false, false, true, false, false, true, false, false, false], [false, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true]]> : tensor<2x16xi1>
  %x, %p = hlo.optimization_barrier %x0, %p0 : tensor<5xi8>, tensor<2x16xi1>
  %bits = hlo.bitcast_convert %x : (tensor<5xi8>) -> tensor<5x8xi1>
  %back = hlo.bitcast_convert %bits : (tensor<5x8xi1>) -> tensor<5xi8>
  %h = hlo.bitcast_convert %p : (tensor<2x16xi1>) -> tensor<2xbf16>
  %h_i = hlo.bitcast_convert %h : (tensor<2xbf16>) -> tensor<2xi16>
  check.expect_eq_const %bits, dense<[[true, false, false, false, false, false, false, false], [false, false, false, false, false, false, false, true], [false, true, false, true, true, false, true, false], [true, true, true, true, true, true, true, true], [false, false, false, false, false, false, false, false]]> : tensor<5x8xi1>
  check.expect_eq_const %back, dense<[1, -128, 90, -1, 0]> : tensor<5xi8>
  check.expect_eq_const %h_i, dense<[4660, -2]> : tensor<2xi16>
  %fbits = hlo.bitcast_convert %x0 : (tensor<5xi8>) -> tensor<5x8xi1>
  %fback = hlo.bitcast_convert %fbits : (tensor<5x8xi1>) -> tensor<5xi8>
  %fh = hlo.bitcast_convert %p0 : (tensor<2x16xi1>) -> tensor<2xbf16>
  %fh_i = hlo.bitcast_convert %fh : (tensor<2xbf16>) -> tensor<2xi16>
  check.expect_eq_const %fbits, dense<[[true, false, false, false, false, false, false, false], [false, false, false, false, false, false, false, true], [false, true, false, true, true, false, true, false], [true, true, true, true, true, true, true, true], [false, false, false, false, false, false, false, false]]> : tensor<5x8xi1>
  check.expect_eq_const %fback, dense<[1, -128, 90, -1, 0]> : tensor<5xi8>
  check.expect_eq_const %fh_i, dense<[4660, -2]> : tensor<2xi16>
  func.return
}

// bf16 (i16 bits at LLVM) as i16, as two i8, as f16 (through i16), and back from the bytes.
// EXEC: PASS @bitcast_bf16
func.func @bitcast_bf16() {
  %x0 = hlo.constant dense<[0x3F80, 0xC020, 0x7FC1, 0x0001]> : tensor<4xbf16>
  %x = hlo.optimization_barrier %x0 : tensor<4xbf16>
  %i = hlo.bitcast_convert %x : (tensor<4xbf16>) -> tensor<4xi16>
  %b = hlo.bitcast_convert %x : (tensor<4xbf16>) -> tensor<4x2xi8>
  %h = hlo.bitcast_convert %x : (tensor<4xbf16>) -> tensor<4xf16>
  %h_i = hlo.bitcast_convert %h : (tensor<4xf16>) -> tensor<4xi16>
  %back = hlo.bitcast_convert %b : (tensor<4x2xi8>) -> tensor<4xbf16>
  %back_i = hlo.bitcast_convert %back : (tensor<4xbf16>) -> tensor<4xi16>
  check.expect_eq_const %i, dense<[16256, -16352, 32705, 1]> : tensor<4xi16>
  check.expect_eq_const %b, dense<[[-128, 63], [32, -64], [-63, 127], [1, 0]]> : tensor<4x2xi8>
  check.expect_eq_const %h_i, dense<[16256, -16352, 32705, 1]> : tensor<4xi16>
  check.expect_eq_const %back_i, dense<[16256, -16352, 32705, 1]> : tensor<4xi16>
  %fi = hlo.bitcast_convert %x0 : (tensor<4xbf16>) -> tensor<4xi16>
  %fb = hlo.bitcast_convert %x0 : (tensor<4xbf16>) -> tensor<4x2xi8>
  %fh = hlo.bitcast_convert %x0 : (tensor<4xbf16>) -> tensor<4xf16>
  %fh_i = hlo.bitcast_convert %fh : (tensor<4xf16>) -> tensor<4xi16>
  %fback = hlo.bitcast_convert %fb : (tensor<4x2xi8>) -> tensor<4xbf16>
  %fback_i = hlo.bitcast_convert %fback : (tensor<4xbf16>) -> tensor<4xi16>
  check.expect_eq_const %fi, dense<[16256, -16352, 32705, 1]> : tensor<4xi16>
  check.expect_eq_const %fb, dense<[[-128, 63], [32, -64], [-63, 127], [1, 0]]> : tensor<4x2xi8>
  check.expect_eq_const %fh_i, dense<[16256, -16352, 32705, 1]> : tensor<4xi16>
  check.expect_eq_const %fback_i, dense<[16256, -16352, 32705, 1]> : tensor<4xi16>
  func.return
}

// i4 and ui4 halves of a byte (low nibble first), unsigned bytes into a ui32, and a change of
// signedness alone.
// EXEC: PASS @bitcast_narrow_integers
func.func @bitcast_narrow_integers() {
  %x0 = hlo.constant dense<[90, -1, -128, 7]> : tensor<4xi8>
  %u0 = hlo.constant dense<[[120, 86, 52, 18], [255, 255, 255, 255]]> : tensor<2x4xui8>
  %x, %u = hlo.optimization_barrier %x0, %u0 : tensor<4xi8>, tensor<2x4xui8>
  %n = hlo.bitcast_convert %x : (tensor<4xi8>) -> tensor<4x2xi4>
  %un = hlo.bitcast_convert %x : (tensor<4xi8>) -> tensor<4x2xui4>
  %back = hlo.bitcast_convert %n : (tensor<4x2xi4>) -> tensor<4xi8>
  %w = hlo.bitcast_convert %u : (tensor<2x4xui8>) -> tensor<2xui32>
  %s = hlo.bitcast_convert %u : (tensor<2x4xui8>) -> tensor<2x4xi8>
  check.expect_eq_const %n, dense<[[-6, 5], [-1, -1], [0, -8], [7, 0]]> : tensor<4x2xi4>
  check.expect_eq_const %un, dense<[[10, 5], [15, 15], [0, 8], [7, 0]]> : tensor<4x2xui4>
  check.expect_eq_const %back, dense<[90, -1, -128, 7]> : tensor<4xi8>
  check.expect_eq_const %w, dense<[305419896, 4294967295]> : tensor<2xui32>
  check.expect_eq_const %s, dense<[[120, 86, 52, 18], [-1, -1, -1, -1]]> : tensor<2x4xi8>
  %fn = hlo.bitcast_convert %x0 : (tensor<4xi8>) -> tensor<4x2xi4>
  %fun = hlo.bitcast_convert %x0 : (tensor<4xi8>) -> tensor<4x2xui4>
  %fback = hlo.bitcast_convert %fn : (tensor<4x2xi4>) -> tensor<4xi8>
  %fw = hlo.bitcast_convert %u0 : (tensor<2x4xui8>) -> tensor<2xui32>
  %fs = hlo.bitcast_convert %u0 : (tensor<2x4xui8>) -> tensor<2x4xi8>
  check.expect_eq_const %fn, dense<[[-6, 5], [-1, -1], [0, -8], [7, 0]]> : tensor<4x2xi4>
  check.expect_eq_const %fun, dense<[[10, 5], [15, 15], [0, 8], [7, 0]]> : tensor<4x2xui4>
  check.expect_eq_const %fback, dense<[90, -1, -128, 7]> : tensor<4xi8>
  check.expect_eq_const %fw, dense<[305419896, 4294967295]> : tensor<2xui32>
  check.expect_eq_const %fs, dense<[[120, 86, 52, 18], [-1, -1, -1, -1]]> : tensor<2x4xi8>
  func.return
}

// Operands are given as their bits (a float constant's NaN payload would not survive the text).
//
// f16's range and precision on f32: 65504 is f16's largest; 65519 rounds down to it and the
// tie 65520 up to infinity (of either sign); 1 + 2^-11 and 1 + 3 * 2^-11 are ties (to even:
// down, up); a NaN keeps its payload and sign (a signalling one too); 2^-14 (f16's smallest
// normal) stays and a value just below it rounds up to it; 2^-15 (an f16 subnormal) and an
// f32 subnormal flush to zero of their sign; 3e38 overflows.
// EXEC: PASS @reduce_precision_f32_e5m10
func.func @reduce_precision_f32_e5m10() {
  %c0 = hlo.constant dense<[0x477FE000, 0x477FEF00, 0x477FF000, 0xC77FF000, 0x3F801000, 0x3F803000, 0x3DCCCCCD, 0x7FC00001, 0xFF800001, 0x7F800000, 0xFF800000, 0x38800000, 0x387FF000, 0x38000000, 0xB8000000, 0x00000001, 0x80000000, 0x7F61B1E6]> : tensor<18xi32>
  %x0 = hlo.optimization_barrier %c0 : tensor<18xi32>
  %f0 = hlo.bitcast_convert %x0 : (tensor<18xi32>) -> tensor<18xf32>
  %r0 = hlo.reduce_precision %f0, format = e5m10 : tensor<18xf32>
  %b0 = hlo.bitcast_convert %r0 : (tensor<18xf32>) -> tensor<18xi32>
  check.expect_eq_const %b0, dense<[0x477FE000, 0x477FE000, 0x7F800000, 0xFF800000, 0x3F800000, 0x3F804000, 0x3DCCC000, 0x7FC00001, 0xFF800001, 0x7F800000, 0xFF800000, 0x38800000, 0x38800000, 0x00000000, 0x80000000, 0x00000000, 0x80000000, 0x7F800000]> : tensor<18xi32>
  check.expect_eq_const %r0, dense<[6.5504e+04, 6.5504e+04, 0x7F800000, 0xFF800000, 1.0, 1.001953125, 0.0999755859375, 0x7FC00001, 0xFF800001, 0x7F800000, 0xFF800000, 6.103515625e-05, 6.103515625e-05, 0.0, -0.0, 0.0, -0.0, 0x7F800000]> : tensor<18xf32>
  %cf0 = hlo.bitcast_convert %c0 : (tensor<18xi32>) -> tensor<18xf32>
  %cr0 = hlo.reduce_precision %cf0, format = e5m10 : tensor<18xf32>
  %cb0 = hlo.bitcast_convert %cr0 : (tensor<18xf32>) -> tensor<18xi32>
  check.expect_eq_const %cb0, dense<[0x477FE000, 0x477FE000, 0x7F800000, 0xFF800000, 0x3F800000, 0x3F804000, 0x3DCCC000, 0x7FC00001, 0xFF800001, 0x7F800000, 0xFF800000, 0x38800000, 0x38800000, 0x00000000, 0x80000000, 0x00000000, 0x80000000, 0x7F800000]> : tensor<18xi32>
  func.return
}

// StableHLO's example (inf, NaN, an f64 subnormal, 0, 65505, 65520) and more on f64.
// EXEC: PASS @reduce_precision_f64_e5m10
func.func @reduce_precision_f64_e5m10() {
  %c0 = hlo.constant dense<[0x7FF0000000000000, 0x7FFFFFFFFFFFFFFF, 0x0000000000000001, 0x0000000000000000, 0x40EFFC2000000000, 0x40EFFE0000000000, 0xBFF0020000000000, 0x3FF0020000001000, 0x3F10000000000000, 0x01A56E1FC2F8F359, 0xFE37E43C8800759C, 0x400921F9F01B866E, 0xFFF0000000000001]> : tensor<13xi64>
  %x0 = hlo.optimization_barrier %c0 : tensor<13xi64>
  %f0 = hlo.bitcast_convert %x0 : (tensor<13xi64>) -> tensor<13xf64>
  %r0 = hlo.reduce_precision %f0, format = e5m10 : tensor<13xf64>
  %b0 = hlo.bitcast_convert %r0 : (tensor<13xf64>) -> tensor<13xi64>
  check.expect_eq_const %b0, dense<[0x7FF0000000000000, 0x7FFFFFFFFFFFFFFF, 0x0000000000000000, 0x0000000000000000, 0x40EFFC0000000000, 0x7FF0000000000000, 0xBFF0000000000000, 0x3FF0040000000000, 0x3F10000000000000, 0x0000000000000000, 0xFFF0000000000000, 0x4009200000000000, 0xFFF0000000000001]> : tensor<13xi64>
  %cf0 = hlo.bitcast_convert %c0 : (tensor<13xi64>) -> tensor<13xf64>
  %cr0 = hlo.reduce_precision %cf0, format = e5m10 : tensor<13xf64>
  %cb0 = hlo.bitcast_convert %cr0 : (tensor<13xf64>) -> tensor<13xi64>
  check.expect_eq_const %cb0, dense<[0x7FF0000000000000, 0x7FFFFFFFFFFFFFFF, 0x0000000000000000, 0x0000000000000000, 0x40EFFC0000000000, 0x7FF0000000000000, 0xBFF0000000000000, 0x3FF0040000000000, 0x3F10000000000000, 0x0000000000000000, 0xFFF0000000000000, 0x4009200000000000, 0xFFF0000000000001]> : tensor<13xi64>
  func.return
}

// bf16's format on f32: ties to even (1 + 2^-8 down, 1 + 3 * 2^-8 up, just past a tie up);
// the largest f32 rounds up to infinity; the exponent range is f32's, so subnormals are
// rounded at their own binade (a tie up, smaller ones to 0); NaN unchanged.
// EXEC: PASS @reduce_precision_f32_e8m7
func.func @reduce_precision_f32_e8m7() {
  %c0 = hlo.constant dense<[0x3F808000, 0x3F818000, 0x3F808001, 0x7F7FFFFF, 0x00018000, 0x00008000, 0x00000001, 0x7F800001, 0xFFFFFFFF, 0xBFD9999A, 0x3DCCCCCD]> : tensor<11xi32>
  %x0 = hlo.optimization_barrier %c0 : tensor<11xi32>
  %f0 = hlo.bitcast_convert %x0 : (tensor<11xi32>) -> tensor<11xf32>
  %r0 = hlo.reduce_precision %f0, format = e8m7 : tensor<11xf32>
  %b0 = hlo.bitcast_convert %r0 : (tensor<11xf32>) -> tensor<11xi32>
  check.expect_eq_const %b0, dense<[0x3F800000, 0x3F820000, 0x3F810000, 0x7F800000, 0x00020000, 0x00000000, 0x00000000, 0x7F800001, 0xFFFFFFFF, 0xBFDA0000, 0x3DCD0000]> : tensor<11xi32>
  %cf0 = hlo.bitcast_convert %c0 : (tensor<11xi32>) -> tensor<11xf32>
  %cr0 = hlo.reduce_precision %cf0, format = e8m7 : tensor<11xf32>
  %cb0 = hlo.bitcast_convert %cr0 : (tensor<11xf32>) -> tensor<11xi32>
  check.expect_eq_const %cb0, dense<[0x3F800000, 0x3F820000, 0x3F810000, 0x7F800000, 0x00020000, 0x00000000, 0x00000000, 0x7F800001, 0xFFFFFFFF, 0xBFDA0000, 0x3DCD0000]> : tensor<11xi32>
  func.return
}

// No mantissa bits: powers of two; a tie goes to the even exponent field (1.5 up to 2, 3 down
// to 2); 50000 rounds to 2^16, past e5's range; NaN of either sign becomes +inf.
// EXEC: PASS @reduce_precision_f32_e5m0
func.func @reduce_precision_f32_e5m0() {
  %c0 = hlo.constant dense<[0x3FC00000, 0x40400000, 0x4039999A, 0x40466666, 0xC0C00000, 0x471C4000, 0x47435000, 0x38800000, 0x38000000, 0x7FC00000, 0xFF800001, 0x7F800000]> : tensor<12xi32>
  %x0 = hlo.optimization_barrier %c0 : tensor<12xi32>
  %f0 = hlo.bitcast_convert %x0 : (tensor<12xi32>) -> tensor<12xf32>
  %r0 = hlo.reduce_precision %f0, format = e5m0 : tensor<12xf32>
  %b0 = hlo.bitcast_convert %r0 : (tensor<12xf32>) -> tensor<12xi32>
  check.expect_eq_const %b0, dense<[0x40000000, 0x40000000, 0x40000000, 0x40800000, 0xC1000000, 0x47000000, 0x7F800000, 0x38800000, 0x00000000, 0x7F800000, 0x7F800000, 0x7F800000]> : tensor<12xi32>
  %cf0 = hlo.bitcast_convert %c0 : (tensor<12xi32>) -> tensor<12xf32>
  %cr0 = hlo.reduce_precision %cf0, format = e5m0 : tensor<12xf32>
  %cb0 = hlo.bitcast_convert %cr0 : (tensor<12xf32>) -> tensor<12xi32>
  check.expect_eq_const %cb0, dense<[0x40000000, 0x40000000, 0x40000000, 0x40800000, 0xC1000000, 0x47000000, 0x7F800000, 0x38800000, 0x00000000, 0x7F800000, 0x7F800000, 0x7F800000]> : tensor<12xi32>
  func.return
}

// bf16 (its bits at LLVM) to e5m2, and f16 to e4m3 and to e5m0 (its own exponent range).
// EXEC: PASS @reduce_precision_16_bits
func.func @reduce_precision_16_bits() {
  %c0 = hlo.constant dense<[0x3F80, 0x3FB0, 0x3FD0, 0xC7FF, 0x4780, 0x3880, 0x3800, 0x7FC1, 0xFF81, 0x0001]> : tensor<10xi16>
  %c1 = hlo.constant dense<[0x3C00, 0x3C40, 0x3CC0, 0x5B80, 0x5BC0, 0x2400, 0x2000, 0x7E01, 0xFC00, 0x0001, 0x7C01]> : tensor<11xi16>
  %c2 = hlo.constant dense<[0x3E00, 0x4200, 0xFE00, 0x7A00]> : tensor<4xi16>
  %x0, %x1, %x2 = hlo.optimization_barrier %c0, %c1, %c2 : tensor<10xi16>, tensor<11xi16>, tensor<4xi16>
  %f0 = hlo.bitcast_convert %x0 : (tensor<10xi16>) -> tensor<10xbf16>
  %r0 = hlo.reduce_precision %f0, format = e5m2 : tensor<10xbf16>
  %b0 = hlo.bitcast_convert %r0 : (tensor<10xbf16>) -> tensor<10xi16>
  check.expect_eq_const %b0, dense<[0x3F80, 0x3FC0, 0x3FC0, 0xFF80, 0x7F80, 0x3880, 0x0000, 0x7FC1, 0xFF81, 0x0000]> : tensor<10xi16>
  %f1 = hlo.bitcast_convert %x1 : (tensor<11xi16>) -> tensor<11xf16>
  %r1 = hlo.reduce_precision %f1, format = e4m3 : tensor<11xf16>
  %b1 = hlo.bitcast_convert %r1 : (tensor<11xf16>) -> tensor<11xi16>
  check.expect_eq_const %b1, dense<[0x3C00, 0x3C00, 0x3D00, 0x5B80, 0x7C00, 0x2400, 0x0000, 0x7E01, 0xFC00, 0x0000, 0x7C01]> : tensor<11xi16>
  %f2 = hlo.bitcast_convert %x2 : (tensor<4xi16>) -> tensor<4xf16>
  %r2 = hlo.reduce_precision %f2, format = e5m0 : tensor<4xf16>
  %b2 = hlo.bitcast_convert %r2 : (tensor<4xf16>) -> tensor<4xi16>
  check.expect_eq_const %b2, dense<[0x4000, 0x4000, 0x7C00, 0x7800]> : tensor<4xi16>
  %cf0 = hlo.bitcast_convert %c0 : (tensor<10xi16>) -> tensor<10xbf16>
  %cr0 = hlo.reduce_precision %cf0, format = e5m2 : tensor<10xbf16>
  %cb0 = hlo.bitcast_convert %cr0 : (tensor<10xbf16>) -> tensor<10xi16>
  check.expect_eq_const %cb0, dense<[0x3F80, 0x3FC0, 0x3FC0, 0xFF80, 0x7F80, 0x3880, 0x0000, 0x7FC1, 0xFF81, 0x0000]> : tensor<10xi16>
  %cf1 = hlo.bitcast_convert %c1 : (tensor<11xi16>) -> tensor<11xf16>
  %cr1 = hlo.reduce_precision %cf1, format = e4m3 : tensor<11xf16>
  %cb1 = hlo.bitcast_convert %cr1 : (tensor<11xf16>) -> tensor<11xi16>
  check.expect_eq_const %cb1, dense<[0x3C00, 0x3C00, 0x3D00, 0x5B80, 0x7C00, 0x2400, 0x0000, 0x7E01, 0xFC00, 0x0000, 0x7C01]> : tensor<11xi16>
  %cf2 = hlo.bitcast_convert %c2 : (tensor<4xi16>) -> tensor<4xf16>
  %cr2 = hlo.reduce_precision %cf2, format = e5m0 : tensor<4xf16>
  %cb2 = hlo.bitcast_convert %cr2 : (tensor<4xf16>) -> tensor<4xi16>
  check.expect_eq_const %cb2, dense<[0x4000, 0x4000, 0x7C00, 0x7800]> : tensor<4xi16>
  func.return
}

// EXEC: PASS @tuples
func.func @tuples() {
  %x0 = hlo.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %i0 = hlo.constant dense<3> : tensor<i64>
  %x, %i = hlo.optimization_barrier %x0, %i0 : tensor<2xf64>, tensor<i64>
  %inner = hlo.tuple %i : tuple<tensor<i64>>
  %t = hlo.tuple %x, %inner : tuple<tensor<2xf64>, tuple<tensor<i64>>>
  %a = hlo.get_tuple_element %t[0] : (tuple<tensor<2xf64>, tuple<tensor<i64>>>) -> tensor<2xf64>
  %u = hlo.get_tuple_element %t[1] : (tuple<tensor<2xf64>, tuple<tensor<i64>>>) -> tuple<tensor<i64>>
  %b = hlo.get_tuple_element %u[0] : (tuple<tensor<i64>>) -> tensor<i64>
  %sum = hlo.add %a, %a : tensor<2xf64>
  %product = hlo.multiply %b, %b : tensor<i64>
  check.expect_eq_const %sum, dense<[2.0, 4.0]> : tensor<2xf64>
  check.expect_eq_const %product, dense<9> : tensor<i64>
  func.return
}
// EXEC: 11 of 11 functions passed
