// RUN: strata-opt %s -p "linalg-fuse-fill,convert-linalg-to-loops{vector-bits=256 vector-registers=16}" | filecheck %s

// A matmul with its bias and ReLU as its last step (linalg-fuse-epilogue's form), on AVX2's 6 x 16
// tiles (m = 14: two whole tiles and 2 rows): after the k loop of each tile, and of the rows
// left, the tile is read back, biased, clamped at 0 and stored. The k loop reads no bias and
// selects nothing; its accumulators start at zero (the fill, linalg-fuse-fill).
// CHECK-LABEL: func.func @dense
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         scf.for %[[N0:.*]] = {{.*}} {
// CHECK:           scf.for %{{.*}} = {{.*}} {
// CHECK:             memref.store %[[ZERO]], %out
// CHECK:             scf.for %{{.*}} = {{.*}} {
// CHECK-NOT:           memref.load %b
// CHECK-NOT:           arith.select
// CHECK:               math.fma
// CHECK:               memref.store %{{.*}}, %out
// CHECK:             scf.for %[[I:.*]] = {{.*}} {
// CHECK-NEXT:          %[[ROW:.*]] = arith.addi %{{.*}}, %[[I]] : index
// CHECK-NEXT:          scf.for %[[J:.*]] = {{.*}} {
// CHECK-NEXT:            %[[COL:.*]] = arith.addi %[[N0]], %[[J]] : index
// CHECK-NEXT:            %[[ACC:.*]] = memref.load %out[%[[ROW]], %[[COL]]] : memref<14x32xf32>
// CHECK-NEXT:            %[[BIAS:.*]] = memref.load %b[%[[COL]]] : memref<32xf32>
// CHECK-NEXT:            %[[T:.*]] = arith.addf %[[ACC]], %[[BIAS]] : f32
// CHECK-NEXT:            %[[R:.*]] = arith.maximumf %[[T]], %[[ZERO]] : f32
// CHECK-NEXT:            memref.store %[[R]], %out[%[[ROW]], %[[COL]]] : memref<14x32xf32>
// CHECK-NEXT:          } {strata.vector_width = 8 : i64, strata.interleave = 2 : i64}
// CHECK-NEXT:        } {strata.unroll}
// CHECK:           memref.store %[[ZERO]], %out
// CHECK:           math.fma
// CHECK:           arith.maximumf
// CHECK-NOT:       arith.select
// CHECK:         func.return
func.func @dense(%x: memref<14x16xf32>, %w: memref<16x32xf32>, %b: memref<32xf32>, %out: memref<14x32xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%out : memref<14x32xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x, %w, %b : memref<14x16xf32>, memref<16x32xf32>, memref<32xf32>) outs(%out : memref<14x32xf32>) {
  ^bb0(%a: f32, %c: f32, %bias: f32, %acc: f32):
    %p = arith.mulf %a, %c fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    %t = arith.addf %s, %bias : f32
    %r = arith.maximumf %t, %zero : f32
    %k = linalg.index 1 : index
    %c15 = arith.constant 15 : index
    %last = arith.cmpi eq, %k, %c15 : index
    %y = arith.select %last, %r, %s : f32
    linalg.yield %y : f32
  }
  func.return
}
