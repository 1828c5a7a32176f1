// RUN: strata-opt %s -p convert-tf-to-hlo --split-input-file | filecheck %s

// CHECK-LABEL: func.func @const
// CHECK-NEXT:   %[[F:.*]] = hlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:   %[[I:.*]] = hlo.constant dense<7> : tensor<i32>
// CHECK-NEXT:   func.return %[[F]], %[[I]] : tensor<2xf32>, tensor<i32>
func.func @const() -> (tensor<2xf32>, tensor<i32>) {
  %0 = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %1 = "tf.Const"() <{value = dense<7> : tensor<i32>}> : () -> tensor<i32>
  func.return %0, %1 : tensor<2xf32>, tensor<i32>
}

// -----

// The shape operand is already in the result type; its tf.Const is dropped once unused.
// CHECK-LABEL: func.func @reshape
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   %[[R:.*]] = hlo.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @reshape(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %s = "tf.Const"() <{value = dense<[3, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.Reshape"(%x, %s) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_inferred_dim
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NEXT:   %[[R:.*]] = hlo.reshape %[[X]] : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @reshape_inferred_dim(%x: tensor<2x3x4xf32>) -> tensor<2x12xf32> {
  %s = "tf.Const"() <{value = dense<[2, -1]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %0 = "tf.Reshape"(%x, %s) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2x12xf32>
  func.return %0 : tensor<2x12xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_to_scalar
// CHECK-SAME: (%[[X:.*]]: tensor<1x1xf32>)
// CHECK-NEXT:   %[[R:.*]] = hlo.reshape %[[X]] : (tensor<1x1xf32>) -> tensor<f32>
// CHECK-NEXT:   func.return %[[R]]
func.func @reshape_to_scalar(%x: tensor<1x1xf32>) -> tensor<f32> {
  %s = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %0 = "tf.Reshape"(%x, %s) : (tensor<1x1xf32>, tensor<0xi32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}
