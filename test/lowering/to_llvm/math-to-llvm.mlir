// RUN: strata-opt %s -p convert-math-to-llvm --split-input-file | filecheck %s

// CHECK-LABEL: func.func @intrinsics
// CHECK-SAME:  (%[[X:.*]]: f32)
// CHECK:       %[[EXP:.*]] = llvm.intr.exp(%[[X]]) : (f32) -> f32
// CHECK:       %[[TANH:.*]] = llvm.call_intrinsic "llvm.tanh.f32"(%[[EXP]]) : (f32) -> f32
// CHECK:       %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK:       %[[ROOT:.*]] = llvm.intr.sqrt(%[[TANH]]) : (f32) -> f32
// CHECK:       %[[RSQRT:.*]] = llvm.fdiv %[[ONE]], %[[ROOT]] : f32
// CHECK:       %[[FMA:.*]] = llvm.intr.fma(%[[RSQRT]], %[[X]], %[[X]]) : (f32, f32, f32) -> f32
// CHECK:       %[[ABS:.*]] = llvm.intr.fabs(%[[FMA]]) : (f32) -> f32
// CHECK:       func.return %[[ABS]] : f32
func.func @intrinsics(%x: f32) -> f32 {
  %0 = math.exp %x : f32
  %1 = math.tanh %0 : f32
  %2 = math.rsqrt %1 : f32
  %3 = math.fma %2, %x, %x : f32
  %4 = math.absf %3 : f32
  func.return %4 : f32
}

// -----

// CHECK:       llvm.func @erff(f32) -> f32
// CHECK-LABEL: func.func @libm
// CHECK-SAME:  (%[[X:.*]]: f32)
// CHECK:       %[[ERF:.*]] = llvm.call @erff(%[[X]]) : (f32) -> f32
// CHECK:       %[[ERF2:.*]] = llvm.call @erff(%[[ERF]]) : (f32) -> f32
// CHECK:       func.return %[[ERF2]] : f32
func.func @libm(%x: f32) -> f32 {
  %0 = math.erf %x : f32
  %1 = math.erf %0 : f32
  func.return %1 : f32
}

// -----

// CHECK-LABEL: func.func @absi
// CHECK-SAME:  (%[[X:.*]]: i32)
// CHECK:       %[[FALSE:.*]] = llvm.mlir.constant(false) : i1
// CHECK:       %[[ABS:.*]] = llvm.call_intrinsic "llvm.abs.i32"(%[[X]], %[[FALSE]]) : (i32, i1) -> i32
func.func @absi(%x: i32) -> i32 {
  %0 = math.absi %x : i32
  func.return %0 : i32
}
