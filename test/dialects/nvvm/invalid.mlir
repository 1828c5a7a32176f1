// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @sreg_not_i32() {
  // expected-error @+1 {{result must be i32, found i64}}
  %t = "nvvm.read.ptx.sreg.tid.x"() : () -> i64
  func.return
}

// -----

func.func @barrier_with_operand(%x: i32) {
  // expected-error @+1 {{Expected 0 operands, but got 1}}
  "nvvm.barrier0"(%x) : (i32) -> ()
  func.return
}

// -----

func.func @shfl_bad_kind(%m: i32, %v: f32) {
  // expected-error @+1 {{kind must be one of bfly, up, down, idx, found 'xor'}}
  %r = "nvvm.shfl.sync"(%m, %v, %m, %m) <{kind = "xor"}> : (i32, f32, i32, i32) -> f32
  func.return
}

// -----

func.func @shfl_bad_value(%m: i32, %v: f64) {
  // expected-error @+1 {{value must be f32 or i32, found f64}}
  %r = nvvm.shfl.sync bfly %m, %v, %m, %m : f64 -> f64
  func.return
}

// -----

func.func @shfl_result_mismatch(%m: i32, %v: f32) {
  // expected-error @+1 {{result type i32 must match the value type f32}}
  %r = nvvm.shfl.sync down %m, %v, %m, %m : f32 -> i32
  func.return
}

// -----

func.func @shfl_bad_offset(%m: i32, %v: f32, %o: i64) {
  // expected-error @+1 {{offset must be i32, found i64}}
  %r = "nvvm.shfl.sync"(%m, %v, %o, %m) <{kind = "idx"}> : (i32, f32, i64, i32) -> f32
  func.return
}
