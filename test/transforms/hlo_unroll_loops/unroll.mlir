// RUN: strata-opt %s -p 'hlo-unroll-loops{max-trip-count=4},dce' | filecheck %s
// RUN: strata-opt %s -p 'hlo-unroll-loops{max-trip-count=2}' | filecheck %s --check-prefix=LIMIT
// RUN: strata-opt %s -p 'hlo-unroll-loops{max-trip-count=4}' -o %t.mlir
// RUN: strata-run %t.mlir --run-checks | filecheck %s --check-prefix=RUN-OK

// A loop whose counters fix its trip count (3: i < 3 and t < 10, from 0 by 1) becomes three
// copies of its body; with max-trip-count=2 it stays a loop. A loop that runs until a value
// converges stays a loop whatever the limit. The unrolled module computes the same values.

// CHECK-LABEL: func.func @three
// CHECK-NOT:   hlo.while
// CHECK:       %[[A:.*]] = hlo.tanh %{{.*}} : tensor<2xf32>
// CHECK-NEXT:  %[[B:.*]] = hlo.tanh %[[A]] : tensor<2xf32>
// CHECK-NEXT:  %[[C:.*]] = hlo.tanh %[[B]] : tensor<2xf32>
// CHECK-NOT:   hlo.tanh
// CHECK:       check.expect_almost_eq_const %[[C]]

// LIMIT-LABEL: func.func @three
// LIMIT:       hlo.while

// CHECK-LABEL: func.func @converge
// CHECK:       hlo.while

// RUN-OK: PASS @three
// RUN-OK: PASS @converge

func.func @three() {
  %x = hlo.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %three = hlo.constant dense<3> : tensor<i32>
  %ten = hlo.constant dense<10> : tensor<i32>
  %r:3 = hlo.while(%i = %zero, %t = %zero, %v = %x) : tensor<i32>, tensor<i32>, tensor<2xf32>
   cond {
    %a = hlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %b = hlo.compare LT, %t, %ten : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c = hlo.and %a, %b : tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %i1 = hlo.add %i, %one : tensor<i32>
    %t1 = hlo.add %t, %one : tensor<i32>
    %v1 = hlo.tanh %v : tensor<2xf32>
    hlo.return %i1, %t1, %v1 : tensor<i32>, tensor<i32>, tensor<2xf32>
  }
  check.expect_almost_eq_const %r#2, dense<[0.40683, -0.56627]> : tensor<2xf32>
  func.return
}

func.func @converge() {
  %x = hlo.constant dense<16.0> : tensor<f32>
  %tol = hlo.constant dense<0.001> : tensor<f32>
  %half = hlo.constant dense<0.5> : tensor<f32>
  %r = hlo.while(%y = %x) : tensor<f32>
   cond {
    %sq = hlo.multiply %y, %y : tensor<f32>
    %err = hlo.subtract %sq, %x : tensor<f32>
    %abs = hlo.abs %err : tensor<f32>
    %c = hlo.compare GT, %abs, %tol : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %q = hlo.divide %x, %y : tensor<f32>
    %s = hlo.add %y, %q : tensor<f32>
    %y1 = hlo.multiply %s, %half : tensor<f32>
    hlo.return %y1 : tensor<f32>
  }
  check.expect_almost_eq_const %r, dense<4.0> : tensor<f32>
  func.return
}
