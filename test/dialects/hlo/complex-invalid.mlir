// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @complex_of_ints(%a: tensor<4xi32>) {
  // expected-error @+1 {{operands must have f32 or f64 elements, found tensor<4xi32>}}
  %0 = "hlo.complex"(%a, %a) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @complex_parts_differ(%a: tensor<4xf32>, %b: tensor<4xf64>) {
  // expected-error @+1 {{lhs and rhs types differ: tensor<4xf32> and tensor<4xf64>}}
  %0 = hlo.complex %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @complex_wrong_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{result 0 has type tensor<4xcomplex<f64>>, but operands and attributes imply tensor<4xcomplex<f32>>}}
  %0 = hlo.complex %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f64>>
  func.return
}

// -----

func.func @real_of_int(%a: tensor<4xi32>) {
  // expected-error @+1 {{operand must have complex or float elements, found tensor<4xi32>}}
  %0 = hlo.real %a : (tensor<4xi32>) -> tensor<4xi32>
  func.return
}

// -----

func.func @imag_wrong_result(%z: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{result 0 has type tensor<4xcomplex<f32>>, but operands and attributes imply tensor<4xf32>}}
  %0 = hlo.imag %z : tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @abs_keeps_complex(%z: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{result 0 has type tensor<4xcomplex<f32>>, but operands and attributes imply tensor<4xf32>}}
  %0 = hlo.abs %z : tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @complex_of_i8(%z: tensor<4xcomplex<i8>>) {
  // expected-error @+1 {{operand element type complex<i8> is not supported (expected one of f16, bf16, f32, f64, i1, i2, i4, i8, i16, i32, i64, ui2, ui4, ui8, ui16, ui32, ui64, complex<f32>, complex<f64>)}}
  %0 = hlo.negate %z : tensor<4xcomplex<i8>>
  func.return
}

// -----

func.func @fft_of_real(%x: tensor<4xf32>) {
  // expected-error @+1 {{FFT operand must have complex elements, found tensor<4xf32>}}
  %0 = hlo.fft %x, type = FFT, length = [4] : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @rfft_length(%x: tensor<4xf32>) {
  // expected-error @+1 {{operand trailing dims [4] do not match [8] (fft_length [8])}}
  %0 = hlo.fft %x, type = RFFT, length = [8] : (tensor<4xf32>) -> tensor<5xcomplex<f32>>
  func.return
}

// -----

func.func @rfft_result(%x: tensor<8xf32>) {
  // expected-error @+1 {{result 0 has type tensor<8xcomplex<f32>>, but operands and attributes imply tensor<5xcomplex<f32>>}}
  %0 = hlo.fft %x, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<8xcomplex<f32>>
  func.return
}

// -----

func.func @fft_rank(%z: tensor<2x2x2x2xcomplex<f32>>) {
  // expected-error @+1 {{fft_length must have 1 to 3 positive sizes, found [2, 2, 2, 2]}}
  %0 = hlo.fft %z, type = FFT, length = [2, 2, 2, 2] : (tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>>
  func.return
}
