// A linalg-stage function whose first generic reads a tensor.empty (memory nothing writes) and
// adds it to x. In a debug build (--check-bounds) the runtime fills the arena and the outputs
// with 0xFF bytes before the call, so the read shows as NaN on both targets. The second output
// is written before it is read and stays right.
// RUN: strata-run %s --check-bounds --seed 0 | filecheck %s
// RUN: strata-run %s --check-bounds --seed 0 --target cuda-sim | filecheck %s

// CHECK:      Identity: float32[4]
// CHECK-NEXT: [nan nan nan nan]
// CHECK-NEXT: Identity_1: float32[4]
// CHECK-NEXT: [{{[-0-9. ]+}}]

func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) attributes {tf.entry_function = {inputs = "x", outputs = "Identity,Identity_1"}} {
  %never_written = tensor.empty() : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %never_written : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %junk: f32, %out: f32):
    %s = arith.addf %in, %junk : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  func.return %a, %b : tensor<4xf32>, tensor<4xf32>
}
