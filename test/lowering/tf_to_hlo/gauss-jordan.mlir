// RUN: strata-opt %s -p convert-tf-to-hlo --split-input-file | filecheck %s

// tf.MatrixInverse: [a | I] reduced column by column (2 here). Per column: the largest |value|
// at or below the diagonal (max, then the first row holding it), that row swapped up by a
// one-hot permutation (a dot_general), divided by its pivot and subtracted from the others;
// the inverse is the right half.
// CHECK-LABEL: func.func @inverse
// CHECK:         %[[M:.*]] = hlo.concatenate %{{.*}}, %{{.*}}, dim = 1 : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x4xf32>
// CHECK:         hlo.reduce({{.*}}) applies hlo.maximum across dimensions = [0]
// CHECK:         hlo.reduce({{.*}}) applies hlo.minimum across dimensions = [0]
// CHECK:         %[[P:.*]] = hlo.convert %{{.*}} : (tensor<2x2xi1>) -> tensor<2x2xf32>
// CHECK-NEXT:    %{{.*}} = hlo.dot_general %[[P]], %[[M]], contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK:         hlo.divide
// CHECK:         hlo.subtract
// CHECK:         hlo.dot_general
// CHECK:         %[[R:.*]] = hlo.slice %{{.*}} [0:2, 2:4] : (tensor<2x4xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    func.return %[[R]]
func.func @inverse(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = "tf.MatrixInverse"(%a) <{adjoint = false}> : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}

// -----

// tf.MatrixDeterminant: the same elimination of a alone; the product of the pivots, negated
// where a column's pivot row was not already on the diagonal.
// CHECK-LABEL: func.func @determinant
// CHECK:         %[[ONE:.*]] = hlo.constant dense<1.000000e+00> : tensor<3xf32>
// CHECK:         %[[SIGN:.*]] = hlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<3xi1>, tensor<3xf32>
// CHECK-NEXT:    %[[SP:.*]] = hlo.multiply %[[SIGN]], %{{.*}} : tensor<3xf32>
// CHECK-NEXT:    %{{.*}} = hlo.multiply %[[ONE]], %[[SP]] : tensor<3xf32>
// CHECK:         func.return %{{.*}} : tensor<3xf32>
func.func @determinant(%a: tensor<3x2x2xf32>) -> tensor<3xf32> {
  %0 = "tf.MatrixDeterminant"(%a) : (tensor<3x2x2xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// tf.LogMatrixDeterminant: the sign is the product of the swap signs and the pivots' signs, the
// log |det| the sum of the log |pivot|s (no product that could overflow).
// CHECK-LABEL: func.func @log_determinant
// CHECK:         %[[S:.*]] = hlo.sign %{{.*}} : tensor<3xf32>
// CHECK:         %[[A:.*]] = hlo.abs %{{.*}} : tensor<3xf32>
// CHECK-NEXT:    %[[L:.*]] = hlo.log %[[A]] : tensor<3xf32>
// CHECK-NEXT:    %{{.*}} = hlo.add %{{.*}}, %[[L]] : tensor<3xf32>
// CHECK:         func.return %{{.*}}, %{{.*}} : tensor<3xf32>, tensor<3xf32>
func.func @log_determinant(%a: tensor<3x2x2xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %s, %l = "tf.LogMatrixDeterminant"(%a) : (tensor<3x2x2xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  func.return %s, %l : tensor<3xf32>, tensor<3xf32>
}
