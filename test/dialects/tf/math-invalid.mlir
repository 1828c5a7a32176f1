// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @erf_int(%x: tensor<4xi32>) {
  // expected-error @+1 {{operand must be a float tensor, found tensor<4xi32>}}
  %0 = "tf.Erf"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  func.return
}

// -----

func.func @sign_bool(%x: tensor<4xi1>) {
  // expected-error @+1 {{operand must be an integer or float tensor, found tensor<4xi1>}}
  %0 = "tf.Sign"(%x) : (tensor<4xi1>) -> tensor<4xi1>
  func.return
}

// -----

func.func @logical_and_float(%x: tensor<4xf32>) {
  // expected-error @+1 {{operands must be bool (i1) tensors, found f32}}
  %0 = "tf.LogicalAnd"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @compare_result(%x: tensor<4xf32>) {
  // expected-error @+1 {{result 0 has type tensor<4xf32>, but operands and attributes imply tensor<4xi1>}}
  %0 = "tf.Less"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @compare_broadcast(%x: tensor<4xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{shapes [4] and [3] do not broadcast}}
  %0 = "tf.Equal"(%x, %y) : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xi1>
  func.return
}

// -----

func.func @select_condition(%c: tensor<3xi1>, %x: tensor<2x3xf32>) {
  // expected-error @+1 {{condition must be rank-0, have t's shape [2,3], or be 1-D of size 2; found tensor<3xi1>}}
  %0 = "tf.Select"(%c, %x, %x) : (tensor<3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @select_condition_type(%c: tensor<2xf32>, %x: tensor<2xf32>) {
  // expected-error @+1 {{condition must be a bool (i1) tensor, found tensor<2xf32>}}
  %0 = "tf.SelectV2"(%c, %x, %x) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @clip_bounds(%x: tensor<2x3xf32>, %lo: tensor<3xf32>, %hi: tensor<f32>) {
  // expected-error @+1 {{clip_value_min must be rank-0 or have t's shape [2,3], found tensor<3xf32>}}
  %0 = "tf.ClipByValue"(%x, %lo, %hi) : (tensor<2x3xf32>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @addn_shapes_differ(%a: tensor<3xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{input 1 is tensor<4xf32>, but input 0 is tensor<3xf32>}}
  %0 = "tf.AddN"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @addn_no_inputs() {
  // expected-error @+1 {{AddN needs at least one input}}
  %0 = "tf.AddN"() : () -> tensor<3xf32>
  func.return
}

// -----

func.func @asin_of_ints(%x: tensor<3xi32>) {
  // expected-error @+1 {{operand must be a float tensor, found tensor<3xi32>}}
  %0 = "tf.Asin"(%x) : (tensor<3xi32>) -> tensor<3xi32>
  func.return
}

// -----

func.func @xlogy_of_ints(%x: tensor<3xi32>) {
  // expected-error @+1 {{operands must be float tensors, found i32}}
  %0 = "tf.Xlogy"(%x, %x) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  func.return
}

// -----

func.func @bitwise_of_floats(%x: tensor<3xf32>) {
  // expected-error @+1 {{operands must be integer tensors, found f32}}
  %0 = "tf.BitwiseAnd"(%x, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @invert_of_bools(%x: tensor<3xi1>) {
  // expected-error @+1 {{operand must be an integer tensor, found tensor<3xi1>}}
  %0 = "tf.Invert"(%x) : (tensor<3xi1>) -> tensor<3xi1>
  func.return
}

// -----

func.func @bucketize_unsorted(%x: tensor<3xf32>) {
  // expected-error @+1 {{boundaries must be sorted, found [1.0, 0.0]}}
  %0 = "tf.Bucketize"(%x) <{boundaries = array<f32: 1.0, 0.0>}> : (tensor<3xf32>) -> tensor<3xi32>
  func.return
}

// -----

func.func @cholesky_not_square(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{input must be a batch of square matrices, found tensor<3x4xf32>}}
  %0 = "tf.Cholesky"(%a) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @cholesky_int(%a: tensor<3x3xi32>) {
  // expected-error @+1 {{input must have a float element type, found tensor<3x3xi32>}}
  %0 = "tf.Cholesky"(%a) : (tensor<3x3xi32>) -> tensor<3x3xi32>
  func.return
}

// -----

func.func @solve_rows(%a: tensor<2x4x4xf32>, %b: tensor<2x3x1xf32>) {
  // expected-error @+1 {{rhs [2,3,1] does not fit matrix [2,4,4]: the rows must match and the batch dims broadcast}}
  %0 = "tf.MatrixTriangularSolve"(%a, %b) <{lower = true, adjoint = false}> : (tensor<2x4x4xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  func.return
}

// -----

func.func @solve_batch(%a: tensor<2x4x4xf32>, %b: tensor<3x4x1xf32>) {
  // expected-error @+1 {{rhs [3,4,1] does not fit matrix [2,4,4]: the rows must match and the batch dims broadcast}}
  %0 = "tf.MatrixTriangularSolve"(%a, %b) <{lower = true, adjoint = false}> : (tensor<2x4x4xf32>, tensor<3x4x1xf32>) -> tensor<3x4x1xf32>
  func.return
}

// -----

func.func @fake_quant_range(%x: tensor<4xf32>) {
  // expected-error @+1 {{min must be below max, found min 1.0 and max -1.0}}
  %0 = "tf.FakeQuantWithMinMaxArgs"(%x) <{min = 1.0 : f32, max = -1.0 : f32, num_bits = 8 : i64, narrow_range = false}> : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @fake_quant_bits(%x: tensor<4xf32>) {
  // expected-error @+1 {{num_bits must be between 2 and 16, found 1}}
  %0 = "tf.FakeQuantWithMinMaxArgs"(%x) <{min = -1.0 : f32, max = 1.0 : f32, num_bits = 1 : i64, narrow_range = false}> : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @fake_quant_vars_shape(%x: tensor<4xf32>, %lo: tensor<4xf32>, %hi: tensor<f32>) {
  // expected-error @+1 {{min must be a float32 scalar, found tensor<4xf32>}}
  %0 = "tf.FakeQuantWithMinMaxVars"(%x, %lo, %hi) <{num_bits = 8 : i64, narrow_range = false}> : (tensor<4xf32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @rfft_int(%x: tensor<8xi32>) {
  %n = "tf.Const"() <{value = dense<8> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{input must be a float32 or float64 tensor, found tensor<8xi32>}}
  %z = "tf.RFFT"(%x, %n) : (tensor<8xi32>, tensor<1xi32>) -> tensor<5xcomplex<f32>>
  func.return
}

// -----

func.func @rfft_two_lengths(%x: tensor<4x8xf32>) {
  %n = "tf.Const"() <{value = dense<[4, 8]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{fft_length must hold one length, found tensor<2xi32>}}
  %z = "tf.RFFT"(%x, %n) : (tensor<4x8xf32>, tensor<2xi32>) -> tensor<4x5xcomplex<f32>>
  func.return
}

// -----

func.func @complex_abs_of_real(%x: tensor<4xf32>) {
  // expected-error @+1 {{x must be a complex tensor, found tensor<4xf32>}}
  %m = "tf.ComplexAbs"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @fake_quant_per_channel_shape(%x: tensor<3x4xf32>, %lo: tensor<3xf32>, %hi: tensor<4xf32>) {
  // expected-error @+1 {{min must be a float32 vector of the 4 channels, found tensor<3xf32>}}
  %0 = "tf.FakeQuantWithMinMaxVarsPerChannel"(%x, %lo, %hi) <{num_bits = 8 : i64, narrow_range = false}> : (tensor<3x4xf32>, tensor<3xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @lower_bound_rows(%s: tensor<2x7xf32>, %v: tensor<3x9xf32>) {
  // expected-error @+1 {{tensor<2x7xf32> and tensor<3x9xf32> have different numbers of rows}}
  %0 = "tf.LowerBound"(%s, %v) : (tensor<2x7xf32>, tensor<3x9xf32>) -> tensor<3x9xi32>
  func.return
}

// -----

func.func @cross_last_dim(%a: tensor<4x2xf32>, %b: tensor<4x2xf32>) {
  // expected-error @+1 {{the last dim must be 3, found tensor<4x2xf32>}}
  %0 = "tf.Cross"(%a, %b) : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  func.return
}

// -----

func.func @unravel_index_float(%i: tensor<5xf32>, %d: tensor<2xf32>) {
  // expected-error @+1 {{indices must be a 0-D or 1-D integer tensor, found tensor<5xf32>}}
  %0 = "tf.UnravelIndex"(%i, %d) : (tensor<5xf32>, tensor<2xf32>) -> tensor<2x5xf32>
  func.return
}

// -----

func.func @histogram_range_not_a_pair(%v: tensor<6xf32>, %r: tensor<3xf32>, %n: tensor<i32>) {
  // expected-error @+1 {{value_range must be [lo, hi] of the values' type, found tensor<3xf32>}}
  %0 = "tf.HistogramFixedWidth"(%v, %r, %n) : (tensor<6xf32>, tensor<3xf32>, tensor<i32>) -> tensor<?xi32>
  func.return
}

// -----

func.func @qdq_axis(%x: tensor<2x3xf32>, %lo: tensor<3xf32>) {
  // expected-error @+1 {{axis 1: ranges per axis are not supported (one range, axis -1; TensorFlow 2.21's kernels refuse them too)}}
  %0 = "tf.QuantizeAndDequantizeV2"(%x, %lo, %lo) <{axis = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @qdq_round_mode(%x: tensor<2x3xf32>, %lo: tensor<f32>) {
  // expected-error @+1 {{round_mode must be HALF_TO_EVEN or HALF_UP, found 'HALF_DOWN'}}
  %0 = "tf.QuantizeAndDequantizeV4"(%x, %lo, %lo) <{round_mode = "HALF_DOWN"}> : (tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @qr_half(%a: tensor<3x3xf16>) {
  // expected-error @+1 {{input must be a batch of f32 or f64 matrices, found tensor<3x3xf16>}}
  %q, %r = "tf.Qr"(%a) <{full_matrices = false}> : (tensor<3x3xf16>) -> (tensor<3x3xf16>, tensor<3x3xf16>)
  func.return
}

// -----

func.func @qr_full_shape(%a: tensor<5x3xf32>) {
  // expected-error @+1 {{result 0 has type tensor<5x3xf32>, but operands and attributes imply tensor<5x5xf32>}}
  %q, %r = "tf.Qr"(%a) <{full_matrices = true}> : (tensor<5x3xf32>) -> (tensor<5x3xf32>, tensor<3x3xf32>)
  func.return
}

// -----

func.func @eig_not_square(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{input must be a batch of square matrices, found tensor<3x4xf32>}}
  %e, %v = "tf.SelfAdjointEigV2"(%a) <{compute_v = true}> : (tensor<3x4xf32>) -> (tensor<4xf32>, tensor<4x4xf32>)
  func.return
}

// -----

func.func @eig_values_only(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{result 1 has type tensor<4x4xf32>, but operands and attributes imply tensor<0xf32>}}
  %e, %v = "tf.SelfAdjointEigV2"(%a) <{compute_v = false}> : (tensor<4x4xf32>) -> (tensor<4xf32>, tensor<4x4xf32>)
  func.return
}

// -----

func.func @svd_full_not_square(%a: tensor<3x2xf32>) {
  // expected-error @+1 {{full_matrices with compute_uv of 3x2 matrices is not supported (the completion of u or v to a square orthonormal basis): use full_matrices=False}}
  %s, %u, %v = "tf.Svd"(%a) <{compute_uv = true, full_matrices = true}> : (tensor<3x2xf32>) -> (tensor<2xf32>, tensor<3x3xf32>, tensor<2x2xf32>)
  func.return
}

// -----

func.func @lu_index(%a: tensor<3x3xf32>) {
  // expected-error @+1 {{output_idx_type must be int32 or int64, found i16}}
  %lu, %p = "tf.Lu"(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi16>)
  func.return
}

// -----

func.func @irfft2d_one_length(%z: tensor<4x5xcomplex<f32>>) {
  %n = "tf.Const"() <{value = dense<8> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{fft_length must hold 2 lengths, found tensor<1xi32>}}
  %x = "tf.IRFFT2D"(%z, %n) : (tensor<4x5xcomplex<f32>>, tensor<1xi32>) -> tensor<4x8xf32>
  func.return
}

// -----

func.func @fft_of_real(%x: tensor<8xf32>) {
  // expected-error @+1 {{input must be a complex tensor, found tensor<8xf32>}}
  %z = "tf.FFT"(%x) : (tensor<8xf32>) -> tensor<8xf32>
  func.return
}

// -----

func.func @complex_mixed(%re: tensor<3xf32>, %im: tensor<3xf64>) {
  // expected-error @+1 {{real and imag must be float32 or float64 tensors of one type, found tensor<3xf32> and tensor<3xf64>}}
  %z = "tf.Complex"(%re, %im) : (tensor<3xf32>, tensor<3xf64>) -> tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @conj_of_real(%x: tensor<3xf32>) {
  // expected-error @+1 {{input must be a complex tensor, found tensor<3xf32>}}
  %z = "tf.Conj"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @igamma_int(%a: tensor<3xi32>, %x: tensor<3xi32>) {
  // expected-error @+1 {{operands must be float tensors, found i32}}
  %p = "tf.Igamma"(%a, %x) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  func.return
}

// -----

func.func @betainc_types(%a: tensor<3xf32>, %b: tensor<3xf64>, %x: tensor<3xf32>) {
  // expected-error @+1 {{a, b and x must be float tensors of one type, found tensor<3xf32>, tensor<3xf64>, tensor<3xf32>}}
  %i = "tf.Betainc"(%a, %b, %x) : (tensor<3xf32>, tensor<3xf64>, tensor<3xf32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @betainc_shapes(%a: tensor<3xf32>, %b: tensor<2xf32>, %x: tensor<3xf32>) {
  // expected-error @+1 {{shapes [3] and [2] and [3] do not broadcast}}
  %i = "tf.Betainc"(%a, %b, %x) : (tensor<3xf32>, tensor<2xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return
}
