// RUN: strata-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @erf_int(%x: tensor<4xi32>) {
  %0 = "tf.Erf"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  func.return
}
// CHECK: 'tf.Erf' op operand must be a float tensor, found tensor<4xi32>

// -----

func.func @sign_bool(%x: tensor<4xi1>) {
  %0 = "tf.Sign"(%x) : (tensor<4xi1>) -> tensor<4xi1>
  func.return
}
// CHECK: 'tf.Sign' op operand must be an integer or float tensor, found tensor<4xi1>

// -----

func.func @logical_and_float(%x: tensor<4xf32>) {
  %0 = "tf.LogicalAnd"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: 'tf.LogicalAnd' op operands must be bool (i1) tensors, found f32

// -----

func.func @compare_result(%x: tensor<4xf32>) {
  %0 = "tf.Less"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: 'tf.Less' op result 0 has type tensor<4xf32>, but operands and attributes imply tensor<4xi1>

// -----

func.func @compare_broadcast(%x: tensor<4xf32>, %y: tensor<3xf32>) {
  %0 = "tf.Equal"(%x, %y) : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xi1>
  func.return
}
// CHECK: 'tf.Equal' op shapes [4] and [3] do not broadcast

// -----

func.func @select_condition(%c: tensor<3xi1>, %x: tensor<2x3xf32>) {
  %0 = "tf.Select"(%c, %x, %x) : (tensor<3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}
// CHECK: 'tf.Select' op condition must be rank-0, have t's shape [2,3], or be 1-D of size 2; found tensor<3xi1>

// -----

func.func @select_condition_type(%c: tensor<2xf32>, %x: tensor<2xf32>) {
  %0 = "tf.SelectV2"(%c, %x, %x) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  func.return
}
// CHECK: 'tf.SelectV2' op condition must be a bool (i1) tensor, found tensor<2xf32>

// -----

func.func @clip_bounds(%x: tensor<2x3xf32>, %lo: tensor<3xf32>, %hi: tensor<f32>) {
  %0 = "tf.ClipByValue"(%x, %lo, %hi) : (tensor<2x3xf32>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>
  func.return
}
// CHECK: 'tf.ClipByValue' op clip_value_min must be rank-0 or have t's shape [2,3], found tensor<3xf32>
