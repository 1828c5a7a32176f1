// RUN: strata-opt %s --mlir-print-debuginfo | strata-opt --mlir-print-debuginfo | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=RUNS

// Forms of StableHLO text that JAX prints (its `testdata` tests): dimension numbers without
// `index_vector_dim` (0, its default, which StableHLO omits), a convolution with an empty
// `window = {}`, a reduce of two operands whose reducer arguments carry locations when printed
// with debug info (read back as printed).

// CHECK-LABEL: func.func @scatter_default_index_vector_dim
// CHECK:         #hlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>
// CHECK-LABEL: func.func @conv_empty_window
// CHECK:         hlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0]
// CHECK-LABEL: func.func @argmax
// CHECK:         reducer(%{{.*}}: tensor<f32> loc(unknown), %{{.*}}: tensor<f32> loc(unknown)) (%{{.*}}: tensor<i32> loc(unknown), %{{.*}}: tensor<i32> loc(unknown))

// RUNS: PASS @scatter_default_index_vector_dim
// RUNS: PASS @conv_empty_window
// RUNS: 2 of 2 functions passed

func.func @scatter_default_index_vector_dim() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %i = stablehlo.constant dense<2> : tensor<1xi32>
  %u = stablehlo.constant dense<10.0> : tensor<f32>
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3xf32>, tensor<1xi32>, tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<[1.0, 2.0, 13.0]> : tensor<3xf32>
  func.return
}

func.func @conv_empty_window() {
  %x = stablehlo.constant dense<[[[1.0, 2.0, 3.0]]]> : tensor<1x1x3xf32>
  %w = stablehlo.constant dense<[[[1.0, 10.0]]]> : tensor<1x1x2xf32>
  %y = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x3xf32>, tensor<1x1x2xf32>) -> tensor<1x1x2xf32>
  check.expect_eq_const %y, dense<[[[21.0, 32.0]]]> : tensor<1x1x2xf32>
  func.return
}

func.func @argmax(%x: tensor<4xf32>) -> tensor<i32> {
  %iota = stablehlo.iota dim = 0 : tensor<4xi32>
  %lo = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %lo), (%iota init: %zero) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%i: tensor<i32>, %j: tensor<i32>)  {
    %gt = stablehlo.compare  GT, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %gt, %a, %b : tensor<i1>, tensor<f32>
    %k = stablehlo.select %gt, %i, %j : tensor<i1>, tensor<i32>
    stablehlo.return %v, %k : tensor<f32>, tensor<i32>
  }
  return %r#1 : tensor<i32>
}
