// RUN: strata-opt %s -p convert-func-to-llvm --split-input-file | filecheck %s

// CHECK-LABEL: llvm.func internal @helper
// CHECK-SAME:  (%[[V:.*]]: f32) -> f32
// CHECK:       llvm.return %[[V]] : f32
// CHECK-LABEL: llvm.func @main
// CHECK-SAME:  (%[[X:.*]]: !llvm.ptr {llvm.noalias}, %[[N:.*]]: i64, %[[ARENA:.*]]: !llvm.ptr {llvm.noalias}) -> i32
// CHECK-SAME:  attributes {strata.signature = "{}"}
// CHECK:       %[[XM:.*]] = builtin.unrealized_conversion_cast %[[X]] : !llvm.ptr to memref<4xf32>
// CHECK:       %[[NI:.*]] = builtin.unrealized_conversion_cast %[[N]] : i64 to index
// CHECK:       %[[USE:.*]] = "test.op"(%[[XM]], %[[NI]]) : (memref<4xf32>, index) -> f32
// CHECK:       %[[R:.*]] = llvm.call @helper(%[[USE]]) : (f32) -> f32
// CHECK:       %[[S:.*]] = "test.op"(%[[R]]) : (f32) -> i32
// CHECK:       llvm.return %[[S]] : i32
func.func private @helper(%v: f32) -> f32 {
  func.return %v : f32
}
func.func @main(%x: memref<4xf32>, %n: index, %arena: memref<16xi8>) -> i32 attributes {strata.signature = "{}"} {
  %0 = "test.op"(%x, %n) : (memref<4xf32>, index) -> f32
  %1 = func.call @helper(%0) : (f32) -> f32
  %2 = "test.op"(%1) : (f32) -> i32
  func.return %2 : i32
}

// -----

// Without an entry, public functions stay external; declarations too.
// CHECK:       llvm.func @erff(f32) -> f32
// CHECK-LABEL: llvm.func @public
// CHECK-SAME:  (%[[M:.*]]: !llvm.ptr)
func.func private @erff(f32) -> f32
func.func @public(%m: memref<4xf32>) {
  func.return
}
