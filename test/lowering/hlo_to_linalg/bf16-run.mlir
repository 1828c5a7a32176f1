// RUN: strata-run %s --run-checks | filecheck %s

// bf16 computes in f32 and rounds each result to nearest, ties to even (emulate-bf16), behind
// an optimization_barrier so the compiled code does it:
//   1 + 2^-8 lies halfway between 1 and 1 + 2^-7: the even one, 1;
//   (1 + 2^-7) + 2^-8 lies halfway between 1 + 2^-7 and 1 + 2^-6: the even one, 1 + 2^-6;
//   1 / 3 is 0x3EAAAAAB in f32, rounded up to 0x3EAB = 0.333984375;
//   sqrt(2) is 0x3FB504F3 in f32, rounded down to 0x3FB5 = 1.4140625;
//   2e38 * 2 overflows to infinity; 0 / 0 is NaN.
// A 16-bit float dot_general accumulates in f32 and rounds once, as XLA does: 2048 + 1 + 1 + 1 + 1
// is 2052 (each step rounded to f16, 2048 + 1 would tie back to 2048 every time). f16 <-> bf16
// goes through f32 (exact) and rounds once: 1 + 2^-10 (f16) is 1 in bf16, 1 + 2^-7 (bf16) is
// exact in f16, 3e38 (bf16) overflows f16 to infinity. An f16 fma computes in f32 (LLVM's own f16
// fma called a compiler-rt routine the JIT does not have, and the process crashed).
// CHECK: PASS @rounding
// CHECK: PASS @special
// CHECK: PASS @negate_tanh_from_f32
// CHECK: PASS @reduce_transpose_dot
// CHECK: PASS @f16_dot_accumulates_in_f32
// CHECK: PASS @bf16_f16_conversions
// CHECK: PASS @f16_log1p_unsigned_clamp
// CHECK: 7 of 7 functions passed
func.func @rounding() {
  %a0 = hlo.constant dense<[1.0, 1.0078125, 1.0, 2.0]> : tensor<4xbf16>
  %b0 = hlo.constant dense<[0.00390625, 0.00390625, 3.0, 2.0]> : tensor<4xbf16>
  %a, %b = hlo.optimization_barrier %a0, %b0 : tensor<4xbf16>, tensor<4xbf16>
  %sum = hlo.add %a, %b : tensor<4xbf16>
  %quotient = hlo.divide %a, %b : tensor<4xbf16>
  %root = hlo.sqrt %b : tensor<4xbf16>
  check.expect_eq_const %sum, dense<[1.0, 1.015625, 4.0, 4.0]> : tensor<4xbf16>
  check.expect_eq_const %quotient, dense<[256.0, 258.0, 0.333984375, 1.0]> : tensor<4xbf16>
  check.expect_eq_const %root, dense<[0.0625, 0.0625, 1.734375, 1.4140625]> : tensor<4xbf16>
  func.return
}
func.func @special() {
  %a0 = hlo.constant dense<[2.0e38, 0.0]> : tensor<2xbf16>
  %b0 = hlo.constant dense<[2.0, 0.0]> : tensor<2xbf16>
  %a, %b = hlo.optimization_barrier %a0, %b0 : tensor<2xbf16>, tensor<2xbf16>
  %product = hlo.multiply %a, %b : tensor<2xbf16>
  %quotient = hlo.divide %a, %b : tensor<2xbf16>
  %widened = hlo.convert %quotient : (tensor<2xbf16>) -> tensor<2xf32>
  %nan = hlo.compare NE, %widened, %widened : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  check.expect_eq_const %product, dense<[0x7F80, 0.0]> : tensor<2xbf16>
  check.expect_eq_const %nan, dense<[false, true]> : tensor<2xi1>
  func.return
}
// f32 -> bf16 -> f32 rounds to bf16; negate and tanh compute on it (tanh in f32, rounded back).
func.func @negate_tanh_from_f32() {
  %x0 = hlo.constant dense<[0.333333343, 1.0, -2.5, 0.0]> : tensor<4xf32>
  %x = hlo.optimization_barrier %x0 : tensor<4xf32>
  %h = hlo.convert %x : (tensor<4xf32>) -> tensor<4xbf16>
  %n = hlo.negate %h : tensor<4xbf16>
  %t = hlo.tanh %h : tensor<4xbf16>
  %nf = hlo.convert %n : (tensor<4xbf16>) -> tensor<4xf32>
  %tf = hlo.convert %t : (tensor<4xbf16>) -> tensor<4xf32>
  check.expect_eq_const %nf, dense<[-0.333984375, -1.0, 2.5, -0.0]> : tensor<4xf32>
  check.expect_almost_eq_const %tf, dense<[0.322265625, 0.76171875, -0.98828125, 0.0]> : tensor<4xf32>
  func.return
}
// bf16 temporaries in memory (exp feeds three consumers, so it is a buffer of its own), a
// reduction's bf16 init constant (each add rounded to bf16, in order), and a contraction,
// whose multiply-add is one fma: acc = bf16(f32(a * b + acc)) per step (numpy: exact in
// float64, then rounded; a separate multiply and add would give 36096 and 21888 at [0, 2], [1, 1]).
func.func @reduce_transpose_dot() {
  %x0 = hlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.5]]> : tensor<2x3xbf16>
  %x = hlo.optimization_barrier %x0 : tensor<2x3xbf16>
  %z = hlo.constant dense<0.0> : tensor<bf16>
  %e = hlo.exponential %x : tensor<2x3xbf16>
  %s = hlo.reduce(%e init: %z) applies hlo.add across dimensions = [1] : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<2xbf16>
  %t = hlo.transpose %e, dims = [1, 0] : (tensor<2x3xbf16>) -> tensor<3x2xbf16>
  %d = hlo.dot_general %t, %e, contracting_dims = [1] x [0] : (tensor<3x2xbf16>, tensor<2x3xbf16>) -> tensor<3x3xbf16>
  check.expect_eq_const %s, dense<[30.25, 864.0]> : tensor<2xbf16>
  check.expect_eq_const %d, dense<[[2976.0, 8096.0, 36352.0], [8096.0, 22016.0, 98304.0], [36352.0, 98304.0, 440320.0]]> : tensor<3x3xbf16>
  func.return
}

func.func @f16_dot_accumulates_in_f32() {
  %a0 = hlo.constant dense<[[2048.0, 1.0, 1.0, 1.0, 1.0]]> : tensor<1x5xf16>
  %b0 = hlo.constant dense<[[1.0], [1.0], [1.0], [1.0], [1.0]]> : tensor<5x1xf16>
  %a, %b = hlo.optimization_barrier %a0, %b0 : tensor<1x5xf16>, tensor<5x1xf16>
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1x5xf16>, tensor<5x1xf16>) -> tensor<1x1xf16>
  check.expect_eq_const %d, dense<2052.0> : tensor<1x1xf16>
  %c0 = hlo.constant dense<[[2048.0, 1.0, 1.0, 1.0, 1.0]]> : tensor<1x5xbf16>
  %e0 = hlo.constant dense<[[1.0], [1.0], [1.0], [1.0], [1.0]]> : tensor<5x1xbf16>
  %c, %e = hlo.optimization_barrier %c0, %e0 : tensor<1x5xbf16>, tensor<5x1xbf16>
  %f = hlo.dot_general %c, %e, contracting_dims = [1] x [0] : (tensor<1x5xbf16>, tensor<5x1xbf16>) -> tensor<1x1xbf16>
  check.expect_eq_const %f, dense<2048.0> : tensor<1x1xbf16>
  func.return
}

func.func @bf16_f16_conversions() {
  %h0 = hlo.constant dense<[1.0009765625, -2.5]> : tensor<2xf16>
  %g0 = hlo.constant dense<[1.0078125, 3.0e38]> : tensor<2xbf16>
  %h, %g = hlo.optimization_barrier %h0, %g0 : tensor<2xf16>, tensor<2xbf16>
  %to_bf16 = hlo.convert %h : (tensor<2xf16>) -> tensor<2xbf16>
  check.expect_eq_const %to_bf16, dense<[1.0, -2.5]> : tensor<2xbf16>
  %to_f16 = hlo.convert %g : (tensor<2xbf16>) -> tensor<2xf16>
  check.expect_eq_const %to_f16, dense<[1.0078125, 0x7C00]> : tensor<2xf16>
  func.return
}

// log1p and rsqrt on f16 compute in f32 (libm has no f16 log1p; rsqrt lowers for f32 and f64
// only), rsqrt of 1e-4 (f16: 1.0001659e-4) is 99.99 rounded to 100; clamp takes unsigned elements.
func.func @f16_log1p_unsigned_clamp() {
  %x0 = hlo.constant dense<[0.0, 1.0, -0.5, 1.0e-4]> : tensor<4xf16>
  %u0 = hlo.constant dense<[0, 7, 200, 255]> : tensor<4xui8>
  %x, %u = hlo.optimization_barrier %x0, %u0 : tensor<4xf16>, tensor<4xui8>
  %l = hlo.log_plus_one %x : tensor<4xf16>
  check.expect_almost_eq_const %l, dense<[0.0, 0.6931, -0.6931, 1.0e-4]> : tensor<4xf16> {tolerance = 0.001 : f64}
  %r = hlo.rsqrt %x : tensor<4xf16>
  check.expect_eq_const %r, dense<[0x7C00, 1.0, 0x7E00, 100.0]> : tensor<4xf16>
  %lo = hlo.constant dense<5> : tensor<ui8>
  %hi = hlo.constant dense<250> : tensor<ui8>
  %c = hlo.clamp %lo, %u, %hi : (tensor<ui8>, tensor<4xui8>, tensor<ui8>) -> tensor<4xui8>
  check.expect_eq_const %c, dense<[5, 7, 200, 250]> : tensor<4xui8>
  func.return
}
