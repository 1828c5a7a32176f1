// RUN: not strata-opt %s -p convert-hlo-to-linalg 2>&1 | filecheck %s

// A region op with no scalar lowering (here a reshape) and dynamic shapes are left; the pass fails
// naming each op.
// CHECK: error: convert-hlo-to-linalg: 2 hlo ops could not be lowered:
// CHECK-DAG: node 'reshaping_select' (hlo.select_and_scatter)
// CHECK-DAG: node 'dynamic' (hlo.select_and_scatter)
func.func @reshaping_select(%x: tensor<4xf32>, %s: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %a1 = hlo.reshape %a : (tensor<f32>) -> tensor<1xf32>
    %a0 = hlo.reshape %a1 : (tensor<1xf32>) -> tensor<f32>
    %ge = hlo.compare GE, %a0, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32> loc("reshaping_select")
  func.return %r : tensor<4xf32>
}

func.func @dynamic(%x: tensor<?xf32>, %s: tensor<?xf32>, %init: tensor<f32>) -> tensor<?xf32> {
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<?xf32>, tensor<?xf32>, tensor<f32>) -> tensor<?xf32> loc("dynamic")
  func.return %r : tensor<?xf32>
}
