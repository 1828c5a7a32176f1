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

// tanh: an odd polynomial below 0.625, 1 - 2/(exp(2|x|) + 1) with x's sign above; no branch.
// CHECK-LABEL: func.func private @__strata_math_tanh_f32(%x: f32) -> f32 attributes {always_inline}
// CHECK:         math.absf
// CHECK:         arith.select
// CHECK:         %[[Y:[0-9a-z_]+]] = math.copysign %{{[0-9a-z_]+}}, %x : f32
// CHECK-NEXT:    func.return %[[Y]]
// CHECK-NOT:     func.func
