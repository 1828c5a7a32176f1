// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @concatenate_dims(%a: tensor<2x3xf32>, %b: tensor<3x1xf32>) {
  // expected-error @+1 {{input 1 has shape [3,1], which differs from input 0 [2,3] outside dimension 1}}
  %0 = hlo.concatenate %a, %b, dim = 1 : (tensor<2x3xf32>, tensor<3x1xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @concatenate_result(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>) {
  // expected-error @+1 {{result 0 has type tensor<2x5xf32>, but operands and attributes imply tensor<2x4xf32>}}
  %0 = hlo.concatenate %a, %b, dim = 1 : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>
  func.return
}

// -----

func.func @slice_bounds(%a: tensor<4xf32>) {
  // expected-error @+1 {{slice [2:5] of dim 0 (size 4) is out of bounds}}
  %0 = hlo.slice %a [2:5] : (tensor<4xf32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @slice_stride(%a: tensor<4xf32>) {
  // expected-error @+1 {{stride of dim 0 must be positive, found 0}}
  %0 = hlo.slice %a [0:4:0] : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @pad_value(%a: tensor<4xf32>, %v: tensor<i32>) {
  // expected-error @+1 {{padding value must be a rank-0 tensor of f32, found tensor<i32>}}
  %0 = hlo.pad %a, %v, low = [1], high = [0], interior = [0] : (tensor<4xf32>, tensor<i32>) -> tensor<5xf32>
  func.return
}

// -----

func.func @reverse_dims(%a: tensor<4xf32>) {
  // expected-error @+1 {{dimension 1 is out of range for rank 1}}
  %0 = hlo.reverse %a, dims = [1] : tensor<4xf32>
  func.return
}

// -----

func.func @iota_dim() {
  // expected-error @+1 {{iota dimension 2 is out of range for rank 2}}
  %0 = hlo.iota dim = 2 : tensor<2x3xi32>
  func.return
}

// -----

func.func @get_dimension_size_out_of_range(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.get_dimension_size' op dimension 2 is out of range for rank 2}}
  %0 = "hlo.get_dimension_size"(%x) <{dimension = 2 : i64}> : (tensor<2x3xf32>) -> tensor<i32>
  func.return
}
