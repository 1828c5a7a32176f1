// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @conv_features(%x: tensor<1x5x5x3xf32>, %w: tensor<3x3x2x4xf32>) {
  // expected-error @+1 {{lhs feature dim (size 3) must be rhs input feature dim (size 2) times feature_group_count (1)}}
  %y = "hlo.convolution"(%x, %w) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x5x5x3xf32>, tensor<3x3x2x4xf32>) -> tensor<1x3x3x4xf32>
  func.return
}

// -----

func.func @conv_result(%x: tensor<1x5x5x2xf32>, %w: tensor<3x3x2x4xf32>) {
  // expected-error @+1 {{result 0 has type tensor<1x5x5x4xf32>, but operands and attributes imply tensor<1x3x3x4xf32>}}
  %y = "hlo.convolution"(%x, %w) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x5x5x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x5x5x4xf32>
  func.return
}

// -----

func.func @conv_strides(%x: tensor<1x5x5x2xf32>, %w: tensor<3x3x2x4xf32>) {
  // expected-error @+1 {{window_strides must have 2 entries, found 1}}
  %y = "hlo.convolution"(%x, %w) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, window_strides = array<i64: 1>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x5x5x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x3x3x4xf32>
  func.return
}

// -----

func.func @reduce_window_rank(%x: tensor<1x4x4x2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{window_dimensions has 2 entries, but the input has rank 4}}
  %y = "hlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.add %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }) : (tensor<1x4x4x2xf32>, tensor<f32>) -> tensor<1x2x2x2xf32>
  func.return
}

// -----

func.func @reduce_window_init(%x: tensor<1x4x4x2xf32>, %init: tensor<i32>) {
  // expected-error @+1 {{init value 0 must be a rank-0 tensor of f32, found tensor<i32>}}
  %y = "hlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %m = hlo.add %a, %b : tensor<i32>
    hlo.return %m : tensor<i32>
  }) : (tensor<1x4x4x2xf32>, tensor<i32>) -> tensor<1x3x3x2xf32>
  func.return
}

// -----

func.func @conv_complex_padding(%x: tensor<1x5x5x4xf32>, %w: tensor<3x3x4x6xf32>) {
  // expected-error @+1 {{padding must hold integers, found tensor<2x2xcomplex<i64>>}}
  %y = "hlo.convolution"(%x, %w) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, window_strides = array<i64: 2, 2>, padding = dense<(1,1)> : tensor<2x2xcomplex<i64>>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x5x5x4xf32>, tensor<3x3x4x6xf32>) -> tensor<1x3x3x6xf32>
  func.return
}

// -----

func.func @window_key(%x: tensor<1x5x5x2xf32>, %w: tensor<3x3x2x4xf32>) {
  // expected-error @+1 {{expected one of stride, pad, lhs_dilate, rhs_dilate, reverse once each, found 'strides'}}
  %y = hlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {strides = [1, 1]} {} : (tensor<1x5x5x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x3x3x4xf32>
  func.return
}

// -----

func.func @pad_pair(%x: tensor<1x5x5x2xf32>, %w: tensor<3x3x2x4xf32>) {
  // expected-error @+1 {{expected [low, high], found 3 values}}
  %y = hlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1, 1], [0, 0]]} {} : (tensor<1x5x5x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x3x3x4xf32>
  func.return
}
