// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @matmul_contracting(%x: tensor<8x784xf32>, %w: tensor<785x10xf32>) -> tensor<8x10xf32> {
  // expected-error @+1 {{contracting dims differ: a has 784, b has 785}}
  %0 = "tf.MatMul"(%x, %w) : (tensor<8x784xf32>, tensor<785x10xf32>) -> tensor<8x10xf32>
  func.return %0 : tensor<8x10xf32>
}

// -----

func.func @result_type(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{result 0 has type tensor<3x2xf32>, but operands and attributes imply tensor<2x3xf32>}}
  %0 = "tf.Relu"(%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return
}

// -----

func.func @const_type() {
  // expected-error @+1 {{result 0 has type tensor<3xf32>, but operands and attributes imply tensor<2xf32>}}
  %0 = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<3xf32>
  func.return
}

// -----

func.func @float_only(%x: tensor<4xi32>) {
  // expected-error @+1 {{operand must be a float tensor, found tensor<4xi32>}}
  %0 = "tf.Exp"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  func.return
}

// -----

func.func @binary_element_types(%x: tensor<4xf32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{operands have different element types: f32 and i32}}
  %0 = "tf.AddV2"(%x, %y) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @binary_broadcast(%x: tensor<4xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{shapes [4] and [3] do not broadcast}}
  %0 = "tf.Mul"(%x, %y) : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @identity_n(%x: tensor<4xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{result 1 has type tensor<4xf32>, but operands and attributes imply tensor<3xf32>}}
  %0:2 = "tf.IdentityN"(%x, %y) : (tensor<4xf32>, tensor<3xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  func.return
}

// -----

func.func @bias_add_format(%x: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{data_format must be NHWC or NCHW, found 'NDHWC'}}
  %0 = "tf.BiasAdd"(%x, %b) <{data_format = "NDHWC"}> : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @bias_add_rank(%x: tensor<3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{expected value of rank >= 2 and a 1-D bias, found tensor<3xf32> and tensor<3xf32>}}
  %0 = "tf.BiasAdd"(%x, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @bias_add_element_types(%x: tensor<2x3xf32>, %b: tensor<3xf16>) {
  // expected-error @+1 {{value and bias element types differ: tensor<2x3xf32> and tensor<3xf16>}}
  %0 = "tf.BiasAdd"(%x, %b) : (tensor<2x3xf32>, tensor<3xf16>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @bias_add_channels(%x: tensor<2x3xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{bias has 4 elements but the channel dim has 3}}
  %0 = "tf.BiasAdd"(%x, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @matmul_rank(%x: tensor<8xf32>, %w: tensor<8x10xf32>) {
  // expected-error @+1 {{operands must be 2-D, found tensor<8xf32> and tensor<8x10xf32>}}
  %0 = "tf.MatMul"(%x, %w) : (tensor<8xf32>, tensor<8x10xf32>) -> tensor<8x10xf32>
  func.return
}

// -----

func.func @matmul_element_types(%x: tensor<2x8xf32>, %w: tensor<8x10xf64>) {
  // expected-error @+1 {{operand element types differ: tensor<2x8xf32> and tensor<8x10xf64>}}
  %0 = "tf.MatMul"(%x, %w) : (tensor<2x8xf32>, tensor<8x10xf64>) -> tensor<2x10xf32>
  func.return
}

// -----

func.func @matmul_transposed(%x: tensor<8x784xf32>, %w: tensor<784x10xf32>) {
  // expected-error @+1 {{contracting dims differ: a has 784, b has 10}}
  %0 = "tf.MatMul"(%x, %w) <{transpose_a = false, transpose_b = true}> : (tensor<8x784xf32>, tensor<784x10xf32>) -> tensor<8x784xf32>
  func.return
}

// -----

func.func @reshape_shape_type(%x: tensor<4xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{shape must be a 1-D integer tensor, found tensor<2xf32>}}
  %0 = "tf.Reshape"(%x, %s) : (tensor<4xf32>, tensor<2xf32>) -> tensor<?x?xf32>
  func.return
}

// -----

func.func @reshape_two_unknown(%x: tensor<4xf32>) {
  %s = "tf.Const"() <{value = dense<[-1, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{shape [-1, -1] has more than one -1}}
  %0 = "tf.Reshape"(%x, %s) : (tensor<4xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @reshape_negative(%x: tensor<4xf32>) {
  %s = "tf.Const"() <{value = dense<[-2, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{shape [-2, 2] has a negative size}}
  %0 = "tf.Reshape"(%x, %s) : (tensor<4xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @reshape_indivisible(%x: tensor<5xf32>) {
  %s = "tf.Const"() <{value = dense<[-1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{cannot reshape 5 elements into [-1, 2]}}
  %0 = "tf.Reshape"(%x, %s) : (tensor<5xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @reshape_count(%x: tensor<4xf32>) {
  %s = "tf.Const"() <{value = dense<[3, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{cannot reshape [4] (4 elements) into [3, 2] (6 elements)}}
  %0 = "tf.Reshape"(%x, %s) : (tensor<4xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  func.return
}

// -----

func.func @reshape_unknown_length(%x: tensor<4xf32>, %s: tensor<?xi32>) {
  // expected-error @+1 {{shape operand has unknown length}}
  %0 = "tf.Reshape"(%x, %s) : (tensor<4xf32>, tensor<?xi32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @cast_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{operand tensor<4xf32> and result tensor<2x2xi32> have different shapes}}
  %0 = "tf.Cast"(%x) : (tensor<4xf32>) -> tensor<2x2xi32>
  func.return
}

// -----

func.func @ensure_shape_mismatch(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{input shape [2,3] does not match the expected shape [?,4]}}
  %0 = "tf.EnsureShape"(%x) <{shape = array<i64: -1, 4>}> : (tensor<2x3xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @ensure_shape_rank(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{input shape [2,3] does not match the expected shape [6]}}
  %0 = "tf.EnsureShape"(%x) <{shape = array<i64: 6>}> : (tensor<2x3xf32>) -> tensor<6xf32>
  func.return
}

// -----

func.func @bitcast_wider_last_dim(%x: tensor<3x3xi16>) {
  // expected-error @+1 {{a bitcast from 16-bit to 32-bit elements needs a last dim of 2, found tensor<3x3xi16>}}
  %0 = "tf.Bitcast"(%x) : (tensor<3x3xi16>) -> tensor<3xi32>
  func.return
}
