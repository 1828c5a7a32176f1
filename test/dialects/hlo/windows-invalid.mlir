// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @window_rank(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{window_dimensions has 1 entries, but the operand has rank 2}}
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  func.return
}

// -----

func.func @strides_size(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{window_strides must have 2 entries, found 1}}
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  func.return
}

// -----

func.func @strides_positive(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{window_strides must be positive, found [2, 0]}}
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 0>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  func.return
}

// -----

func.func @padding_shape(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{padding must have shape 2x2, found tensor<1x2xi64>}}
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<1> : tensor<1x2xi64>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  func.return
}

// -----

func.func @source_shape(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{source has shape [2,2], but the operand has [3,3] windows}}
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  func.return
}

// -----

func.func @source_element(%x: tensor<4x4xf32>, %s: tensor<2x2xi32>, %init: tensor<f32>) {
  // expected-error @+1 {{source element type i32 differs from the operand's f32}}
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xi32>, tensor<f32>) -> tensor<4x4xf32>
  func.return
}

// -----

func.func @init_rank(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %init: tensor<1xf32>) {
  // expected-error @+1 {{init value must be a rank-0 tensor of f32, found tensor<1xf32>}}
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<1xf32>) -> tensor<4x4xf32>
  func.return
}

// -----

func.func @result_type(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{result 0 has type tensor<4x4xf16>, but operands and attributes imply tensor<4x4xf32>}}
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf16>
  func.return
}

// -----

func.func @select_arguments(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{select must take two tensor<f32> arguments, found (tensor<f32>, tensor<f32>, tensor<f32>)}}
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  func.return
}

// -----

func.func @select_result(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{select must return one tensor<i1>, found (tensor<f32>)}}
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  func.return
}

// -----

func.func @scatter_arguments(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{scatter must take two tensor<f32> arguments, found (tensor<f64>, tensor<f64>)}}
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %sum = hlo.add %a, %b : tensor<f64>
    hlo.return %sum : tensor<f64>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  func.return
}

// -----

func.func @scatter_results(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{scatter must return one tensor<f32>, found (tensor<f32>, tensor<f32>)}}
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a, %b : tensor<f32>, tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  func.return
}
