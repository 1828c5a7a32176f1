// RUN: strata-opt %s -p hlo-simplify --split-input-file | filecheck %s

// Shape ops to the operand's own type (and the identity transpose) are removed.
// CHECK-LABEL: func.func @noop_shape_ops
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   func.return %[[X]], %[[X]], %[[X]], %[[X]] :
func.func @noop_shape_ops(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = hlo.convert %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = hlo.transpose %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// Same type is not enough: a square transpose (or a broadcast that permutes) moves data.
// CHECK-LABEL: func.func @permuting_ops_kept
// CHECK-SAME: (%[[X:.*]]: tensor<3x3xf32>)
// CHECK-NEXT:   %[[T:.*]] = hlo.transpose %[[X]], dims = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
// CHECK-NEXT:   %[[B:.*]] = hlo.broadcast_in_dim %[[X]], dims = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.reshape %[[X]] : (tensor<3x3xf32>) -> tensor<9xf32>
// CHECK-NEXT:   func.return %[[T]], %[[B]], %[[R]]
func.func @permuting_ops_kept(%x: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>, tensor<9xf32>) {
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  %1 = hlo.broadcast_in_dim %x, dims = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  %2 = hlo.reshape %x : (tensor<3x3xf32>) -> tensor<9xf32>
  func.return %0, %1, %2 : tensor<3x3xf32>, tensor<3x3xf32>, tensor<9xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_constant
// CHECK-NEXT:   %[[C:.*]] = hlo.constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// CHECK-NEXT:   func.return %[[C]]
func.func @reshape_constant() -> tensor<3x2xf32> {
  %c = hlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %0 = hlo.reshape %c : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_constant
// CHECK-NEXT:   %[[C:.*]] = hlo.constant dense<{{\[}}[1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// CHECK-NEXT:   func.return %[[C]]
func.func @transpose_constant() -> tensor<3x2xf32> {
  %c = hlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %0 = hlo.transpose %c, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

// A splat broadcasts to a splat; a non-splat broadcast stays (it would multiply the constant).
// CHECK-LABEL: func.func @broadcast_constant
// CHECK-NEXT:   %[[S:.*]] = hlo.constant dense<2.000000e+00> : tensor<2x3xf32>
// CHECK-NEXT:   %[[V:.*]] = hlo.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
// CHECK-NEXT:   %[[B:.*]] = hlo.broadcast_in_dim %[[V]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:   func.return %[[S]], %[[B]]
func.func @broadcast_constant() -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %s = hlo.constant dense<2.0> : tensor<f32>
  %0 = hlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %v = hlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %1 = hlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// Folds chain: reshape then transpose of a constant ends as one constant.
// CHECK-LABEL: func.func @fold_chain
// CHECK-NEXT:   %[[C:.*]] = hlo.constant dense<{{\[}}[1, 3], [2, 4]]> : tensor<2x2xi32>
// CHECK-NEXT:   func.return %[[C]]
func.func @fold_chain() -> tensor<2x2xi32> {
  %c = hlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %0 = hlo.reshape %c : (tensor<4xi32>) -> tensor<2x2xi32>
  %1 = hlo.transpose %0, dims = [1, 0] : (tensor<2x2xi32>) -> tensor<2x2xi32>
  func.return %1 : tensor<2x2xi32>
}

// -----

// get_dimension_size of a static dim is a constant; of a dynamic one it stays.
// CHECK-LABEL: func.func @dimension_size
// CHECK-NEXT:    %[[C:.*]] = hlo.constant dense<3> : tensor<i32>
// CHECK-NEXT:    %[[D:.*]] = hlo.get_dimension_size %{{.*}}, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
// CHECK-NEXT:    func.return %[[C]], %[[D]]
func.func @dimension_size(%x: tensor<?x3xf32>) -> (tensor<i32>, tensor<i32>) {
  %0 = hlo.get_dimension_size %x, dim = 1 : (tensor<?x3xf32>) -> tensor<i32>
  %1 = hlo.get_dimension_size %x, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
  func.return %0, %1 : tensor<i32>, tensor<i32>
}
