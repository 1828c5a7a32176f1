// RUN: strata-opt %s | filecheck %s
// RUN: strata-opt %s --generic | strata-opt | filecheck %s

// CHECK-LABEL: func.func @convolution
func.func @convolution(%x: tensor<1x5x5x4xf32>, %w: tensor<3x3x2x6xf32>) -> tensor<1x3x3x6xf32> {
  // CHECK-NEXT: %[[Y:.*]] = hlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = {{\[\[}}1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x5x5x4xf32>, tensor<3x3x2x6xf32>) -> tensor<1x3x3x6xf32>
  %y = "hlo.convolution"(%x, %w) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, window_strides = array<i64: 2, 2>, padding = dense<1> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, feature_group_count = 2 : i64, batch_group_count = 1 : i64}> : (tensor<1x5x5x4xf32>, tensor<3x3x2x6xf32>) -> tensor<1x3x3x6xf32>
  func.return %y : tensor<1x3x3x6xf32>
}

// A transposed convolution: lhs dilation, reversed window, kernel features swapped.
// CHECK-LABEL: func.func @transposed
func.func @transposed(%dy: tensor<1x3x3x4xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<1x6x6x2xf32> {
  // CHECK-NEXT: hlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {pad = {{\[\[}}2, 1], [2, 1]], lhs_dilate = [2, 2], reverse = [true, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x3x4xf32>, tensor<3x3x2x4xf32>) -> tensor<1x6x6x2xf32>
  %y = "hlo.convolution"(%dy, %w) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f]>, padding = dense<[[2, 1], [2, 1]]> : tensor<2x2xi64>, lhs_dilation = array<i64: 2, 2>, window_reversal = array<i1: true, true>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x3x3x4xf32>, tensor<3x3x2x4xf32>) -> tensor<1x6x6x2xf32>
  func.return %y : tensor<1x6x6x2xf32>
}

// CHECK-LABEL: func.func @reduce_window
func.func @reduce_window(%x: tensor<1x5x5x2xf32>, %init: tensor<f32>) -> tensor<1x3x3x2xf32> {
  // CHECK-NEXT: %[[Y:.*]] = "hlo.reduce_window"(%{{.*}}, %{{.*}}) <{window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>, padding = dense<{{\[\[}}0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>}> ({
  // CHECK-NEXT: ^{{.*}}(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
  // CHECK-NEXT:   %[[M:.*]] = hlo.maximum %[[A]], %[[B]] : tensor<f32>
  // CHECK-NEXT:   hlo.return %[[M]] : tensor<f32>
  // CHECK-NEXT: }) : (tensor<1x5x5x2xf32>, tensor<f32>) -> tensor<1x3x3x2xf32>
  %y = "hlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>, padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }) : (tensor<1x5x5x2xf32>, tensor<f32>) -> tensor<1x3x3x2xf32>
  func.return %y : tensor<1x3x3x2xf32>
}

// StableHLO's pretty form as exports print it: the window on several lines with any of its
// fields (reverse as true/false or 1/0), the group counts and precision_config in the attribute
// dictionary (precision_config is kept, as an attribute), and a wider result element type.
// CHECK-LABEL: func.func @pretty
// CHECK-NEXT: hlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], lhs_dilate = [2, 2], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>]} : (tensor<1x4x4x1xi8>, tensor<3x3x1x1xi8>) -> tensor<1x2x2x1xi32>
// CHECK-NEXT: hlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi8>, tensor<3x3x1x1xi8>) -> tensor<1x2x2x1xi8>
func.func @pretty(%lhs: tensor<1x4x4x1xi8>, %rhs: tensor<3x3x1x1xi8>) -> tensor<1x2x2x1xi32> {
  %r = hlo.convolution(%lhs, %rhs)
    dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
    window = {
      stride = [4, 4],
      lhs_dilate = [2, 2],
      reverse = [0, 1]
    } {
      batch_group_count = 1 : i64,
      feature_group_count = 1 : i64,
      precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>]
    }
  : (tensor<1x4x4x1xi8>, tensor<3x3x1x1xi8>) -> tensor<1x2x2x1xi32>
  %s = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {} : (tensor<1x4x4x1xi8>, tensor<3x3x1x1xi8>) -> tensor<1x2x2x1xi8>
  func.return %r : tensor<1x2x2x1xi32>
}
