// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @cond_not_i1(%x: tensor<i32>) {
  // expected-error @+1 {{the cond region must return one tensor<i1>, found (tensor<i32>)}}
  %r = hlo.while(%i = %x) : tensor<i32>
   cond {
    hlo.return %i : tensor<i32>
  } do {
    hlo.return %i : tensor<i32>
  }
  func.return
}

// -----

func.func @body_types(%x: tensor<i32>, %f: tensor<f32>) {
  // expected-error @+1 {{the body region must return the loop values' types (tensor<i32>), found (tensor<f32>)}}
  %r = hlo.while(%i = %x) : tensor<i32>
   cond {
    %c = hlo.compare LT, %i, %i : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    hlo.return %f : tensor<f32>
  }
  func.return
}

// -----

func.func @slice_too_big(%l: tensor<8x4xf32>, %k: tensor<i32>) {
  // expected-error @+1 {{slice size 5 of dim 1 is not in [0, 4]}}
  %s = hlo.dynamic_slice %l, %k, %k, sizes = [1, 5] : (tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x5xf32>
  func.return
}

// -----

func.func @slice_index_count(%l: tensor<8x4xf32>, %k: tensor<i32>) {
  // expected-error @+1 {{expected 2 start indices (the operand's rank), found 1}}
  %s = hlo.dynamic_slice %l, %k, sizes = [1, 4] : (tensor<8x4xf32>, tensor<i32>) -> tensor<1x4xf32>
  func.return
}

// -----

func.func @update_too_big(%l: tensor<8x4xf32>, %u: tensor<9x4xf32>, %k: tensor<i32>) {
  // expected-error @+1 {{update of shape [9,4] does not fit in the operand's [8,4]}}
  %w = hlo.dynamic_update_slice %l, %u, %k, %k : (tensor<8x4xf32>, tensor<9x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
  func.return
}

// -----

func.func @float_index(%l: tensor<8x4xf32>, %u: tensor<1x4xf32>, %k: tensor<f32>) {
  // expected-error @+1 {{start index 0 must be a rank-0 integer tensor, found tensor<f32>}}
  %w = hlo.dynamic_update_slice %l, %u, %k, %k : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<f32>, tensor<f32>) -> tensor<8x4xf32>
  func.return
}

// -----

func.func @if_pred(%p: tensor<2xi1>, %x: tensor<f32>) {
  // expected-error @+1 {{pred must be a tensor<i1>, found tensor<2xi1>}}
  %r = "hlo.if"(%p) ({
    hlo.return %x : tensor<f32>
  }, {
    hlo.return %x : tensor<f32>
  }) : (tensor<2xi1>) -> tensor<f32>
  func.return
}

// -----

func.func @if_branch_types(%p: tensor<i1>, %x: tensor<f32>, %i: tensor<i32>) {
  // expected-error @+1 {{branch 1 returns (tensor<i32>), but the op's results are (tensor<f32>)}}
  %r = "hlo.if"(%p) ({
    hlo.return %x : tensor<f32>
  }, {
    hlo.return %i : tensor<i32>
  }) : (tensor<i1>) -> tensor<f32>
  func.return
}

// -----

func.func @case_index(%i: tensor<f32>, %x: tensor<f32>) {
  // expected-error @+1 {{index must be a rank-0 integer tensor, found tensor<f32>}}
  %r = "hlo.case"(%i) ({
    hlo.return %x : tensor<f32>
  }) : (tensor<f32>) -> tensor<f32>
  func.return
}

// -----

func.func @barrier_types(%a: tensor<f32>) {
  // expected-error @+1 {{results must have the operands' types (tensor<f32>), found (tensor<i32>)}}
  %r = "hlo.optimization_barrier"(%a) : (tensor<f32>) -> tensor<i32>
  func.return
}
