// RUN: strata-opt %s -p emulate-bf16 | filecheck %s

// bf16 arithmetic computes in f32 (operands extended, result rounded back); the extension is
// the bits moved up 16, the rounding adds 0x7FFF plus the lowest kept bit (ties to even), a NaN
// is made quiet; a constant becomes its bits. Selects move the bits unchanged.

// CHECK-LABEL: func.func @add
// CHECK-SAME:  (%[[A:.*]]: bf16, %[[B:.*]]: bf16)
// CHECK:       %[[AB:.*]] = arith.bitcast %[[A]] : bf16 to i16
// CHECK-NEXT:  %[[AW:.*]] = arith.extui %[[AB]] : i16 to i32
// CHECK-NEXT:  %[[S16:.*]] = arith.constant 16 : i32
// CHECK-NEXT:  %[[AU:.*]] = arith.shli %[[AW]], %[[S16]] : i32
// CHECK-NEXT:  %[[AF:.*]] = arith.bitcast %[[AU]] : i32 to f32
// CHECK:       %[[BF:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK-NEXT:  %[[SUM:.*]] = arith.addf %[[AF]], %[[BF]] : f32
// CHECK-NEXT:  %[[BITS:.*]] = arith.bitcast %[[SUM]] : f32 to i32
// CHECK-NEXT:  %[[SIXTEEN:.*]] = arith.constant 16 : i32
// CHECK-NEXT:  %[[HIGH:.*]] = arith.shrui %[[BITS]], %[[SIXTEEN]] : i32
// CHECK-NEXT:  %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:  %[[LSB:.*]] = arith.andi %[[HIGH]], %[[ONE]] : i32
// CHECK-NEXT:  %[[HALF:.*]] = arith.constant 32767 : i32
// CHECK-NEXT:  %[[BIAS:.*]] = arith.addi %[[LSB]], %[[HALF]] : i32
// CHECK-NEXT:  %[[UP:.*]] = arith.addi %[[BITS]], %[[BIAS]] : i32
// CHECK-NEXT:  %[[ROUNDED:.*]] = arith.shrui %[[UP]], %[[SIXTEEN]] : i32
// CHECK-NEXT:  %[[QUIET_BIT:.*]] = arith.constant 64 : i32
// CHECK-NEXT:  %[[QUIET:.*]] = arith.ori %[[HIGH]], %[[QUIET_BIT]] : i32
// CHECK-NEXT:  %[[NAN:.*]] = arith.cmpf uno, %[[SUM]], %[[SUM]] : f32
// CHECK-NEXT:  %[[CHOSEN:.*]] = arith.select %[[NAN]], %[[QUIET]], %[[ROUNDED]] : i32
// CHECK-NEXT:  %[[NARROW:.*]] = arith.trunci %[[CHOSEN]] : i32 to i16
// CHECK-NEXT:  %[[R:.*]] = arith.bitcast %[[NARROW]] : i16 to bf16
// CHECK-NEXT:  func.return %[[R]] : bf16
func.func @add(%a: bf16, %b: bf16) -> bf16 {
  %c = arith.addf %a, %b : bf16
  func.return %c : bf16
}

// CHECK-LABEL: func.func @compare_select_constant
// CHECK:       %[[BITS:.*]] = arith.constant 16320 : i16
// CHECK-NEXT:  %[[ONE_HALF:.*]] = arith.bitcast %[[BITS]] : i16 to bf16
// CHECK:       arith.cmpf olt, %{{.*}}, %{{.*}} : f32
// CHECK-NOT:   arith.truncf
// CHECK:       arith.select %{{.*}}, %{{.*}}, %[[ONE_HALF]] : bf16
func.func @compare_select_constant(%a: bf16) -> bf16 {
  %c = arith.constant 1.5 : bf16
  %lt = arith.cmpf olt, %a, %c : bf16
  %r = arith.select %lt, %a, %c : bf16
  func.return %r : bf16
}

// CHECK-LABEL: func.func @conversions
// CHECK:       %[[F:.*]] = arith.sitofp %{{.*}} : i32 to f32
// CHECK:       arith.bitcast %[[F]] : f32 to i32
// CHECK:       %[[NARROWED:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK:       arith.bitcast %[[NARROWED]] : f32 to i32
// CHECK:       %[[UP:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK-NEXT:  arith.extf %[[UP]] : f32 to f64
func.func @conversions(%i: i32, %d: f64, %h: bf16) -> (bf16, bf16, f64) {
  %a = arith.sitofp %i : i32 to bf16
  %b = arith.truncf %d : f64 to bf16
  %c = arith.extf %h : bf16 to f64
  func.return %a, %b, %c : bf16, bf16, f64
}

// An f16 fma computes in f32 too (LLVM would widen it to f64 and call __truncdfhf2, which the
// JIT cannot resolve); other f16 ops stay f16 (LLVM computes them natively). bf16 <-> f16 goes
// through f32 whichever of extf/truncf spells it.
// CHECK-LABEL: func.func @f16
// CHECK-SAME:  (%[[X:.*]]: f16, %[[Y:.*]]: f16, %[[Z:.*]]: f16, %[[H:.*]]: bf16)
// CHECK:       %[[XW:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT:  %[[YW:.*]] = arith.extf %[[Y]] : f16 to f32
// CHECK-NEXT:  %[[ZW:.*]] = arith.extf %[[Z]] : f16 to f32
// CHECK-NEXT:  %[[F:.*]] = math.fma %[[XW]], %[[YW]], %[[ZW]] : f32
// CHECK-NEXT:  %[[R:.*]] = arith.truncf %[[F]] : f32 to f16
// CHECK-NEXT:  %[[S:.*]] = arith.addf %[[R]], %[[X]] : f16
// CHECK:       %[[HF:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK-NEXT:  arith.truncf %[[HF]] : f32 to f16
// CHECK:       %[[SW:.*]] = arith.extf %[[S]] : f16 to f32
// CHECK-NEXT:  arith.bitcast %[[SW]] : f32 to i32
func.func @f16(%x: f16, %y: f16, %z: f16, %h: bf16) -> (f16, f16, bf16) {
  %f = math.fma %x, %y, %z : f16
  %s = arith.addf %f, %x : f16
  %hf = arith.truncf %h : bf16 to f16
  %sb = arith.truncf %s : f16 to bf16
  func.return %s, %hf, %sb : f16, f16, bf16
}

// libm has log1p, expm1, erf, ... for f32 and f64 only: on f16 they compute in f32; so does
// rsqrt (lowered for f32 and f64 only; in f32 it is rounded once).
// CHECK-LABEL: func.func @f16_libm
// CHECK:       %[[W:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK-NEXT:  %[[L:.*]] = math.log1p %[[W]] : f32
// CHECK-NEXT:  %[[LH:.*]] = arith.truncf %[[L]] : f32 to f16
// CHECK-NEXT:  %[[V:.*]] = arith.extf %[[LH]] : f16 to f32
// CHECK-NEXT:  %[[R:.*]] = math.rsqrt %[[V]] : f32
// CHECK-NEXT:  arith.truncf %[[R]] : f32 to f16
func.func @f16_libm(%x: f16) -> f16 {
  %l = math.log1p %x : f16
  %r = math.rsqrt %l : f16
  func.return %r : f16
}
