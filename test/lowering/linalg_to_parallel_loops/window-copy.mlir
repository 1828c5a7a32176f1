// RUN: strata-opt %s -p convert-linalg-to-parallel-loops | filecheck %s

// A host scf.for nest copying a window at a run-time offset (bufferize's nest for a
// dynamic_update_slice: dst[o + r, c] = src[r, c]) becomes a generic over src and then one
// direct kernel nest: the offset's load and index arithmetic are computed in each thread (the
// host plan passes kernels buffers only), each element stored once at its offset (and src
// written with its own value, the generic's output); the host load is gone.
// CHECK-LABEL: func.func @main
// CHECK-NOT:     memref.load %at
// CHECK:         "scf.parallel"
// CHECK:           "scf.parallel"
// CHECK:             scf.if %{{.*}} {
// CHECK-NEXT:          %[[C:.*]] = arith.remui %{{.*}}, %{{.*}} : index
// CHECK-NEXT:          %[[R:.*]] = arith.divui %{{.*}}, %{{.*}} : index
// CHECK-NEXT:          %[[V:.*]] = memref.load %src[%[[R]], %[[C]]] : memref<2x3xf32>
// CHECK-NEXT:          %[[I:.*]] = memref.load %at[] : memref<i32>
// CHECK-NEXT:          %[[O:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK-NEXT:          %[[J:.*]] = arith.addi %[[O]], %[[R]] : index
// CHECK-NEXT:          %[[K:.*]] = arith.addi %{{.*}}, %[[C]] : index
// CHECK-NEXT:          memref.store %[[V]], %dst[%[[J]], %[[K]]] : memref<8x3xf32>
// CHECK-NEXT:          memref.store %[[V]], %src[%[[R]], %[[C]]] : memref<2x3xf32>
// CHECK:         {mapping = [#gpu.loop_dim_map<processor = thread_x
// CHECK:         {mapping = [#gpu.loop_dim_map<processor = block_x
// CHECK-NOT:     scf.for
func.func @main(%src: memref<2x3xf32>, %dst: memref<8x3xf32>, %at: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %i = memref.load %at[] : memref<i32>
  %o = arith.index_cast %i : i32 to index
  scf.for %r = %c0 to %c2 step %c1 {
    %c3 = arith.constant 3 : index
    scf.for %c = %c0 to %c3 step %c1 {
      %v = memref.load %src[%r, %c] : memref<2x3xf32>
      %j = arith.addi %o, %r : index
      %k = arith.addi %c0, %c : index
      memref.store %v, %dst[%j, %k] : memref<8x3xf32>
    }
  }
  func.return
}
