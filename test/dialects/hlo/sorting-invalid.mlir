// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @sort_no_inputs() {
  // expected-error @+1 {{expected at least one input}}
  "hlo.sort"() <{dimension = 0 : i64}> ({
  ^bb0:
    %p = hlo.constant dense<true> : tensor<i1>
    hlo.return %p : tensor<i1>
  }) : () -> ()
  func.return
}

// -----

func.func @sort_shapes_differ(%k: tensor<4xf32>, %v: tensor<3xi32>) {
  // expected-error @+1 {{input 1 has shape [3], but input 0 has [4]}}
  %r:2 = "hlo.sort"(%k, %v) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %p = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }) : (tensor<4xf32>, tensor<3xi32>) -> (tensor<4xf32>, tensor<3xi32>)
  func.return
}

// -----

func.func @sort_dimension_out_of_range(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{dimension -3 is out of range for rank 2}}
  %r = "hlo.sort"(%x) <{dimension = -3 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @sort_result_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{result 0 has type tensor<4xf64>, but operands and attributes imply tensor<4xf32>}}
  %r = "hlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf64>
  func.return
}

// -----

func.func @sort_comparator_arity(%k: tensor<4xf32>, %v: tensor<4xi32>) {
  // expected-error @+1 {{the comparator must take 4 arguments (lhs and rhs of each input), found 2}}
  %r:2 = "hlo.sort"(%k, %v) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }) : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  func.return
}

// -----

func.func @sort_comparator_argument_type(%k: tensor<4xf32>, %v: tensor<4xi32>) {
  // expected-error @+1 {{comparator argument 2 has type tensor<f32>, expected tensor<i32>}}
  %r:2 = "hlo.sort"(%k, %v) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    %p = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }) : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  func.return
}

// -----

func.func @sort_comparator_result(%x: tensor<4xi32>) {
  // expected-error @+1 {{the comparator must return one tensor<i1>, found (tensor<i32>)}}
  %r = "hlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %d = hlo.subtract %a, %b : tensor<i32>
    hlo.return %d : tensor<i32>
  }) : (tensor<4xi32>) -> tensor<4xi32>
  func.return
}

// -----

func.func @sort_comparator_no_return(%x: tensor<4xi32>) {
  // expected-error @+1 {{the comparator must end with hlo.return}}
  %r = "hlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    "test.termop"() : () -> ()
  }) : (tensor<4xi32>) -> tensor<4xi32>
  func.return
}

// -----

func.func @map_dimensions(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{dimensions must be [0, 1] (every dim in order), found [1, 0]}}
  %r = "hlo.map"(%x) <{dimensions = array<i64: 1, 0>}> ({
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @map_shapes_differ(%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) {
  // expected-error @+1 {{input 1 has shape [3,2], but input 0 has [2,3]}}
  %r = "hlo.map"(%x, %y) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @map_arity(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  // expected-error @+1 {{the computation must take 2 arguments (one per input), found 1}}
  %r = "hlo.map"(%x, %y) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @map_argument_type(%x: tensor<4xi64>) {
  // expected-error @+1 {{computation argument 0 has type tensor<f32>, expected tensor<i64>}}
  %r = "hlo.map"(%x) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }) : (tensor<4xi64>) -> tensor<4xf32>
  func.return
}

// -----

func.func @map_returns_tensor(%x: tensor<4xf32>, %v: tensor<2xf32>) {
  // expected-error @+1 {{the computation must return one rank-0 tensor, found (tensor<2xf32>)}}
  %r = "hlo.map"(%x) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>):
    hlo.return %v : tensor<2xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @map_result_type(%x: tensor<4xi32>) {
  // expected-error @+1 {{result 0 has type tensor<4xi32>, but operands and attributes imply tensor<4xi1>}}
  %r = "hlo.map"(%x) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<i32>):
    %p = hlo.compare GT, %a, %a : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }) : (tensor<4xi32>) -> tensor<4xi32>
  func.return
}
