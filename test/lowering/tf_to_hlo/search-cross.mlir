// RUN: strata-opt %s --split-input-file -p convert-tf-to-hlo | filecheck %s

// tf.searchsorted: both operands broadcast to [rows, values, elements]; LowerBound counts the
// elements below each value, UpperBound those the value is not below (a NaN value counts them
// all), summed in the output type.
// CHECK-LABEL: func.func @bounds
// CHECK-SAME:  (%[[S:.*]]: tensor<2x7xf32>, %[[V:.*]]: tensor<2x9xf32>)
// CHECK-NEXT:    %[[SB:.*]] = hlo.broadcast_in_dim %[[S]], dims = [0, 2] : (tensor<2x7xf32>) -> tensor<2x9x7xf32>
// CHECK-NEXT:    %[[VB:.*]] = hlo.broadcast_in_dim %[[V]], dims = [0, 1] : (tensor<2x9xf32>) -> tensor<2x9x7xf32>
// CHECK-NEXT:    %[[LT:.*]] = hlo.compare LT, %[[SB]], %[[VB]], FLOAT
// CHECK-NEXT:    %[[ONE:.*]] = hlo.convert %[[LT]] : (tensor<2x9x7xi1>) -> tensor<2x9x7xi32>
// CHECK-NEXT:    %[[Z:.*]] = hlo.constant dense<0> : tensor<i32>
// CHECK-NEXT:    %[[LO:.*]] = hlo.reduce(%[[ONE]] init: %[[Z]]) applies hlo.add across dimensions = [2] : (tensor<2x9x7xi32>, tensor<i32>) -> tensor<2x9xi32>
// CHECK:         %[[VLT:.*]] = hlo.compare LT, %{{.*}}, %{{.*}}, FLOAT
// CHECK-NEXT:    %[[GE:.*]] = hlo.not %[[VLT]]
// CHECK-NEXT:    %[[ONE64:.*]] = hlo.convert %[[GE]] : (tensor<2x9x7xi1>) -> tensor<2x9x7xi64>
// CHECK:         hlo.reduce(%[[ONE64]] init: %{{.*}}) applies hlo.add across dimensions = [2] : (tensor<2x9x7xi64>, tensor<i64>) -> tensor<2x9xi64>
func.func @bounds(%s: tensor<2x7xf32>, %v: tensor<2x9xf32>) -> (tensor<2x9xi32>, tensor<2x9xi64>) {
  %0 = "tf.LowerBound"(%s, %v) : (tensor<2x7xf32>, tensor<2x9xf32>) -> tensor<2x9xi32>
  %1 = "tf.UpperBound"(%s, %v) : (tensor<2x7xf32>, tensor<2x9xf32>) -> tensor<2x9xi64>
  func.return %0, %1 : tensor<2x9xi32>, tensor<2x9xi64>
}

// -----

// tf.Cross: a1 b2 - a2 b1, a2 b0 - a0 b2, a0 b1 - a1 b0 from slices of the last dim.
// CHECK-LABEL: func.func @cross
// CHECK-COUNT-12: hlo.slice
// CHECK:         %[[C:.*]] = hlo.concatenate %{{.*}}, %{{.*}}, %{{.*}}, dim = 1 : (tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x3xf32>
// CHECK-NEXT:    func.return %[[C]]
func.func @cross(%a: tensor<4x3xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = "tf.Cross"(%a, %b) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// -----

// tf.ApproximateEqual: |x - y| < tolerance.
// CHECK-LABEL: func.func @approximate_equal
// CHECK-NEXT:    %[[D:.*]] = hlo.subtract %x, %y : tensor<6xf32>
// CHECK-NEXT:    %[[A:.*]] = hlo.abs %[[D]] : tensor<6xf32>
// CHECK-NEXT:    %[[T:.*]] = hlo.constant dense<1.000000e-02> : tensor<6xf32>
// CHECK-NEXT:    %[[E:.*]] = hlo.compare LT, %[[A]], %[[T]], FLOAT
// CHECK-NEXT:    func.return %[[E]]
func.func @approximate_equal(%x: tensor<6xf32>, %y: tensor<6xf32>) -> tensor<6xi1> {
  %0 = "tf.ApproximateEqual"(%x, %y) <{tolerance = 1.000000e-02 : f32}> : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  func.return %0 : tensor<6xi1>
}
