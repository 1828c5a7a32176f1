// RUN: strata-opt %s -p expand-math | filecheck %s

// Each f32 math op becomes a call of one private function per math function (named
// __strata_math_<fn>_f32, `always_inline`: LLVM inlines it before it vectorises), built once
// however many ops use it.

// CHECK-LABEL: func.func @exp
// CHECK-NOT:     math.exp
// CHECK:         %[[Y:.*]] = func.call @__strata_math_exp_f32(%x) : (f32) -> f32
// CHECK-NEXT:    func.return %[[Y]]
func.func @exp(%x: f32) -> f32 {
  %y = math.exp %x : f32
  func.return %y : f32
}

// CHECK-LABEL: func.func @tanh
// CHECK:         func.call @__strata_math_tanh_f32(%x) : (f32) -> f32
func.func @tanh(%x: f32) -> f32 {
  %y = math.tanh %x : f32
  func.return %y : f32
}

// CHECK-LABEL: func.func @log
// CHECK:         func.call @__strata_math_log_f32(%x) : (f32) -> f32
func.func @log(%x: f32) -> f32 {
  %y = math.log %x : f32
  func.return %y : f32
}

// CHECK-LABEL: func.func @exp_twice
// CHECK:         %[[A:.*]] = func.call @__strata_math_exp_f32(%x)
// CHECK:         func.call @__strata_math_exp_f32(%[[A]])
func.func @exp_twice(%x: f32) -> f32 {
  %a = math.exp %x : f32
  %b = math.exp %a : f32
  func.return %b : f32
}

// f64 is left to convert-math-to-llvm.
// CHECK-LABEL: func.func @exp_f64
// CHECK:         math.exp %{{.*}} : f64
func.func @exp_f64(%x: f64) -> f64 {
  %y = math.exp %x : f64
  func.return %y : f64
}

// exp: clamp (maxnum/minnum: NaN cannot reach fptosi), n = floor(x*log2(e) + 1/2), Cody-Waite
// reduction, a polynomial, 2^n as two exponent-field scalings (the clamp's bounds lie just past
// overflow and underflow, so they give inf and 0: no compare), one select for NaN.
// CHECK-LABEL: func.func private @__strata_math_exp_f32(%x: f32) -> f32 attributes {always_inline}
// CHECK:         %[[LOW:.*]] = arith.constant -1.040000e+02 : f32
// CHECK:         arith.maxnumf %x, %[[LOW]]
// CHECK:         %[[HIGH:.*]] = arith.constant 8.900000e+01 : f32
// CHECK:         arith.minnumf %{{.*}}, %[[HIGH]]
// CHECK:         math.floor
// CHECK:         arith.fptosi
// CHECK:         arith.shli
// CHECK:         arith.bitcast {{.*}} : i32 to f32
// CHECK-NOT:     arith.cmpf o
// CHECK:         arith.cmpf uno
// CHECK:         func.return

// tanh: an odd polynomial below 0.625, 1 - 2/(e^t + 1) with x's sign above; no branch. t = 2|x|
// clamped to 20 (tanh is 1 long before): no lower clamp, one exponent-field factor, and a NaN
// takes the polynomial (the compare is ordered).
// CHECK-LABEL: func.func private @__strata_math_tanh_f32(%x: f32) -> f32 attributes {always_inline}
// CHECK:         %[[AX:.*]] = math.absf
// CHECK-NOT:     arith.maxnumf
// CHECK:         %[[CLAMP:.*]] = arith.constant 2.000000e+01 : f32
// CHECK:         arith.minnumf %{{.*}}, %[[CLAMP]]
// CHECK:         arith.shli
// CHECK-NOT:     arith.shli
// CHECK:         arith.divf
// CHECK:         arith.cmpf oge, %[[AX]]
// CHECK:         arith.select
// CHECK:         %[[Y:[0-9a-z_]+]] = math.copysign %{{[0-9a-z_]+}}, %x : f32
// CHECK-NEXT:    func.return %[[Y]]

// log: denormals scaled by 2^23 (one select), then x = 2^k m with m in [sqrt(1/2), sqrt(2)) in
// integer ops alone (add 1.0's bits - sqrt(1/2)'s = 4913933, the exponent from bit 23, the
// fraction back onto sqrt(1/2)'s bits 1060439283): no float compare before the polynomial.
// CHECK-LABEL: func.func private @__strata_math_log_f32(%x: f32) -> f32 attributes {always_inline}
// CHECK:         %[[TINY:.*]] = arith.cmpf olt, %x
// CHECK:         %[[SCALED:.*]] = arith.select %[[TINY]]
// CHECK:         %[[BITS:.*]] = arith.bitcast %[[SCALED]] : f32 to i32
// CHECK:         %[[OFFSET:.*]] = arith.constant 4913933 : i32
// CHECK:         %[[SHIFTED:.*]] = arith.addi %[[BITS]], %[[OFFSET]] : i32
// CHECK:         arith.shrui %[[SHIFTED]]
// CHECK:         %[[FRACTION:.*]] = arith.andi %[[SHIFTED]]
// CHECK:         %[[SQRT_HALF:.*]] = arith.constant 1060439283 : i32
// CHECK:         arith.addi %[[FRACTION]], %[[SQRT_HALF]] : i32
// CHECK-NOT:     arith.cmpf
// CHECK:         arith.sitofp
// CHECK:         arith.cmpf oeq, %x
// CHECK:         func.return
// CHECK-NOT:     func.func
