// RUN: strata-opt %s -p 'convert-linalg-to-parallel-loops{block-size=64 tile=8 min-tree-reduction=1000}' | filecheck %s

// Options: 64 threads per block (600 points -> 10 blocks), 8 x 8 matmul tiles, and a reduction
// of 100 under min-tree-reduction stays a loop in each thread.
// CHECK-LABEL: func.func @options
// CHECK-DAG:    %[[C10:.*]] = arith.constant 10 : index
// CHECK-DAG:    %[[C64:.*]] = arith.constant 64 : index
// CHECK:        "scf.parallel"(%{{.*}}, %[[C10]], %{{.*}})
// CHECK-NEXT:   ^{{.*}}(%{{.*}}: index):
// CHECK-NEXT:     "scf.parallel"(%{{.*}}, %[[C64]], %{{.*}})
// CHECK:        memref.get_global @__shared_0 : memref<8x8xf32, 3 : i64>
// CHECK:        memref.get_global @__shared_1 : memref<8x8xf32, 3 : i64>
// CHECK-NOT:    memref.get_global
func.func @options(%x: memref<20x30xf32>, %a: memref<20x40xf32>, %b: memref<40x24xf32>, %c: memref<20x24xf32>, %r: memref<20xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : memref<20x30xf32>) outs(%x : memref<20x30xf32>) {
  ^bb0(%v: f32, %o: f32):
    %e = math.exp %v : f32
    linalg.yield %e : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<20x40xf32>, memref<40x24xf32>) outs(%c : memref<20x24xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : memref<20x40xf32>) outs(%r : memref<20xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %o, %v : f32
    linalg.yield %s : f32
  }
  func.return
}
