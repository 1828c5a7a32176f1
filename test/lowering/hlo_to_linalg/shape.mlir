// RUN: strata-opt %s -p convert-hlo-to-linalg --split-input-file | filecheck %s

// CHECK-LABEL: func.func @broadcast_in_dim
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>)
// CHECK-NEXT:   %[[INIT:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:   %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<3xf32>) outs(%[[INIT]] : tensor<2x3xf32>) {
// CHECK-NEXT:   ^bb0(%[[E:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:     linalg.yield %[[E]] : f32
// CHECK-NEXT:   } -> tensor<2x3xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @broadcast_in_dim(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// A size-1 operand dim that maps to a larger result dim is read at index 0.
// CHECK-LABEL: func.func @broadcast_size_one
// CHECK-SAME: (%[[X:.*]]: tensor<2x1xf32>)
// CHECK:        linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x1xf32>)
func.func @broadcast_size_one(%x: tensor<2x1xf32>) -> tensor<2x3xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// Operand dims may land on result dims in a different order.
// CHECK-LABEL: func.func @broadcast_permuted
// CHECK-SAME: (%[[X:.*]]: tensor<4x2xf32>)
// CHECK:        linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<4x2xf32>)
func.func @broadcast_permuted(%x: tensor<4x2xf32>) -> tensor<2x3x4xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [2, 0] : (tensor<4x2xf32>) -> tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_scalar
// CHECK-SAME: (%[[S:.*]]: tensor<f32>)
// CHECK:        linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<f32>)
func.func @broadcast_scalar(%s: tensor<f32>) -> tensor<2x3xf32> {
  %0 = hlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// result[i, j, k] = x[j, k, i] for permutation [2, 0, 1].
// CHECK-LABEL: func.func @transpose
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NEXT:   %[[INIT:.*]] = tensor.empty() : tensor<4x2x3xf32>
// CHECK-NEXT:   %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2, d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[INIT]] : tensor<4x2x3xf32>) {
// CHECK-NEXT:   ^bb0(%[[E:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:     linalg.yield %[[E]] : f32
// CHECK-NEXT:   } -> tensor<4x2x3xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @transpose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = hlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  func.return %0 : tensor<4x2x3xf32>
}

// -----

// Reshape goes through 1-D: collapse everything, then expand to the result.
// CHECK-LABEL: func.func @reshape
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0 : i64, 1 : i64]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK-NEXT:   %[[R:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0 : i64, 1 : i64]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @reshape(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_to_1d
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   %[[R:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0 : i64, 1 : i64]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @reshape_to_1d(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  func.return %0 : tensor<6xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_to_rank0
// CHECK-SAME: (%[[X:.*]]: tensor<1x1xf32>)
// CHECK-NEXT:   %[[R:.*]] = tensor.collapse_shape %[[X]] [] : tensor<1x1xf32> into tensor<f32>
// CHECK-NEXT:   func.return %[[R]]
func.func @reshape_to_rank0(%x: tensor<1x1xf32>) -> tensor<f32> {
  %0 = hlo.reshape %x : (tensor<1x1xf32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// From rank 0 the single element is broadcast (xDSL rejects expand_shape's rank-0 form).
// CHECK-LABEL: func.func @reshape_from_rank0
// CHECK-SAME: (%[[S:.*]]: tensor<f32>)
// CHECK-NEXT:   %[[INIT:.*]] = tensor.empty() : tensor<1x1xf32>
// CHECK-NEXT:   %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<f32>) outs(%[[INIT]] : tensor<1x1xf32>)
// CHECK:        func.return %[[R]]
func.func @reshape_from_rank0(%s: tensor<f32>) -> tensor<1x1xf32> {
  %0 = hlo.reshape %s : (tensor<f32>) -> tensor<1x1xf32>
  func.return %0 : tensor<1x1xf32>
}

// -----

// A constant is reshaped now, into a constant of the new shape (weights for a batch matmul: a
// contraction that reads a global as is gets it packed by linalg-pack-weights, not one read
// through reshapes).
// CHECK-LABEL: func.func @reshape_constant
// CHECK-NEXT:   %[[C:.*]] = arith.constant dense<{{\[\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]]> : tensor<1x3x2xf32>
// CHECK-NOT:    tensor.expand_shape
// CHECK:        func.return %[[C]]
func.func @reshape_constant() -> tensor<1x3x2xf32> {
  %c = hlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %0 = hlo.reshape %c : (tensor<2x3xf32>) -> tensor<1x3x2xf32>
  func.return %0 : tensor<1x3x2xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_same_shape
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   func.return %[[X]]
func.func @reshape_same_shape(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}
