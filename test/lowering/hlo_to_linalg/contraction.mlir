// RUN: strata-opt %s -p convert-hlo-to-linalg --split-input-file | filecheck %s

// Loops (m, k, n): the reduction over k sits between the two parallel loops, the output is
// zero-filled first, and the body accumulates acc + a * b.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3x4xf32>)
// CHECK-NEXT:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[EMPTY:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK-NEXT:   %[[FILL:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%[[EMPTY]] : tensor<2x4xf32>) {
// CHECK-NEXT:   ^bb0(%{{.*}}: f32):
// CHECK-NEXT:     linalg.yield %[[ZERO]] : f32
// CHECK-NEXT:   } -> tensor<2x4xf32>
// CHECK-NEXT:   %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<3x4xf32>) outs(%[[FILL]] : tensor<2x4xf32>) {
// CHECK-NEXT:   ^bb0(%[[AE:.*]]: f32, %[[BE:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:     %[[MUL:.*]] = arith.mulf %[[AE]], %[[BE]]{{.*}} : f32
// CHECK-NEXT:     %[[ADD:.*]] = arith.addf %[[ACC]], %[[MUL]]{{.*}} : f32
// CHECK-NEXT:     linalg.yield %[[ADD]] : f32
// CHECK-NEXT:   } -> tensor<2x4xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// A transposed lhs (tf.MatMul transpose_a) only changes its map. A transposed rhs
// (transpose_b: read along its contracting dim, which the innermost loop would gather across
// rows) is copied into (contracting, free) order first, and that copy is read along its rows.
// CHECK-LABEL: func.func @matmul_transposed
// CHECK-SAME: (%[[A:.*]]: tensor<3x2xf32>, %[[B:.*]]: tensor<4x3xf32>)
// CHECK:        %[[BT:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[B]] : tensor<4x3xf32>) outs(%{{.*}} : tensor<3x4xf32>)
// CHECK:        linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[A]], %[[BT]] : tensor<3x2xf32>, tensor<3x4xf32>)
func.func @matmul_transposed(%a: tensor<3x2xf32>, %b: tensor<4x3xf32>) -> tensor<2x4xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// A constant rhs read transposed is transposed now: a constant in (contracting, free) order.
// CHECK-LABEL: func.func @matmul_constant_transposed
// CHECK:        %[[W:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 3.000000e+00, 5.000000e+00], [2.000000e+00, 4.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// CHECK-NOT:    linalg.generic {{.*}}"parallel", "parallel"]} ins(%[[W]]
// CHECK:        linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], {{.*}} ins(%{{.*}}, %[[W]] : tensor<4x2xf32>, tensor<2x3xf32>)
func.func @matmul_constant_transposed(%a: tensor<4x2xf32>) -> tensor<4x3xf32> {
  %w = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %0 = hlo.dot_general %a, %w, contracting_dims = [1] x [1] : (tensor<4x2xf32>, tensor<3x2xf32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// -----

// Batch dims come first: loops (b, m, k, n).
// CHECK-LABEL: func.func @batch_matmul
// CHECK-SAME: (%[[A:.*]]: tensor<5x2x3xf32>, %[[B:.*]]: tensor<5x3x4xf32>)
// CHECK:        %[[FILL:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%{{.*}} : tensor<5x2x4xf32>)
// CHECK:        linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>], iterator_types = ["parallel", "parallel", "reduction", "parallel"]} ins(%[[A]], %[[B]] : tensor<5x2x3xf32>, tensor<5x3x4xf32>) outs(%[[FILL]] : tensor<5x2x4xf32>)
func.func @batch_matmul(%a: tensor<5x2x3xf32>, %b: tensor<5x3x4xf32>) -> tensor<5x2x4xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
  func.return %0 : tensor<5x2x4xf32>
}

// -----

// CHECK-LABEL: func.func @matmul_int
// CHECK:        %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:        ^bb0(%[[AE:.*]]: i32, %[[BE:.*]]: i32, %[[ACC:.*]]: i32):
// CHECK-NEXT:     %[[MUL:.*]] = arith.muli %[[AE]], %[[BE]] : i32
// CHECK-NEXT:     %[[ADD:.*]] = arith.addi %[[ACC]], %[[MUL]] : i32
// CHECK-NEXT:     linalg.yield %[[ADD]] : i32
func.func @matmul_int(%a: tensor<2x3xi32>, %b: tensor<3x4xi32>) -> tensor<2x4xi32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xi32>, tensor<3x4xi32>) -> tensor<2x4xi32>
  func.return %0 : tensor<2x4xi32>
}
