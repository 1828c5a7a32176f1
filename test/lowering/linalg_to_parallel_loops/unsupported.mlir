// RUN: not strata-opt %s -p convert-linalg-to-parallel-loops 2>&1 | filecheck %s

// Dynamic sizes give no static launch: the pass names every generic it cannot map.
// CHECK: error: convert-linalg-to-parallel-loops: 1 linalg ops could not be mapped to GPU loops:
// CHECK-NEXT: node 'dynamic_neg' (linalg.generic)
func.func @dynamic(%x: memref<?xf32>, %out: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : memref<?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%v: f32, %o: f32):
    %n = arith.negf %v : f32
    linalg.yield %n : f32
  } loc("dynamic_neg")
  func.return
}
