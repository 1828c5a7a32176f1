// RUN: strata-opt %s -p "convert-linalg-to-loops{vector-bits=512 vector-registers=32}" | filecheck %s

// A convolution (NHWC, 3x3 window, 32 output channels) reads a small filter: 1.2 KB here, at most
// COLUMNS_INSIDE_BYTES (128 KB) in any case. Its column blocks then go inside the dims around
// the output columns (batch, output rows), and the widest of those, the 28 rows, is outermost,
// the loop that threads split (strata.parallel): each thread writes whole rows of the output.
// CHECK-LABEL: func.func @small_filter
// CHECK-DAG:     %[[C28:.*]] = arith.constant 28 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK:         scf.for %[[ROW:.*]] = %{{.*}} to %[[C28]] step %{{.*}} {
// CHECK-NEXT:      scf.for %[[N:.*]] = %{{.*}} to %[[C4]] step %{{.*}} {
// CHECK-NEXT:        scf.for %[[CO:.*]] = %{{.*}} to %[[C32]] step %[[C16]] {
// CHECK-NEXT:          scf.for %{{.*}} = %{{.*}} to %[[C28]] step %[[C4]] {
// CHECK:         } {strata.parallel}
func.func @small_filter(%x: memref<4x30x30x1xf32>, %w: memref<3x3x1x32xf32>, %y: memref<4x28x28x32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 + d3), (d2 + d4), d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%x, %w : memref<4x30x30x1xf32>, memref<3x3x1x32xf32>) outs(%y : memref<4x28x28x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  func.return
}

// A filter of 3x3x128x128 f32 (576 KB) would be read again for every row: the column blocks stay
// outermost, each swept over every row while its part of the filter stays in cache.
// CHECK-LABEL: func.func @large_filter
// CHECK-DAG:     %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[C128]] step %[[C64]] {
// CHECK-NEXT:      scf.for %{{.*}} = %{{.*}} to %[[C2]] step %{{.*}} {
// CHECK:         } {strata.parallel}
func.func @large_filter(%x: memref<2x14x14x128xf32>, %w: memref<3x3x128x128xf32>, %y: memref<2x12x12x128xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 + d3), (d2 + d4), d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%x, %w : memref<2x14x14x128xf32>, memref<3x3x128x128xf32>) outs(%y : memref<2x12x12x128xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  func.return
}
