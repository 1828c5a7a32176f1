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

// -----

func.func @cumsum_axis_range(%x: tensor<2x3xf32>) {
  %a = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %0 = "tf.Cumsum"(%x, %a) <{exclusive = false, reverse = false}> : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @cumsum_bool(%x: tensor<2x3xi1>) {
  %a = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{x must be an integer or float tensor, found tensor<2x3xi1>}}
  %0 = "tf.Cumsum"(%x, %a) <{exclusive = false, reverse = false}> : (tensor<2x3xi1>, tensor<i32>) -> tensor<2x3xi1>
  func.return
}

// -----

func.func @cumulative_logsumexp_int(%x: tensor<2x3xi32>) {
  %a = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{x must be a float tensor, found tensor<2x3xi32>}}
  %0 = "tf.CumulativeLogsumexp"(%x, %a) <{exclusive = false, reverse = false}> : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
  func.return
}

// -----

func.func @top_k_too_many(%x: tensor<4x3xf32>) {
  %k = "tf.Const"() <{value = dense<5> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{k must be in [0, 3] (the last dim of tensor<4x3xf32>), found 5}}
  %v, %i = "tf.TopKV2"(%x, %k) <{sorted = true}> : (tensor<4x3xf32>, tensor<i32>) -> (tensor<4x5xf32>, tensor<4x5xi32>)
  func.return
}
