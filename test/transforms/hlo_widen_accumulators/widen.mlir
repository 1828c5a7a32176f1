// RUN: strata-opt %s -p hlo-widen-accumulators | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=RUN-OK

// f16 and bf16 dot_general and convolution accumulate in f32 and round once, as TensorFlow's CPU
// kernels do. @dot: 2048 + 1 + 1 is 2050 (an f16); added in f16, 2048 + 1 rounds back to 2048
// (the spacing there is 2) and the sum comes out 2048. @dot_bf16: 256 + 1 + 1 likewise. @conv:
// the f16 sum through a 1x3 window. f32 ops, and f16 operands with an f32 result, are left alone.

// CHECK-LABEL: func.func @dot
// CHECK:         %[[A:.*]] = hlo.convert %a : (tensor<1x3xf16>) -> tensor<1x3xf32>
// CHECK:         %[[B:.*]] = hlo.convert %b : (tensor<3x1xf16>) -> tensor<3x1xf32>
// CHECK:         %[[D:.*]] = hlo.dot_general %[[A]], %[[B]], contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x1xf32>) -> tensor<1x1xf32>
// CHECK:         %d = hlo.convert %[[D]] : (tensor<1x1xf32>) -> tensor<1x1xf16>
// CHECK:         check.expect_eq_const %d, dense<2.050000e+03> : tensor<1x1xf16>
func.func @dot() {
  %a = hlo.constant dense<[[2048.0, 1.0, 1.0]]> : tensor<1x3xf16>
  %b = hlo.constant dense<[[1.0], [1.0], [1.0]]> : tensor<3x1xf16>
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1x3xf16>, tensor<3x1xf16>) -> tensor<1x1xf16>
  check.expect_eq_const %d, dense<2050.0> : tensor<1x1xf16>
  func.return
}

// CHECK-LABEL: func.func @dot_bf16
// CHECK:         hlo.convert %a : (tensor<1x3xbf16>) -> tensor<1x3xf32>
// CHECK:         hlo.dot_general {{.*}} -> tensor<1x1xf32>
// CHECK:         %d = hlo.convert %{{.*}} : (tensor<1x1xf32>) -> tensor<1x1xbf16>
func.func @dot_bf16() {
  %a = hlo.constant dense<[[256.0, 1.0, 1.0]]> : tensor<1x3xbf16>
  %b = hlo.constant dense<[[1.0], [1.0], [1.0]]> : tensor<3x1xbf16>
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1x3xbf16>, tensor<3x1xbf16>) -> tensor<1x1xbf16>
  check.expect_eq_const %d, dense<258.0> : tensor<1x1xbf16>
  func.return
}

// CHECK-LABEL: func.func @conv
// CHECK:         hlo.convert %x : (tensor<1x1x3x1xf16>) -> tensor<1x1x3x1xf32>
// CHECK:         hlo.convert %w : (tensor<1x3x1x1xf16>) -> tensor<1x3x1x1xf32>
// CHECK:         hlo.convolution({{.*}}) {{.*}} : (tensor<1x1x3x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x1x1x1xf32>
// CHECK:         %y = hlo.convert %{{.*}} : (tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf16>
func.func @conv() {
  %x = hlo.constant dense<[[[[2048.0], [1.0], [1.0]]]]> : tensor<1x1x3x1xf16>
  %w = hlo.constant dense<1.0> : tensor<1x3x1x1xf16>
  %y = "hlo.convolution"(%x, %w) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, window_strides = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x1x3x1xf16>, tensor<1x3x1x1xf16>) -> tensor<1x1x1x1xf16>
  check.expect_eq_const %y, dense<2050.0> : tensor<1x1x1x1xf16>
  func.return
}

// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:     hlo.convert
// CHECK:         func.return
func.func @left_alone(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>, %c: tensor<2x3xf16>, %d: tensor<3x2xf16>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %x = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %y = hlo.dot_general %c, %d, contracting_dims = [1] x [0] : (tensor<2x3xf16>, tensor<3x2xf16>) -> tensor<2x2xf32>
  func.return %x, %y : tensor<2x2xf32>, tensor<2x2xf32>
}

// RUN-OK: PASS @dot
// RUN-OK: PASS @dot_bf16
// RUN-OK: PASS @conv
// RUN-OK: 3 of 3 functions passed
