// RUN: strata-opt %s -p "convert-linalg-to-loops{vector-bits=256 vector-registers=16}" --split-input-file | filecheck %s

// A reduction along the innermost loop dim that no input reads contiguously, while the input
// reads a parallel dim contiguously (a row max of a transposed operand: softmax along axis 0):
// that parallel dim moves innermost and is tiled like a contraction's columns, [n_outer, the
// reduction, n_inner], so the loads run along rows into a tile of outputs.
// CHECK-LABEL: func.func @max_of_transposed
// CHECK-DAG:    %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:    %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:    %[[C64:.*]] = arith.constant 64 : index
// CHECK:        scf.for %[[NO:.*]] = %{{.*}} to %[[C32]] step %[[C16]] {
// CHECK-NEXT:     scf.for %[[R:.*]] = %{{.*}} to %[[C64]] step %{{.*}} {
// CHECK-NEXT:       scf.for %[[NI:.*]] = %{{.*}} to %[[C16]] step %{{.*}} {
// CHECK-NEXT:         %[[N:.*]] = arith.addi %[[NO]], %[[NI]] : index
// CHECK-NEXT:         memref.load %{{.*}}[%[[R]], %[[N]]] : memref<64x32xf32>
// CHECK-NEXT:         memref.load %{{.*}}[%[[N]]] : memref<32xf32>
// CHECK-NEXT:         arith.maximumf
// CHECK:        } {strata.parallel}
func.func @max_of_transposed(%x: memref<64x32xf32>, %out: memref<32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<64x32xf32>) outs(%out : memref<32xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %o, %v : f32
    linalg.yield %m : f32
  }
  func.return
}

// -----

// An input read contiguously along the reduction keeps the loops in order (a row sum).
// CHECK-LABEL: func.func @row_sum
// CHECK:        scf.for %[[P:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:     scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:       memref.load %{{.*}}[%[[P]], %[[R]]] : memref<32x64xf32>
func.func @row_sum(%x: memref<32x64xf32>, %out: memref<32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<32x64xf32>) outs(%out : memref<32xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %o, %v : f32
    linalg.yield %s : f32
  }
  func.return
}
