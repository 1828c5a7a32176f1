// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @axes_not_constant(%x: tensor<2x3xf32>, %axes: tensor<1xi32>) {
  // expected-error @+1 {{reduction_indices must be a constant (tf.Const)}}
  %0 = "tf.Sum"(%x, %axes) <{keep_dims = false}> : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @axis_out_of_range(%x: tensor<2x3xf32>) {
  %axes = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{reduction index 2 is out of range for rank 2}}
  %0 = "tf.Max"(%x, %axes) <{keep_dims = false}> : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @keep_dims_shape(%x: tensor<2x3xf32>) {
  %axes = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{result 0 has type tensor<2xf32>, but operands and attributes imply tensor<2x1xf32>}}
  %0 = "tf.Sum"(%x, %axes) <{keep_dims = true}> : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @all_float(%x: tensor<2x3xf32>) {
  %axes = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{input must be a bool (i1) tensor, found tensor<2x3xf32>}}
  %0 = "tf.All"(%x, %axes) <{keep_dims = false}> : (tensor<2x3xf32>, tensor<i32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @argmax_output_type(%x: tensor<2x3xf32>) {
  %d = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{output_type must be int32 or int64, found f32}}
  %0 = "tf.ArgMax"(%x, %d) : (tensor<2x3xf32>, tensor<i32>) -> tensor<3xf32>
  func.return
}
