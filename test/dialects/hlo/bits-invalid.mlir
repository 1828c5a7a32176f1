// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @bitcast_same_width_shape(%x: tensor<3xf32>) {
  // expected-error @+1 {{result shape [4] must be the operand's [3] (elements of one width, 32 bits)}}
  %0 = hlo.bitcast_convert %x : (tensor<3xf32>) -> tensor<4xi32>
  func.return
}

// -----

func.func @bitcast_narrow_rank(%x: tensor<4xi8>) {
  // expected-error @+1 {{operand (8-bit elements) must have one dim more than the result (32-bit elements), found tensor<4xi8> and tensor<4xf32>}}
  %0 = hlo.bitcast_convert %x : (tensor<4xi8>) -> tensor<4xf32>
  func.return
}

// -----

func.func @bitcast_last_dim(%x: tensor<2xf32>) {
  // expected-error @+1 {{last dim of the result must hold one 32-bit element in 8-bit ones, found tensor<2xf32> and tensor<2x3xi8>}}
  %0 = hlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<2x3xi8>
  func.return
}

// -----

func.func @bitcast_other_dims(%x: tensor<5x2xi32>) {
  // expected-error @+1 {{operand and result shapes must match but for the last dim of the operand, found tensor<5x2xi32> and tensor<4xf64>}}
  %0 = hlo.bitcast_convert %x : (tensor<5x2xi32>) -> tensor<4xf64>
  func.return
}

// -----

// A complex element is as wide as its two parts (hlo-complex-to-real expands the op).
func.func @bitcast_complex(%x: tensor<complex<f64>>) {
  // expected-error @+1 {{last dim of the result must hold one 128-bit element in 64-bit ones, found tensor<complex<f64>> and tensor<3xcomplex<f32>>}}
  %0 = hlo.bitcast_convert %x : (tensor<complex<f64>>) -> tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @reduce_precision_integer(%x: tensor<4xi32>) {
  // expected-error @+1 {{operand must have float elements, found tensor<4xi32>}}
  %0 = hlo.reduce_precision %x, format = e5m10 : tensor<4xi32>
  func.return
}

// -----

func.func @reduce_precision_exponent(%x: tensor<4xf32>) {
  // expected-error @+1 {{exponent_bits must be at least 1, found 0}}
  %0 = hlo.reduce_precision %x, format = e0m10 : tensor<4xf32>
  func.return
}

// -----

func.func @reduce_precision_mantissa(%x: tensor<4xf32>) {
  // expected-error @+1 {{mantissa_bits must be at least 0, found -1}}
  %0 = "hlo.reduce_precision"(%x) {exponent_bits = 5 : i32, mantissa_bits = -1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @reduce_precision_result(%x: tensor<4xf32>) {
  // expected-error @+1 {{result 0 has type tensor<4xf16>, but operands and attributes imply tensor<4xf32>}}
  %0 = "hlo.reduce_precision"(%x) {exponent_bits = 5 : i32, mantissa_bits = 10 : i32} : (tensor<4xf32>) -> tensor<4xf16>
  func.return
}

// -----

func.func @reduce_precision_format(%x: tensor<4xf32>) {
  // expected-error @+1 {{expected exponent mantissa in format e#m#, found 'f5m10'}}
  %0 = hlo.reduce_precision %x, format = f5m10 : tensor<4xf32>
  func.return
}

// -----

func.func @tuple_element(%i: i32) {
  // expected-error @+1 {{operand 0 must be a tensor or a tuple, found i32}}
  %0 = "hlo.tuple"(%i) : (i32) -> tuple<i32>
  func.return
}

// -----

func.func @tuple_result(%x: tensor<2xf32>) {
  // expected-error @+1 {{result type tuple<tensor<f32>> must be the tuple of the operands' types, tuple<tensor<2xf32>>}}
  %0 = "hlo.tuple"(%x) : (tensor<2xf32>) -> tuple<tensor<f32>>
  func.return
}

// -----

func.func @tuple_type(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected a tuple type, found tensor<2xf32>}}
  %0 = hlo.tuple %x : tensor<2xf32>
  func.return
}

// -----

func.func @get_tuple_element_index(%t: tuple<tensor<2xf32>, tensor<i32>>) {
  // expected-error @+1 {{index 2 is out of range for tuple<tensor<2xf32>, tensor<i32>> (2 elements)}}
  %0 = hlo.get_tuple_element %t[2] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<i32>
  func.return
}

// -----

func.func @get_tuple_element_result(%t: tuple<tensor<2xf32>, tensor<i32>>) {
  // expected-error @+1 {{result type tensor<f32> must be element 0 of the tuple, tensor<2xf32>}}
  %0 = hlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<f32>
  func.return
}
