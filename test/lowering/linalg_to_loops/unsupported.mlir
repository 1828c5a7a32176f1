// RUN: not strata-opt %s -p convert-linalg-to-loops 2>&1 | filecheck %s

// linalg on tensors has no loops to become: the pass asks for bufferize first.
// CHECK: error: convert-linalg-to-loops: 1 linalg ops still on tensors (run bufferize first):
// CHECK-NEXT: node 'neg' (linalg.generic)
func.func @on_tensors(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %n = arith.negf %v : f32
    linalg.yield %n : f32
  } -> tensor<4xf32> loc("neg")
  func.return %r : tensor<4xf32>
}
