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
// reduction, a polynomial, 2^n as two exponent-field scalings, selects for inf, 0 and NaN.
// CHECK-LABEL: func.func private @__strata_math_exp_f32(%x: f32) -> f32 attributes {always_inline}
// CHECK:         arith.maxnumf %x
// CHECK:         arith.minnumf
// CHECK:         math.floor
// CHECK:         arith.fptosi
// CHECK:         arith.shli
// CHECK:         arith.bitcast {{.*}} : i32 to f32
// CHECK:         arith.cmpf ogt
// CHECK:         arith.cmpf olt
// CHECK:         arith.cmpf uno
// CHECK:         func.return

// tanh: an odd polynomial below 0.625, 1 - 2/(exp(2|x|) + 1) with x's sign above; no branch.
// CHECK-LABEL: func.func private @__strata_math_tanh_f32(%x: f32) -> f32 attributes {always_inline}
// CHECK:         math.absf
// CHECK:         arith.select
// CHECK:         %[[Y:[0-9a-z_]+]] = math.copysign %{{[0-9a-z_]+}}, %x : f32
// CHECK-NEXT:    func.return %[[Y]]
// CHECK-NOT:     func.func
