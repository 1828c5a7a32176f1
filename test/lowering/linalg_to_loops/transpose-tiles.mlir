// RUN: strata-opt %s -p convert-linalg-to-loops --split-input-file | filecheck %s

// A transposing copy (the input read along its innermost dim is not the innermost loop) is
// tiled 16 x 16 on both dims, [a_outer, n_outer, a_inner, n_inner], so a tile's 16 input and
// 16 output cache lines stay in L1; the outer loop may run on threads.
// CHECK-LABEL: func.func @transpose
// CHECK-DAG:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:    %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:    %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:    %[[C32:.*]] = arith.constant 32 : index
// CHECK:        scf.for %[[AO:.*]] = %[[C0]] to %[[C64]] step %[[C16]] {
// CHECK-NEXT:     scf.for %[[NO:.*]] = %[[C0]] to %[[C32]] step %[[C16]] {
// CHECK-NEXT:       scf.for %[[AI:.*]] = %[[C0]] to %[[C16]] step %{{.*}} {
// CHECK-NEXT:         %[[A:.*]] = arith.addi %[[AO]], %[[AI]] : index
// CHECK-NEXT:         scf.for %[[NI:.*]] = %[[C0]] to %[[C16]] step %{{.*}} {
// CHECK-NEXT:           %[[N:.*]] = arith.addi %[[NO]], %[[NI]] : index
// CHECK-NEXT:           %[[V:.*]] = memref.load %{{.*}}[%[[N]], %[[A]]] : memref<32x64xf32>
// CHECK-NEXT:           memref.store %[[V]], %{{.*}}[%[[A]], %[[N]]] : memref<64x32xf32>
// CHECK:        } {strata.parallel}
func.func @transpose(%x: memref<32x64xf32>, %out: memref<64x32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : memref<32x64xf32>) outs(%out : memref<64x32xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  }
  func.return
}

// -----

// NHWC -> NCHW: N stays a whole outer loop; C (the input's innermost) and W (the output's) are
// tiled by 8, the largest tile that divides both.
// CHECK-LABEL: func.func @nhwc_to_nchw
// CHECK:        scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:          scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:            scf.for %[[CO:.*]] = %{{.*}} to %[[C24:.*]] step %[[C8:.*]] {
// CHECK-NEXT:         scf.for %[[WO:.*]] = %{{.*}} to %[[C40:.*]] step %[[C8]] {
// CHECK-NEXT:           scf.for %{{.*}} = %{{.*}} to %[[C8]] step
// CHECK:                  scf.for %{{.*}} = %{{.*}} to %[[C8]] step
func.func @nhwc_to_nchw(%x: memref<2x5x40x24xf32>, %out: memref<2x24x5x40xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : memref<2x5x40x24xf32>) outs(%out : memref<2x24x5x40xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  }
  func.return
}

// -----

// No tile divides both dims (30 and 12): the loops stay in output order.
// CHECK-LABEL: func.func @untiled
// CHECK:        scf.for %{{.*}} = %{{.*}} to %[[C12:.*]] step %[[C1:.*]] {
// CHECK-NEXT:     scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C1]] {
// CHECK-NEXT:       memref.load
func.func @untiled(%x: memref<30x12xf32>, %out: memref<12x30xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : memref<30x12xf32>) outs(%out : memref<12x30xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  }
  func.return
}
