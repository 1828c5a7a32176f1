// RUN: strata-run %s --run-checks | filecheck %s

// hlo.while run end to end (scf.while on buffers, then blocks and branches): trip counts that
// depend on the data, loop values swapped each iteration, a nested loop, and a list written one
// row per iteration in place (dynamic_update_slice) and read back (dynamic_slice).

// CHECK: PASS @collatz_steps
// CHECK: PASS @swap
// CHECK: PASS @nested
// CHECK: PASS @rows
// CHECK: PASS @clamped
// CHECK: 5 of 5 functions passed

// Steps of the Collatz sequence from 27 to 1: 111 iterations, decided by the values.
func.func @collatz_steps() {
  %start = hlo.constant dense<27> : tensor<i32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %two = hlo.constant dense<2> : tensor<i32>
  %three = hlo.constant dense<3> : tensor<i32>
  %r:2 = hlo.while(%n = %start, %steps = %zero) : tensor<i32>, tensor<i32>
   cond {
    %c = hlo.compare NE, %n, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %rem = hlo.remainder %n, %two : tensor<i32>
    %odd = hlo.compare EQ, %rem, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %half = hlo.divide %n, %two : tensor<i32>
    %triple = hlo.multiply %n, %three : tensor<i32>
    %up = hlo.add %triple, %one : tensor<i32>
    %next = hlo.select %odd, %up, %half : tensor<i1>, tensor<i32>
    %s1 = hlo.add %steps, %one : tensor<i32>
    hlo.return %next, %s1 : tensor<i32>, tensor<i32>
  }
  check.expect_eq_const %r#1, dense<111> : tensor<i32>
  check.expect_eq_const %r#0, dense<1> : tensor<i32>
  func.return
}

// (a, b) -> (b, a + b) five times: the body yields one loop value into the other's place.
func.func @swap() {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %five = hlo.constant dense<5> : tensor<i32>
  %a0 = hlo.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %b0 = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %r:3 = hlo.while(%i = %zero, %a = %a0, %b = %b0) : tensor<i32>, tensor<2xf32>, tensor<2xf32>
   cond {
    %c = hlo.compare LT, %i, %five : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %i1 = hlo.add %i, %one : tensor<i32>
    %s = hlo.add %a, %b : tensor<2xf32>
    hlo.return %i1, %b, %s : tensor<i32>, tensor<2xf32>, tensor<2xf32>
  }
  check.expect_almost_eq_const %r#1, dense<[5.0, 13.0]> : tensor<2xf32>
  check.expect_almost_eq_const %r#2, dense<[8.0, 21.0]> : tensor<2xf32>
  func.return
}

// sum over i < 3 of sum over j < i + 2 of (i + j): 1 + 6 + 14 = 21.
func.func @nested() {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %two = hlo.constant dense<2> : tensor<i32>
  %three = hlo.constant dense<3> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %acc = %zero) : tensor<i32>, tensor<i32>
   cond {
    %c = hlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %limit = hlo.add %i, %two : tensor<i32>
    %inner:2 = hlo.while(%j = %zero, %a = %acc) : tensor<i32>, tensor<i32>
     cond {
      %c = hlo.compare LT, %j, %limit : (tensor<i32>, tensor<i32>) -> tensor<i1>
      hlo.return %c : tensor<i1>
    } do {
      %ij = hlo.add %i, %j : tensor<i32>
      %a1 = hlo.add %a, %ij : tensor<i32>
      %j1 = hlo.add %j, %one : tensor<i32>
      hlo.return %j1, %a1 : tensor<i32>, tensor<i32>
    }
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.return %i1, %inner#1 : tensor<i32>, tensor<i32>
  }
  check.expect_eq_const %r#1, dense<21> : tensor<i32>
  func.return
}

// rows[i] = rows[i - 1] * 2 + 1 for i in 1..3, read with dynamic_slice, written in place.
func.func @rows() {
  %one = hlo.constant dense<1> : tensor<i32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %four = hlo.constant dense<4> : tensor<i32>
  %init = hlo.constant dense<[[1.0, 2.0], [0.0, 0.0], [0.0, 0.0], [0.0, 0.0]]> : tensor<4x2xf32>
  %c2 = hlo.constant dense<2.0> : tensor<1x2xf32>
  %c1 = hlo.constant dense<1.0> : tensor<1x2xf32>
  %r:2 = hlo.while(%i = %one, %rows = %init) : tensor<i32>, tensor<4x2xf32>
   cond {
    %c = hlo.compare LT, %i, %four : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %prev_i = hlo.subtract %i, %one : tensor<i32>
    %prev = hlo.dynamic_slice %rows, %prev_i, %zero, sizes = [1, 2] : (tensor<4x2xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
    %twice = hlo.multiply %prev, %c2 : tensor<1x2xf32>
    %row = hlo.add %twice, %c1 : tensor<1x2xf32>
    %new = hlo.dynamic_update_slice %rows, %row, %i, %zero : (tensor<4x2xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x2xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.return %i1, %new : tensor<i32>, tensor<4x2xf32>
  }
  check.expect_almost_eq_const %r#1, dense<[[1.0, 2.0], [3.0, 5.0], [7.0, 11.0], [15.0, 23.0]]> : tensor<4x2xf32>
  func.return
}

// Start indices are clamped so the slice fits (StableHLO): -3 reads from 0, 9 writes at 2.
func.func @clamped() {
  %x = hlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %u = hlo.constant dense<[8.0, 9.0]> : tensor<2xf32>
  %low = hlo.constant dense<-3> : tensor<i64>
  %high = hlo.constant dense<9> : tensor<i64>
  %s = hlo.dynamic_slice %x, %low, sizes = [2] : (tensor<4xf32>, tensor<i64>) -> tensor<2xf32>
  %w = hlo.dynamic_update_slice %x, %u, %high : (tensor<4xf32>, tensor<2xf32>, tensor<i64>) -> tensor<4xf32>
  check.expect_almost_eq_const %s, dense<[1.0, 2.0]> : tensor<2xf32>
  check.expect_almost_eq_const %w, dense<[1.0, 2.0, 8.0, 9.0]> : tensor<4xf32>
  func.return
}
