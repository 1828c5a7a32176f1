// RUN: strata-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @concatenate_dims(%a: tensor<2x3xf32>, %b: tensor<3x1xf32>) {
  // expected-error {{which differs from input 0 [2,3] outside dimension 1}}
  %0 = hlo.concatenate %a, %b, dim = 1 : (tensor<2x3xf32>, tensor<3x1xf32>) -> tensor<2x4xf32>
  func.return
}
// CHECK: 'hlo.concatenate' op input 1 has shape [3,1], which differs from input 0 [2,3] outside dimension 1

// -----

func.func @concatenate_result(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>) {
  // expected-error {{result 0 has type tensor<2x5xf32>}}
  %0 = hlo.concatenate %a, %b, dim = 1 : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>
  func.return
}
// CHECK: 'hlo.concatenate' op result 0 has type tensor<2x5xf32>, but operands and attributes imply tensor<2x4xf32>

// -----

func.func @slice_bounds(%a: tensor<4xf32>) {
  // expected-error {{of dim 0 (size 4) is out of bounds}}
  %0 = hlo.slice %a [2:5] : (tensor<4xf32>) -> tensor<3xf32>
  func.return
}
// CHECK: 'hlo.slice' op slice [2:5] of dim 0 (size 4) is out of bounds

// -----

func.func @slice_stride(%a: tensor<4xf32>) {
  // expected-error {{stride of dim 0 must be positive}}
  %0 = hlo.slice %a [0:4:0] : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: 'hlo.slice' op stride of dim 0 must be positive, found 0

// -----

func.func @pad_value(%a: tensor<4xf32>, %v: tensor<i32>) {
  // expected-error {{padding value must be a rank-0 tensor of f32}}
  %0 = hlo.pad %a, %v, low = [1], high = [0], interior = [0] : (tensor<4xf32>, tensor<i32>) -> tensor<5xf32>
  func.return
}
// CHECK: 'hlo.pad' op padding value must be a rank-0 tensor of f32, found tensor<i32>

// -----

func.func @reverse_dims(%a: tensor<4xf32>) {
  // expected-error {{dimension 1 is out of range for rank 1}}
  %0 = hlo.reverse %a, dims = [1] : tensor<4xf32>
  func.return
}
// CHECK: 'hlo.reverse' op dimension 1 is out of range for rank 1

// -----

func.func @iota_dim() {
  // expected-error {{iota dimension 2 is out of range for rank 2}}
  %0 = hlo.iota dim = 2 : tensor<2x3xi32>
  func.return
}
// CHECK: 'hlo.iota' op iota dimension 2 is out of range for rank 2
