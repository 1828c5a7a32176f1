// RUN: strata-opt %s -p linalg-fuse-elementwise --print-debuginfo | filecheck %s

// The fused generic takes the consumer's location; the producer's scalar ops keep their own, so
// both TF node names survive.
// CHECK-LABEL: func.func @fused_locations
// CHECK:          math.exp {{.*}} loc("exp")
// CHECK-NEXT:     arith.negf {{.*}} loc("neg")
// CHECK:        } -> tensor<4xf32> loc("neg")
func.func @fused_locations(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e0 = tensor.empty() : tensor<4xf32> loc("exp")
  %exp = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e0 : tensor<4xf32>) {
  ^bb0(%v: f32, %out: f32):
    %r = math.exp %v : f32 loc("exp")
    linalg.yield %r : f32 loc("exp")
  } -> tensor<4xf32> loc("exp")
  %e1 = tensor.empty() : tensor<4xf32> loc("neg")
  %neg = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%exp : tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
  ^bb0(%v: f32, %out: f32):
    %r = arith.negf %v : f32 loc("neg")
    linalg.yield %r : f32 loc("neg")
  } -> tensor<4xf32> loc("neg")
  func.return %neg : tensor<4xf32>
}
