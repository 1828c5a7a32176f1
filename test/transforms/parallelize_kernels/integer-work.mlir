// RUN: strata-opt %s -p "parallelize-kernels{threads=2 min-flops=150}" | filecheck %s
// RUN: strata-opt %s -p "parallelize-kernels{threads=2 min-flops=200}" | filecheck %s --check-prefix=ABOVE
// RUN: strata-opt %s -p "parallelize-kernels{threads=2 min-flops=128}" | filecheck %s --check-prefix=MOVES

// The work a kernel needs for threads counts integer, compare, select and cast ops at half a
// float op each (an argmax's rank keys, a random-number stream), and address arithmetic on
// `index` values not at all.
// @keys: 8 x 16 elements x 3 counted ops (extsi, xori, maxsi; the index addi is free) x 0.5
// = 192 >= 150: chunked. @copy computes nothing (index arithmetic only): its work is the 128
// elements it writes. @square: 128 mulf.
// CHECK:       func.func private @keys(%{{.*}}) attributes {no_inline, strata.parallel_chunk = "keys_chunk"
// CHECK:       func.func private @keys_chunk(
// CHECK:       func.func private @copy(%{{.*}}) attributes {no_inline} {
// CHECK-NOT:   @copy_chunk
// CHECK:       func.func private @square(%{{.*}}) attributes {no_inline} {
// CHECK-NOT:   _chunk
// 192 < 200: nothing is chunked.
// ABOVE-NOT:   _chunk
// At 128, all three are.
// MOVES:       @keys_chunk(
// MOVES:       @copy_chunk(
// MOVES:       @square_chunk(
builtin.module {
  func.func private @keys(%in: memref<8x16xi32> {llvm.noalias}, %out: memref<8xi64> {llvm.noalias}) attributes {no_inline} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %mask = arith.constant 2147483647 : i64
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        %k = arith.addi %j, %c1 : index
        %v = memref.load %in[%i, %j] : memref<8x16xi32>
        %w = arith.extsi %v : i32 to i64
        %x = arith.xori %w, %mask : i64
        %acc = memref.load %out[%i] : memref<8xi64>
        %m = arith.maxsi %acc, %x : i64
        memref.store %m, %out[%i] : memref<8xi64>
      }
    } {strata.parallel}
    func.return
  }
  func.func private @copy(%in: memref<8x17xf32> {llvm.noalias}, %out: memref<8x16xf32> {llvm.noalias}) attributes {no_inline} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        %k = arith.addi %j, %c1 : index
        %v = memref.load %in[%i, %k] : memref<8x17xf32>
        memref.store %v, %out[%i, %j] : memref<8x16xf32>
      }
    } {strata.parallel}
    func.return
  }
  func.func private @square(%in: memref<8x16xf32> {llvm.noalias}, %out: memref<8x16xf32> {llvm.noalias}) attributes {no_inline} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        %v = memref.load %in[%i, %j] : memref<8x16xf32>
        %w = arith.mulf %v, %v : f32
        memref.store %w, %out[%i, %j] : memref<8x16xf32>
      }
    } {strata.parallel}
    func.return
  }
}
