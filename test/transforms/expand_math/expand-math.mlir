// RUN: strata-opt %s -p 'expand-math{fma=1 pairwise=1}' | filecheck %s

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

// exp: clamp by compare and select (x86's min/max; a NaN x passes), n = x*log2(e) rounded by
// adding 1.5*2^23 and read back from the sum's bits (no floor, no fptosi: a NaN would make it
// poison), Cody-Waite reduction, a polynomial, 2^n as two exponent-field scalings (the upper
// bound lies just past overflow, so it gives inf; at the lower one, n = -254, both factors are
// +0, so the 0 comes without a multiply that underflows, a microcode assist on x86). No select
// after the clamp: NaN flows through the polynomial.
// CHECK-LABEL: func.func private @__strata_math_exp_f32(%x: f32) -> f32 attributes {always_inline}
// CHECK:         %[[LOW:.*]] = arith.constant -1.760000e+02 : f32
// CHECK:         %[[BELOW:.*]] = arith.cmpf olt, %x, %[[LOW]]
// CHECK:         arith.select %[[BELOW]], %[[LOW]], %x
// CHECK:         %[[HIGH:.*]] = arith.constant 8.900000e+01 : f32
// CHECK:         arith.cmpf ogt, %{{.*}}, %[[HIGH]]
// CHECK:         %[[SHIFT:.*]] = arith.constant 0x4B400000 : f32
// CHECK:         %[[SHIFTED:.*]] = math.fma %{{.*}}, %{{.*}}, %[[SHIFT]]
// CHECK:         %[[N:.*]] = arith.subf %[[SHIFTED]], %[[SHIFT]]
// CHECK:         %[[R_HI:.*]] = math.fma %[[N]]
// CHECK:         %[[R:.*]] = math.fma %[[N]], %{{.*}}, %[[R_HI]]
// The polynomial q = r + r^2 P(r) in pairs: P's pairs (c r + c') depend on r alone, then
// Horner's rule in r^2 over them (three dependent FMAs where Horner's rule in r takes five).
// CHECK:         %[[R2:.*]] = arith.mulf %[[R]], %[[R]]
// CHECK:         %[[P0:.*]] = math.fma %{{.*}}, %[[R]], %{{.*}}
// CHECK:         %[[P1:.*]] = math.fma %{{.*}}, %[[R]], %{{.*}}
// CHECK:         %[[P2:.*]] = math.fma %{{.*}}, %[[R]], %{{.*}}
// CHECK:         %[[H1:.*]] = math.fma %[[P0]], %[[R2]], %[[P1]]
// CHECK:         %[[H2:.*]] = math.fma %[[H1]], %[[R2]], %[[P2]]
// CHECK:         math.fma %[[H2]], %[[R2]], %[[R]]
// CHECK-NOT:     math.floor
// CHECK-NOT:     arith.fptosi
// CHECK:         %[[BITS:.*]] = arith.bitcast %[[SHIFTED]] : f32 to i32
// CHECK:         %[[SHIFT_BITS:.*]] = arith.constant 1262485504 : i32
// CHECK:         arith.subi %[[BITS]], %[[SHIFT_BITS]]
// CHECK:         arith.shli
// CHECK:         arith.bitcast {{.*}} : i32 to f32
// CHECK-NOT:     arith.select
// CHECK:         func.return

// tanh: |x| clamped to 10 (tanh rounds to 1 from 9.01) by a select that keeps NaN, then
// -m / (2 + m) with m = e^(-2|x|) - 1 from exp's reduction: 2^n q + (2^n - 1), n in [-29, 0],
// one exponent-field factor; 0 - m for +0 at +0, and x's sign by copysign. No branch, and no
// select after the clamp.
// CHECK-LABEL: func.func private @__strata_math_tanh_f32(%x: f32) -> f32 attributes {always_inline}
// CHECK:         %[[AX:.*]] = math.absf %x
// CHECK:         %[[CLAMP:.*]] = arith.constant 1.000000e+01 : f32
// CHECK:         %[[ABOVE:.*]] = arith.cmpf ogt, %[[AX]], %[[CLAMP]]
// CHECK:         %[[CLAMPED:.*]] = arith.select %[[ABOVE]], %[[CLAMP]], %[[AX]]
// n from |x| times -2 log2(e), beside the product -2|x| (off n's path):
// CHECK:         %[[MINUS_TWO_LOG2E:.*]] = arith.constant -2.885390e+00 : f32
// CHECK:         math.fma %[[CLAMPED]], %[[MINUS_TWO_LOG2E]]
// CHECK:         %[[MINUS_TWO:.*]] = arith.constant -2.000000e+00 : f32
// CHECK:         arith.mulf %[[CLAMPED]], %[[MINUS_TWO]]
// CHECK:         arith.shli
// CHECK-NOT:     arith.shli
// CHECK-NOT:     arith.select
// CHECK:         %[[M:.*]] = math.fma
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[NUM:.*]] = arith.subf %[[ZERO]], %[[M]]
// CHECK:         %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK:         %[[DEN:.*]] = arith.addf %[[M]], %[[TWO]]
// CHECK:         %[[T:.*]] = arith.divf %[[NUM]], %[[DEN]]
// CHECK:         %[[Y:.*]] = math.copysign %[[T]], %x : f32
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
