// RUN: strata-opt %s -p convert-to-llvm,reconcile-unrealized-casts | filecheck %s

// Constant offsets past 2^31 (a buffer over 2 GiB): an llvm.getelementptr holds its constant
// indices as i32, so such an offset is an i64 operand instead (it was an internal error, "out
// of range for type i32"). Offsets that fit stay constant indices.
// CHECK-LABEL: llvm.func @far
// CHECK-SAME:    (%[[ARENA:.*]]: !llvm.ptr)
// CHECK:         llvm.mlir.constant(3000000000) : i64
// CHECK:         %[[SHIFT:.*]] = llvm.mlir.constant(3000000000) : i64
// CHECK-NEXT:    %[[VIEW:.*]] = llvm.getelementptr inbounds %[[ARENA]][%[[SHIFT]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK:         %[[FAR:.*]] = llvm.mlir.constant(2999999999) : i64
// CHECK-NEXT:    %[[P:.*]] = llvm.getelementptr inbounds %[[VIEW]][%[[FAR]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:         llvm.load %[[P]]
// CHECK:         %[[Q:.*]] = llvm.getelementptr inbounds %[[VIEW]][1000000001] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK:         llvm.load %[[Q]]
func.func @far(%arena: memref<16000000000xi8>) -> f32 {
  %shift = arith.constant 3000000000 : index
  %t = memref.view %arena[%shift][] : memref<16000000000xi8> to memref<3x1000000000xf32>
  %one = arith.constant 1 : index
  %two = arith.constant 2 : index
  %last = arith.constant 999999999 : index
  %v = memref.load %t[%two, %last] : memref<3x1000000000xf32>
  %w = memref.load %t[%one, %one] : memref<3x1000000000xf32>
  %s = arith.addf %v, %w : f32
  func.return %s : f32
}
