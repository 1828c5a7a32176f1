// RUN: strata-run %s --run-checks | filecheck %s

// Complex values through reductions, sorting, data movement, bit casts, control flow and
// ordered comparisons, run end to end; expected values from numpy's complex64 / complex128.
// Inputs pass an hlo.optimization_barrier so that nothing is folded before it runs.

// CHECK: PASS @run_reduce
func.func @run_reduce() {
  %a0 = hlo.constant dense<[[(1.5, 2.0), (-0.5, 1.0)], [(1.5, -3.0), (2.0, 0.25)]]> : tensor<2x2xcomplex<f32>>
  %a = hlo.optimization_barrier %a0 : tensor<2x2xcomplex<f32>>
  %zero = hlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %one = hlo.constant dense<(1.0, 0.0)> : tensor<complex<f32>>
  %low = hlo.constant dense<(0xFF800000, 0.0)> : tensor<complex<f32>>
  %high = hlo.constant dense<(0x7F800000, 0.0)> : tensor<complex<f32>>
  %sum = hlo.reduce(%a init: %zero) applies hlo.add across dimensions = [0] : (tensor<2x2xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2xcomplex<f32>>
  %prod = hlo.reduce(%a init: %one) applies hlo.multiply across dimensions = [0] : (tensor<2x2xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2xcomplex<f32>>
  %max = hlo.reduce(%a init: %low) applies hlo.maximum across dimensions = [0] : (tensor<2x2xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2xcomplex<f32>>
  %min = hlo.reduce(%a init: %high) applies hlo.minimum across dimensions = [0] : (tensor<2x2xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %sum, dense<[(3.0, -1.0), (1.5, 1.25)]> : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %prod, dense<[(8.25, -1.5), (-1.25, 1.875)]> : tensor<2xcomplex<f32>>
  check.expect_eq_const %max, dense<[(1.5, 2.0), (2.0, 0.25)]> : tensor<2xcomplex<f32>>
  check.expect_eq_const %min, dense<[(1.5, -3.0), (-0.5, 1.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// A body that reads the parts itself (real / imag / select on complex), as JAX writes a
// complex max, and a reduce of a complex and an integer input together.
// CHECK: PASS @run_reduce_parts
func.func @run_reduce_parts() {
  %a0 = hlo.constant dense<[(1.5, 2.0), (1.5, -3.0), (-0.5, 1.0)]> : tensor<3xcomplex<f64>>
  %k0 = hlo.constant dense<[4, 5, 6]> : tensor<3xi32>
  %a, %k = hlo.optimization_barrier %a0, %k0 : tensor<3xcomplex<f64>>, tensor<3xi32>
  %low = hlo.constant dense<(0xFFF0000000000000, 0.0)> : tensor<complex<f64>>
  %zero = hlo.constant dense<0> : tensor<i32>
  %max, %count = hlo.reduce(%a init: %low), (%k init: %zero) across dimensions = [0] : (tensor<3xcomplex<f64>>, tensor<3xi32>, tensor<complex<f64>>, tensor<i32>) -> (tensor<complex<f64>>, tensor<i32>)
   reducer(%acc: tensor<complex<f64>>, %x: tensor<complex<f64>>) (%n: tensor<i32>, %m: tensor<i32>) {
    %ar = hlo.real %acc : (tensor<complex<f64>>) -> tensor<f64>
    %xr = hlo.real %x : (tensor<complex<f64>>) -> tensor<f64>
    %ai = hlo.imag %acc : (tensor<complex<f64>>) -> tensor<f64>
    %xi = hlo.imag %x : (tensor<complex<f64>>) -> tensor<f64>
    %eq = hlo.compare EQ, %ar, %xr, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %gtr = hlo.compare GT, %ar, %xr, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %gti = hlo.compare GT, %ai, %xi, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %keep = hlo.select %eq, %gti, %gtr : tensor<i1>, tensor<i1>
    %big = hlo.select %keep, %acc, %x : tensor<i1>, tensor<complex<f64>>
    %nm = hlo.add %n, %m : tensor<i32>
    hlo.return %big, %nm : tensor<complex<f64>>, tensor<i32>
  }
  check.expect_eq_const %max, dense<(1.5, 2.0)> : tensor<complex<f64>>
  check.expect_eq_const %count, dense<15> : tensor<i32>
  func.return
}

// cumsum / cumprod as JAX writes them: a reduce_window padded with the init value.
// CHECK: PASS @run_reduce_window
func.func @run_reduce_window() {
  %v0 = hlo.constant dense<[(1.0, 1.0), (2.0, -1.0), (0.5, 0.5), (-1.0, 2.0)]> : tensor<4xcomplex<f32>>
  %v = hlo.optimization_barrier %v0 : tensor<4xcomplex<f32>>
  %zero = hlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %one = hlo.constant dense<(1.0, 0.0)> : tensor<complex<f32>>
  %cumsum = "hlo.reduce_window"(%v, %zero) <{padding = dense<[[3, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 4>}> ({
  ^bb0(%p: tensor<complex<f32>>, %q: tensor<complex<f32>>):
    %s = hlo.add %p, %q : tensor<complex<f32>>
    hlo.return %s : tensor<complex<f32>>
  }) : (tensor<4xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4xcomplex<f32>>
  %cumprod = "hlo.reduce_window"(%v, %one) <{padding = dense<[[3, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 4>}> ({
  ^bb0(%p: tensor<complex<f32>>, %q: tensor<complex<f32>>):
    %s = hlo.multiply %p, %q : tensor<complex<f32>>
    hlo.return %s : tensor<complex<f32>>
  }) : (tensor<4xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4xcomplex<f32>>
  %pairs = "hlo.reduce_window"(%v, %zero) <{padding = dense<[[1, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 2>}> ({
  ^bb0(%p: tensor<complex<f32>>, %q: tensor<complex<f32>>):
    %s = hlo.add %p, %q : tensor<complex<f32>>
    hlo.return %s : tensor<complex<f32>>
  }) : (tensor<4xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4xcomplex<f32>>
  check.expect_almost_eq_const %cumsum, dense<[(1.0, 1.0), (3.0, 0.0), (3.5, 0.5), (2.5, 2.5)]> : tensor<4xcomplex<f32>>
  check.expect_almost_eq_const %cumprod, dense<[(1.0, 1.0), (3.0, 1.0), (1.0, 2.0), (-5.0, 0.0)]> : tensor<4xcomplex<f32>>
  check.expect_almost_eq_const %pairs, dense<[(1.0, 1.0), (3.0, 0.0), (2.5, -0.5), (-0.5, 2.5)]> : tensor<4xcomplex<f32>>
  func.return
}

// Sorting complex keys (LT: lexicographic on (real, imaginary)) with an i32 payload.
// CHECK: PASS @run_sort
func.func @run_sort() {
  %s0 = hlo.constant dense<[(2.0, 1.0), (-1.0, 5.0), (2.0, -3.0), (-1.0, 0.0), (0.5, 0.0)]> : tensor<5xcomplex<f32>>
  %i0 = hlo.iota dim = 0 : tensor<5xi32>
  %s, %i = hlo.optimization_barrier %s0, %i0 : tensor<5xcomplex<f32>>, tensor<5xi32>
  %keys, %order = "hlo.sort"(%s, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%l: tensor<complex<f32>>, %r: tensor<complex<f32>>, %li: tensor<i32>, %ri: tensor<i32>):
    %lt = hlo.compare LT, %l, %r, FLOAT : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<5xcomplex<f32>>, tensor<5xi32>) -> (tensor<5xcomplex<f32>>, tensor<5xi32>)
  check.expect_eq_const %keys, dense<[(-1.0, 0.0), (-1.0, 5.0), (0.5, 0.0), (2.0, -3.0), (2.0, 1.0)]> : tensor<5xcomplex<f32>>
  check.expect_eq_const %order, dense<[3, 1, 4, 2, 0]> : tensor<5xi32>
  func.return
}

// CHECK: PASS @run_compare
func.func @run_compare() {
  %a0 = hlo.constant dense<[(1.0, 2.0), (1.0, 2.0), (1.0, 3.0), (0.0, 5.0)]> : tensor<4xcomplex<f32>>
  %b0 = hlo.constant dense<[(1.0, 2.0), (1.0, 3.0), (1.0, 2.0), (1.0, 0.0)]> : tensor<4xcomplex<f32>>
  %a, %b = hlo.optimization_barrier %a0, %b0 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>
  %lt = hlo.compare LT, %a, %b : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  %le = hlo.compare LE, %a, %b : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  %gt = hlo.compare GT, %a, %b : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  %ge = hlo.compare GE, %a, %b, TOTALORDER : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[false, true, false, true]> : tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  check.expect_eq_const %ge, dense<[true, false, true, false]> : tensor<4xi1>
  func.return
}

// CHECK: PASS @run_sign
func.func @run_sign() {
  %g0 = hlo.constant dense<[(3.0, 4.0), (0.0, 0.0), (-1.0e30, 1.0e30), (0.0, -2.0), (0x7FC00000, 0.0)]> : tensor<5xcomplex<f32>>
  %g = hlo.optimization_barrier %g0 : tensor<5xcomplex<f32>>
  %sign = hlo.sign %g : tensor<5xcomplex<f32>>
  check.expect_almost_eq_const %sign, dense<[(0.6, 0.8), (0.0, 0.0), (-0.70710677, 0.70710677), (0.0, -1.0), (0x7FC00000, 0x7FC00000)]> : tensor<5xcomplex<f32>>
  func.return
}

// |z| and z/w where a^2 + b^2 or c^2 + d^2 overflows or underflows (a differential run against
// TensorFlow found inf and 0 there), and their special values: numpy's answers, but for a finite
// z over a w with both parts infinite, 0 as TensorFlow's (numpy: inf/inf, NaN).
// CHECK: PASS @run_abs_divide_out_of_square_range_f32
func.func @run_abs_divide_out_of_square_range_f32() {
  %z0 = hlo.constant dense<[(2.0e38, 2.0e38), (1.0e-30, 1.0e-30), (3.0e-30, -4.0e-30), (0.0, 0.0), (0x7F800000, 0x7FC00000), (0x7FC00000, 1.0)]> : tensor<6xcomplex<f32>>
  %n0 = hlo.constant dense<[(1.0, 1.0), (1.0, 1.0), (1.5, 2.5), (1.0, 0.0), (1.0, 2.0), (0x7FC00000, 1.0)]> : tensor<6xcomplex<f32>>
  %w0 = hlo.constant dense<[(1.0e-30, 1.0e-30), (1.0e20, 1.0e20), (2.0, -1.0), (0.0, 0.0), (0x7F800000, 0x7F800000), (1.0, 1.0)]> : tensor<6xcomplex<f32>>
  %z, %n, %w = hlo.optimization_barrier %z0, %n0, %w0 : tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>
  %modulus = hlo.abs %z : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %quotient = hlo.divide %n, %w : tensor<6xcomplex<f32>>
  %modulus_want = hlo.constant dense<[2.828427e38, 1.4142136e-30, 5.0e-30, 0.0, 0x7F800000, 0x7FC00000]> : tensor<6xf32>
  %quotient_want = hlo.constant dense<[(1.0e30, 0.0), (1.0e-20, 0.0), (0.1, 1.3000001), (0x7F800000, 0x7FC00000), (0.0, 0.0), (0x7FC00000, 0x7FC00000)]> : tensor<6xcomplex<f32>>
  check.expect_close %modulus, %modulus_want, max_ulp_difference = 2 : tensor<6xf32>, tensor<6xf32>
  check.expect_close %quotient, %quotient_want, max_ulp_difference = 4 : tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>
  func.return
}

// CHECK: PASS @run_abs_divide_out_of_square_range_f64
func.func @run_abs_divide_out_of_square_range_f64() {
  %z0 = hlo.constant dense<[(1.0e300, 1.0e300), (1.0e-300, 1.0e-300), (3.0e-300, -4.0e-300), (0.0, 0.0), (0x7FF0000000000000, 0x7FF8000000000000), (0x7FF8000000000000, 1.0)]> : tensor<6xcomplex<f64>>
  %n0 = hlo.constant dense<[(1.0, 1.0), (1.0, 1.0), (1.5, 2.5), (1.0, 0.0), (1.0, 2.0), (0x7FF8000000000000, 1.0)]> : tensor<6xcomplex<f64>>
  %w0 = hlo.constant dense<[(1.0e-300, 1.0e-300), (1.0e200, 1.0e200), (2.0, -1.0), (0.0, 0.0), (0x7FF0000000000000, 0x7FF0000000000000), (1.0, 1.0)]> : tensor<6xcomplex<f64>>
  %z, %n, %w = hlo.optimization_barrier %z0, %n0, %w0 : tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>
  %modulus = hlo.abs %z : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  %quotient = hlo.divide %n, %w : tensor<6xcomplex<f64>>
  %modulus_want = hlo.constant dense<[1.4142135623730952e300, 1.4142135623730952e-300, 5.0e-300, 0.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<6xf64>
  %quotient_want = hlo.constant dense<[(1.0e300, 0.0), (1.0e-200, 0.0), (0.1, 1.3), (0x7FF0000000000000, 0x7FF8000000000000), (0.0, 0.0), (0x7FF8000000000000, 0x7FF8000000000000)]> : tensor<6xcomplex<f64>>
  check.expect_close %modulus, %modulus_want, max_ulp_difference = 2 : tensor<6xf64>, tensor<6xf64>
  check.expect_close %quotient, %quotient_want, max_ulp_difference = 4 : tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>
  func.return
}

// dynamic_slice clamps its start (3 -> 2); pad uses a complex padding value.
// CHECK: PASS @run_data_movement
func.func @run_data_movement() {
  %z0 = hlo.constant dense<[(1.0, 2.0), (3.0, 4.0), (5.0, 6.0), (7.0, 8.0)]> : tensor<4xcomplex<f32>>
  %u0 = hlo.constant dense<[(-1.0, -1.0), (-2.0, -2.0)]> : tensor<2xcomplex<f32>>
  %p0 = hlo.constant dense<(9.0, -9.0)> : tensor<complex<f32>>
  %z, %u, %p = hlo.optimization_barrier %z0, %u0, %p0 : tensor<4xcomplex<f32>>, tensor<2xcomplex<f32>>, tensor<complex<f32>>
  %three = hlo.constant dense<3> : tensor<i64>
  %one = hlo.constant dense<1> : tensor<i64>
  %slice = hlo.dynamic_slice %z, %three, sizes = [2] : (tensor<4xcomplex<f32>>, tensor<i64>) -> tensor<2xcomplex<f32>>
  %updated = hlo.dynamic_update_slice %z, %u, %one : (tensor<4xcomplex<f32>>, tensor<2xcomplex<f32>>, tensor<i64>) -> tensor<4xcomplex<f32>>
  %head = hlo.slice %z [0:3] : (tensor<4xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %padded = hlo.pad %head, %p, low = [1], high = [1], interior = [1] : (tensor<3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<7xcomplex<f32>>
  check.expect_eq_const %slice, dense<[(5.0, 6.0), (7.0, 8.0)]> : tensor<2xcomplex<f32>>
  check.expect_eq_const %updated, dense<[(1.0, 2.0), (-1.0, -1.0), (-2.0, -2.0), (7.0, 8.0)]> : tensor<4xcomplex<f32>>
  check.expect_eq_const %padded, dense<[(9.0, -9.0), (1.0, 2.0), (9.0, -9.0), (3.0, 4.0), (9.0, -9.0), (5.0, 6.0), (9.0, -9.0)]> : tensor<7xcomplex<f32>>
  func.return
}

// A complex value's bits are its real part's, then its imaginary part's (little-endian).
// CHECK: PASS @run_bitcast_convert
func.func @run_bitcast_convert() {
  %b0 = hlo.constant dense<[(1.5, 2.0), (-0.5, 1.0)]> : tensor<2xcomplex<f32>>
  %d0 = hlo.constant dense<[(0.25, -1.0)]> : tensor<1xcomplex<f64>>
  %f0 = hlo.constant dense<[[3.0, -4.0], [0.0, 0.5]]> : tensor<2x2xf32>
  %b, %d, %f = hlo.optimization_barrier %b0, %d0, %f0 : tensor<2xcomplex<f32>>, tensor<1xcomplex<f64>>, tensor<2x2xf32>
  %wide = hlo.bitcast_convert %b : (tensor<2xcomplex<f32>>) -> tensor<2xi64>
  %bytes = hlo.bitcast_convert %b : (tensor<2xcomplex<f32>>) -> tensor<2x8xi8>
  %same = hlo.bitcast_convert %d : (tensor<1xcomplex<f64>>) -> tensor<1x2xf64>
  %joined = hlo.bitcast_convert %f : (tensor<2x2xf32>) -> tensor<2xcomplex<f32>>
  %back = hlo.bitcast_convert %bytes : (tensor<2x8xi8>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %wide, dense<[4611686019496935424, 4575657224612872192]> : tensor<2xi64>
  check.expect_eq_const %bytes, dense<[[0, 0, -64, 63, 0, 0, 0, 64], [0, 0, 0, -65, 0, 0, -128, 63]]> : tensor<2x8xi8>
  check.expect_eq_const %same, dense<[[0.25, -1.0]]> : tensor<1x2xf64>
  check.expect_eq_const %joined, dense<[(3.0, -4.0), (0.0, 0.5)]> : tensor<2xcomplex<f32>>
  check.expect_eq_const %back, dense<[(1.5, 2.0), (-0.5, 1.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// while / if / case carry complex values (as their pairs): x doubled three times; each branch
// returns a complex value of its own.
// CHECK: PASS @run_control_flow
func.func @run_control_flow() {
  %x0 = hlo.constant dense<[(1.0, 1.0), (0.5, -2.0)]> : tensor<2xcomplex<f32>>
  %n0 = hlo.constant dense<3> : tensor<i32>
  %x, %n = hlo.optimization_barrier %x0, %n0 : tensor<2xcomplex<f32>>, tensor<i32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<2xcomplex<f32>>
   cond {
    %c = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %i1 = hlo.add %i, %one : tensor<i32>
    %acc1 = hlo.add %acc, %acc : tensor<2xcomplex<f32>>
    hlo.return %i1, %acc1 : tensor<i32>, tensor<2xcomplex<f32>>
  }
  %p = hlo.compare GT, %n, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %picked = "hlo.if"(%p) ({
    %neg = hlo.negate %x : tensor<2xcomplex<f32>>
    hlo.return %neg : tensor<2xcomplex<f32>>
  }, {
    hlo.return %x : tensor<2xcomplex<f32>>
  }) : (tensor<i1>) -> tensor<2xcomplex<f32>>
  %branch = "hlo.case"(%one) ({
    %c0 = hlo.constant dense<(0.0, 1.0)> : tensor<complex<f32>>
    hlo.return %c0 : tensor<complex<f32>>
  }, {
    %c1 = hlo.constant dense<(2.0, -1.0)> : tensor<complex<f32>>
    hlo.return %c1 : tensor<complex<f32>>
  }) : (tensor<i32>) -> tensor<complex<f32>>
  check.expect_eq_const %r#1, dense<[(8.0, 8.0), (4.0, -16.0)]> : tensor<2xcomplex<f32>>
  check.expect_eq_const %picked, dense<[(-1.0, -1.0), (-0.5, 2.0)]> : tensor<2xcomplex<f32>>
  check.expect_eq_const %branch, dense<(2.0, -1.0)> : tensor<complex<f32>>
  func.return
}
