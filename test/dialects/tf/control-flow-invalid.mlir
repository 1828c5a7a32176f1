// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @while_cond(%x: tensor<i32>) {
  // expected-error @+1 {{the cond region must yield one tensor<i1>, found (tensor<i32>)}}
  %r = "tf.WhileRegion"(%x) ({
  ^bb0(%i: tensor<i32>):
    "tf.Yield"(%i) : (tensor<i32>) -> ()
  }, {
  ^bb0(%i: tensor<i32>):
    "tf.Yield"(%i) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  func.return
}

// -----

func.func @while_body(%x: tensor<i32>, %f: tensor<f32>, %c: tensor<i1>) {
  // expected-error @+1 {{the body region must yield the loop values' types (tensor<i32>), found (tensor<f32>)}}
  %r = "tf.WhileRegion"(%x) ({
  ^bb0(%i: tensor<i32>):
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>):
    "tf.Yield"(%f) : (tensor<f32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  func.return
}

// -----

func.func @if_types(%p: tensor<i1>, %f: tensor<f32>, %i: tensor<i32>) {
  // expected-error @+1 {{the else region yields (tensor<i32>), but the results are (tensor<f32>)}}
  %r = "tf.IfRegion"(%p) ({
    "tf.Yield"(%f) : (tensor<f32>) -> ()
  }, {
    "tf.Yield"(%i) : (tensor<i32>) -> ()
  }) : (tensor<i1>) -> tensor<f32>
  func.return
}

// -----

func.func @slice_sizes(%x: tensor<8x4xf32>, %s: tensor<2xi32>, %n: tensor<2xi32>) {
  // expected-error @+1 {{size_indices must be a constant 2-element vector}}
  %y = "tf.XlaDynamicSlice"(%x, %s, %n) : (tensor<8x4xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<1x4xf32>
  func.return
}

// -----

func.func @update_fit(%x: tensor<8x4xf32>, %u: tensor<1x5xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{update tensor<1x5xf32> does not fit in the input tensor<8x4xf32>}}
  %y = "tf.XlaDynamicUpdateSlice"(%x, %u, %s) : (tensor<8x4xf32>, tensor<1x5xf32>, tensor<2xi32>) -> tensor<8x4xf32>
  func.return
}

// -----

func.func @case_index(%i: tensor<i64>, %x: tensor<2xf32>) {
  // expected-error @+1 {{branch_index must be a tensor<i32>, found tensor<i64>}}
  %r = "tf.CaseRegion"(%i) ({
    "tf.Yield"(%x) : (tensor<2xf32>) -> ()
  }) : (tensor<i64>) -> tensor<2xf32>
  func.return
}

// -----

func.func @case_branch_types(%i: tensor<i32>, %x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{branch 1 yields (tensor<3xf32>), but the results are (tensor<2xf32>)}}
  %r = "tf.CaseRegion"(%i) ({
    "tf.Yield"(%x) : (tensor<2xf32>) -> ()
  }, {
    "tf.Yield"(%y) : (tensor<3xf32>) -> ()
  }) : (tensor<i32>) -> tensor<2xf32>
  func.return
}
