// RUN: strata-opt %s | filecheck %s
// RUN: strata-opt %s --generic | strata-opt | filecheck %s

// hlo.while prints in StableHLO's form: one set of names for both regions' arguments.

// CHECK-LABEL: func.func @count
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[N:.*]]: tensor<i32>)
func.func @count(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  // CHECK:      %{{.*}}, %[[R:.*]] = hlo.while(%[[I:.*]] = %{{.*}}, %[[ACC:.*]] = %[[X]]) : tensor<i32>, tensor<4xf32>
  // CHECK-NEXT:  cond {
  // CHECK-NEXT:   %[[C:.*]] = hlo.compare LT, %[[I]], %[[N]] : (tensor<i32>, tensor<i32>) -> tensor<i1>
  // CHECK-NEXT:   hlo.return %[[C]] : tensor<i1>
  // CHECK-NEXT: } do {
  // CHECK-NEXT:   %[[I1:.*]] = hlo.add %[[I]], %{{.*}} : tensor<i32>
  // CHECK-NEXT:   %[[A1:.*]] = hlo.add %[[ACC]], %[[ACC]] : tensor<4xf32>
  // CHECK-NEXT:   hlo.return %[[I1]], %[[A1]] : tensor<i32>, tensor<4xf32>
  // CHECK-NEXT: }
  %r:2 = hlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<4xf32>
   cond {
    %c = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %i1 = hlo.add %i, %one : tensor<i32>
    %a1 = hlo.add %acc, %acc : tensor<4xf32>
    hlo.return %i1, %a1 : tensor<i32>, tensor<4xf32>
  }
  // CHECK: func.return %[[R]]
  func.return %r#1 : tensor<4xf32>
}

// CHECK-LABEL: func.func @slices
// CHECK-SAME: (%[[L:.*]]: tensor<8x4xf32>, %[[U:.*]]: tensor<1x4xf32>, %[[K:.*]]: tensor<i32>)
func.func @slices(%l: tensor<8x4xf32>, %u: tensor<1x4xf32>, %k: tensor<i32>) -> (tensor<1x4xf32>, tensor<8x4xf32>) {
  // CHECK-NEXT: %[[S:.*]] = hlo.dynamic_slice %[[L]], %[[K]], %[[K]], sizes = [1, 4] : (tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  %s = hlo.dynamic_slice %l, %k, %k, sizes = [1, 4] : (tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  // CHECK-NEXT: %[[W:.*]] = hlo.dynamic_update_slice %[[L]], %[[U]], %[[K]], %[[K]] : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
  %w = hlo.dynamic_update_slice %l, %u, %k, %k : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
  func.return %s, %w : tensor<1x4xf32>, tensor<8x4xf32>
}

// hlo.if and hlo.case print in the generic form, as StableHLO's do.

// CHECK-LABEL: func.func @branches
// CHECK-NEXT: %{{.*}} = "hlo.if"(%{{.*}}) ({
// CHECK-NEXT:   hlo.return %{{.*}} : tensor<f32>
// CHECK-NEXT: }, {
// CHECK-NEXT:   hlo.return %{{.*}} : tensor<f32>
// CHECK-NEXT: }) : (tensor<i1>) -> tensor<f32>
// CHECK-NEXT: %{{.*}} = "hlo.case"(%{{.*}}) ({
// CHECK-NEXT:   hlo.return %{{.*}} : tensor<f32>
// CHECK-NEXT: }, {
// CHECK-NEXT:   hlo.return %{{.*}} : tensor<f32>
// CHECK-NEXT: }) : (tensor<i32>) -> tensor<f32>
func.func @branches(%p: tensor<i1>, %i: tensor<i32>, %a: tensor<f32>, %b: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %r = "hlo.if"(%p) ({
    hlo.return %a : tensor<f32>
  }, {
    hlo.return %b : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  %s = "hlo.case"(%i) ({
    hlo.return %a : tensor<f32>
  }, {
    hlo.return %b : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  func.return %r, %s : tensor<f32>, tensor<f32>
}

// hlo.optimization_barrier: its operands back, in StableHLO's form (`()` for none).
// CHECK-LABEL: func.func @barrier
// CHECK-SAME:  (%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<4xi32>)
// CHECK-NEXT:  %[[R:.*]], %[[S:.*]] = hlo.optimization_barrier %[[A]], %[[B]] : tensor<f32>, tensor<4xi32>
// CHECK-NEXT:  hlo.optimization_barrier()
// CHECK-NEXT:  func.return %[[R]], %[[S]] : tensor<f32>, tensor<4xi32>
func.func @barrier(%a: tensor<f32>, %b: tensor<4xi32>) -> (tensor<f32>, tensor<4xi32>) {
  %r, %s = hlo.optimization_barrier %a, %b : tensor<f32>, tensor<4xi32>
  hlo.optimization_barrier()
  func.return %r, %s : tensor<f32>, tensor<4xi32>
}
