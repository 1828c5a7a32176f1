// RUN: strata-opt %s -p 'expand-math{fma=1}' | filecheck %s --check-prefix=FMA
// RUN: strata-opt %s -p 'expand-math{fma=0}' | filecheck %s --check-prefix=NOFMA

// The polynomials' multiply-adds follow the target: one math.fma each where it has FMA (the
// pipeline passes the compile target's `fma`), a mulf and an addf where it has not (in the
// functions expand-math adds, after the functions that call them).
// FMA-LABEL:   func.func private @__strata_math_exp_f32
// FMA-COUNT-9:   math.fma
// FMA:           arith.bitcast
// NOFMA-LABEL: func.func private @__strata_math_exp_f32
// NOFMA-NOT:     math.fma
// NOFMA:         arith.mulf
// NOFMA:         arith.addf
// NOFMA:         func.return
func.func @exp(%x: f32) -> f32 {
  %y = math.exp %x : f32
  func.return %y : f32
}

// FMA-LABEL:   func.func private @__strata_math_log_f32
// FMA-COUNT-11:  math.fma
// FMA:           arith.select
// NOFMA-LABEL: func.func private @__strata_math_log_f32
// NOFMA-NOT:     math.fma
// NOFMA:         func.return
func.func @log(%x: f32) -> f32 {
  %y = math.log %x : f32
  func.return %y : f32
}
