// RUN: strata-run %s --run-checks | filecheck %s

// hlo.if and hlo.case end to end (scf.if on buffers, results copied by the branch taken): a
// predicate computed from the data, case indices in and out of range (the last branch is the
// default), and an if inside a loop whose taken branch changes between iterations.

// CHECK: PASS @if_on_data
// CHECK: PASS @case_in_range
// CHECK: PASS @case_out_of_range
// CHECK: PASS @if_in_loop
// CHECK: 4 of 4 functions passed

func.func @if_on_data() {
  %x = hlo.constant dense<[1.0, -4.0, 2.0]> : tensor<3xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
  %p = hlo.compare GT, %sum, %zero : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %r = "hlo.if"(%p) ({
    %a = hlo.add %x, %x : tensor<3xf32>
    hlo.return %a : tensor<3xf32>
  }, {
    %n = hlo.negate %x : tensor<3xf32>
    hlo.return %n : tensor<3xf32>
  }) : (tensor<i1>) -> tensor<3xf32>
  check.expect_almost_eq_const %r, dense<[-1.0, 4.0, -2.0]> : tensor<3xf32>
  func.return
}

func.func @case_in_range() {
  %i = hlo.constant dense<1> : tensor<i32>
  %r = "hlo.case"(%i) ({
    %a = hlo.constant dense<10> : tensor<i32>
    hlo.return %a : tensor<i32>
  }, {
    %b = hlo.constant dense<20> : tensor<i32>
    hlo.return %b : tensor<i32>
  }, {
    %c = hlo.constant dense<30> : tensor<i32>
    hlo.return %c : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %r, dense<20> : tensor<i32>
  func.return
}

func.func @case_out_of_range() {
  %i = hlo.constant dense<7> : tensor<i32>
  %r = "hlo.case"(%i) ({
    %a = hlo.constant dense<10> : tensor<i32>
    hlo.return %a : tensor<i32>
  }, {
    %b = hlo.constant dense<20> : tensor<i32>
    hlo.return %b : tensor<i32>
  }, {
    %c = hlo.constant dense<30> : tensor<i32>
    hlo.return %c : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %r, dense<30> : tensor<i32>
  func.return
}

// v = v > 5 ? v - 4 : v * 3, six times from 1: 3, 9, 5, 15, 11, 7.
func.func @if_in_loop() {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %three = hlo.constant dense<3> : tensor<i32>
  %four = hlo.constant dense<4> : tensor<i32>
  %five = hlo.constant dense<5> : tensor<i32>
  %six = hlo.constant dense<6> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %v = %one) : tensor<i32>, tensor<i32>
   cond {
    %c = hlo.compare LT, %i, %six : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %big = hlo.compare GT, %v, %five : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %next = "hlo.if"(%big) ({
      %d = hlo.subtract %v, %four : tensor<i32>
      hlo.return %d : tensor<i32>
    }, {
      %m = hlo.multiply %v, %three : tensor<i32>
      hlo.return %m : tensor<i32>
    }) : (tensor<i1>) -> tensor<i32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.return %i1, %next : tensor<i32>, tensor<i32>
  }
  check.expect_eq_const %r#1, dense<7> : tensor<i32>
  func.return
}
