// RUN: strata-run %s --run-checks | filecheck %s

// chlo-legalize-to-hlo end to end: each chlo op at points where its expansion switches
// formula (0, negatives and reflection, large values, poles, ±1, inf, NaN), against scipy/numpy
// (scipy.special.gammaln, digamma, erfinv, erf, erfc, i1e, zeta, polygamma; np.arccosh, ...).
// The expansions are XLA's, so tolerances are those of XLA's formulas (some are wider than an
// ulp, as noted); the inputs pass an optimization barrier so that nothing folds them.

// lgamma: +inf at the poles (0 and the negative integers) and at ±inf; reflection below 1/2
// CHECK: PASS @lgamma_f32
func.func @lgamma_f32() {
  %c = hlo.constant dense<[0.5, 3.0, 10.5, -0.5, -2.5, -3.700000047683716, 0.0010000000474974513, -0.0010000000474974513, 1.0000000150474662e+30, 0.0, -1.0, -4.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<15xf32>
  %x = hlo.optimization_barrier %c : tensor<15xf32>
  %r = chlo.lgamma %x : tensor<15xf32> -> tensor<15xf32>
  check.expect_almost_eq_const %r, dense<[0.5723649263381958, 0.6931471824645996, 13.940625190734863, 1.2655121088027954, -0.056243717670440674, -1.3797398805618286, 6.90717887878418, 6.9083333015441895, 6.807755301009307e+31, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7FC00000]> : tensor<15xf32> {tolerance = 1.0e-5 : f64}
  func.return
}

// CHECK: PASS @lgamma_f64
func.func @lgamma_f64() {
  %c = hlo.constant dense<[0.5, 3.0, 10.5, -0.5, -2.5, -3.7, 0.001, -0.001, 1.0e+300, 0.0, -1.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<13xf64>
  %x = hlo.optimization_barrier %c : tensor<13xf64>
  %r = chlo.lgamma %x : tensor<13xf64> -> tensor<13xf64>
  check.expect_almost_eq_const %r, dense<[0.5723649429247, 0.6931471805599453, 13.940625219403763, 1.2655121234846454, -0.05624371649767401, -1.3797399049658245, 6.907178885383853, 6.908333317515028, 6.897755278982137e+302, 0x7FF0000000000000, 0x7FF0000000000000, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<13xf64> {tolerance = 1.0e-12 : f64}
  func.return
}

// f16 is computed in f32 and rounded
// CHECK: PASS @lgamma_f16
func.func @lgamma_f16() {
  %c = hlo.constant dense<[0.5, 3.0, 10.5, -0.5, -2.5, 0.0010004043579101562, 0.0, -1.0, 0x7C00]> : tensor<9xf16>
  %x = hlo.optimization_barrier %c : tensor<9xf16>
  %r = chlo.lgamma %x : tensor<9xf16> -> tensor<9xf16>
  %want = hlo.constant dense<[0.572265625, 0.693359375, 13.9375, 1.265625, -0.056243896484375, 6.90625, 0x7C00, 0x7C00, 0x7C00]> : tensor<9xf16>
  check.expect_close %r, %want, max_ulp_difference = 2 : tensor<9xf16>, tensor<9xf16>
  func.return
}

// digamma: NaN at the poles; cot reflection below 1/2
// CHECK: PASS @digamma_f32
func.func @digamma_f32() {
  %c = hlo.constant dense<[1.0, 0.5, 10.0, 100.0, -0.5, -2.5, 0.0010000000474974513, -0.0010000000474974513, 0.0, -1.0, -7.0, 10000000000.0, 0x7F800000, 0x7FC00000]> : tensor<14xf32>
  %x = hlo.optimization_barrier %c : tensor<14xf32>
  %r = chlo.digamma %x : tensor<14xf32> -> tensor<14xf32>
  check.expect_almost_eq_const %r, dense<[-0.5772156715393066, -1.9635100364685059, 2.2517526149749756, 4.600162029266357, 0.036489974707365036, 1.1031566858291626, -1000.5755004882812, 999.4210815429688, 0x7FC00000, 0x7FC00000, 0x7FC00000, 23.025850296020508, 0x7F800000, 0x7FC00000]> : tensor<14xf32> {tolerance = 1.0e-4 : f64}
  func.return
}

// CHECK: PASS @digamma_f64
func.func @digamma_f64() {
  %c = hlo.constant dense<[1.0, 0.5, 10.0, 100.0, -0.5, -2.5, 0.001, 0.0, -1.0, 10000000000.0]> : tensor<10xf64>
  %x = hlo.optimization_barrier %c : tensor<10xf64>
  %r = chlo.digamma %x : tensor<10xf64> -> tensor<10xf64>
  check.expect_almost_eq_const %r, dense<[-0.5772156649015329, -1.9635100260214235, 2.251752589066721, 4.600161852738088, 0.03648997397857651, 1.1031566406452433, -1000.5755719318103, 0x7FF8000000000000, 0x7FF8000000000000, 23.025850929890456]> : tensor<10xf64> {tolerance = 1.0e-10 : f64}
  func.return
}

// erf_inv: ±inf at ±1, NaN beyond. w = -log((1 - x)(1 + x)), whose factors are exact near ±1
// (XLA's -log1p(-x^2) inherits the rounding of x^2 there: 64 ulp at 0.9998 in f32): within
// 4 ulp of the values rounded from float64.
// CHECK: PASS @erf_inv_f32
func.func @erf_inv_f32() {
  %c = hlo.constant dense<[0.0, 9.999999747378752e-06, 0.5, -0.8999999761581421, 0.9990000128746033, -0.9999899864196777, 1.0, -1.0, 1.5, 0x7FC00000]> : tensor<10xf32>
  %x = hlo.optimization_barrier %c : tensor<10xf32>
  %r = chlo.erf_inv %x : tensor<10xf32> -> tensor<10xf32>
  %want = hlo.constant dense<[0.0, 8.86226916918531e-06, 0.4769362807273865, -1.1630871295928955, 2.326756238937378, -3.1232056617736816, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7FC00000]> : tensor<10xf32>
  check.expect_close %r, %want, max_ulp_difference = 4 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// CHECK: PASS @erf_inv_f64
func.func @erf_inv_f64() {
  %c = hlo.constant dense<[0.0, 1.0e-05, 0.5, -0.9, 0.999, -0.99999, 0.999999999999, 1.0, -1.0, 1.5]> : tensor<10xf64>
  %x = hlo.optimization_barrier %c : tensor<10xf64>
  %r = chlo.erf_inv %x : tensor<10xf64> -> tensor<10xf64>
  check.expect_almost_eq_const %r, dense<[0.0, 8.862269254759592e-06, 0.4769362762044699, -1.1630871536766743, 2.326753765513524, -3.123413274341571, 5.042031898572696, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000]> : tensor<10xf64> {tolerance = 1.0e-13 : f64}
  func.return
}

// CHECK: PASS @erf_f32
func.func @erf_f32() {
  %c = hlo.constant dense<[0.0, 9.999999747378752e-05, 0.5, -1.0, 2.0, -3.5, 6.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<10xf32>
  %x = hlo.optimization_barrier %c : tensor<10xf32>
  %r = chlo.erf %x : tensor<10xf32> -> tensor<10xf32>
  %want = hlo.constant dense<[0.0, 0.00011283791536698118, 0.5204998850822449, -0.8427007794380188, 0.9953222870826721, -0.9999992847442627, 1.0, 1.0, -1.0, 0x7FC00000]> : tensor<10xf32>
  check.expect_close %r, %want, max_ulp_difference = 4 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// CHECK: PASS @erf_f64
func.func @erf_f64() {
  %c = hlo.constant dense<[0.0, 0.0001, 0.5, -1.0, 2.0, -3.5, 6.0, 0x7FF0000000000000, 0xFFF0000000000000]> : tensor<9xf64>
  %x = hlo.optimization_barrier %c : tensor<9xf64>
  %r = chlo.erf %x : tensor<9xf64> -> tensor<9xf64>
  %want = hlo.constant dense<[0.0, 0.00011283791633342487, 0.5204998778130465, -0.8427007929497148, 0.9953222650189527, -0.9999992569016276, 1.0, 1.0, -1.0]> : tensor<9xf64>
  check.expect_close %r, %want, max_ulp_difference = 4 : tensor<9xf64>, tensor<9xf64>
  func.return
}

// erfc keeps its relative precision far into the tail
// CHECK: PASS @erfc_f32
func.func @erfc_f32() {
  %c = hlo.constant dense<[0.0, 0.5, -1.0, 2.0, 5.0, 9.0, -10.0, 0x7F800000, 0xFF800000]> : tensor<9xf32>
  %x = hlo.optimization_barrier %c : tensor<9xf32>
  %r = chlo.erfc %x : tensor<9xf32> -> tensor<9xf32>
  %want = hlo.constant dense<[1.0, 0.4795001149177551, 1.8427008390426636, 0.004677734803408384, 1.5374598295869735e-12, 4.137031708073991e-37, 2.0, 0.0, 2.0]> : tensor<9xf32>
  check.expect_close %r, %want, max_ulp_difference = 4 : tensor<9xf32>, tensor<9xf32>
  func.return
}

// CHECK: PASS @erfc_f64
func.func @erfc_f64() {
  %c = hlo.constant dense<[0.0, 0.5, -1.0, 2.0, 5.0, 9.0, 26.0, 30.0, -10.0]> : tensor<9xf64>
  %x = hlo.optimization_barrier %c : tensor<9xf64>
  %r = chlo.erfc %x : tensor<9xf64> -> tensor<9xf64>
  %want = hlo.constant dense<[1.0, 0.4795001221869535, 1.8427007929497148, 0.004677734981047266, 1.5374597944280347e-12, 4.137031746513811e-37, 5.663192408856145e-296, 0.0, 2.0]> : tensor<9xf64>
  check.expect_close %r, %want, max_ulp_difference = 4 : tensor<9xf64>, tensor<9xf64>
  func.return
}

// bessel_i1e: f32 keeps the 17 and 7 low-order terms of Cephes' Chebyshev series (about 1e-6
// relative at |x| = 8)
// CHECK: PASS @bessel_i1e_f32
func.func @bessel_i1e_f32() {
  %c = hlo.constant dense<[0.0, 1.0, -1.0, 5.0, 8.0, 10.0, 100.0, -30.0, 0x7F800000, 0xFF800000]> : tensor<10xf32>
  %x = hlo.optimization_barrier %c : tensor<10xf32>
  %r = chlo.bessel_i1e %x : tensor<10xf32> -> tensor<10xf32>
  check.expect_almost_eq_const %r, dense<[0.0, 0.207910418510437, -0.207910418510437, 0.16397227346897125, 0.13414248824119568, 0.12126268446445465, 0.03974415361881256, -0.07191632688045502, 0.0, -0.0]> : tensor<10xf32> {tolerance = 1.0e-6 : f64}
  func.return
}

// CHECK: PASS @bessel_i1e_f64
func.func @bessel_i1e_f64() {
  %c = hlo.constant dense<[0.0, 1.0, -1.0, 5.0, 8.0, 10.0, 100.0, -30.0, 10000000000.0]> : tensor<9xf64>
  %x = hlo.optimization_barrier %c : tensor<9xf64>
  %r = chlo.bessel_i1e %x : tensor<9xf64> -> tensor<9xf64>
  %want = hlo.constant dense<[0.0, 0.2079104153497085, -0.2079104153497085, 0.16397226694454234, 0.13414249329269812, 0.1212626813844555, 0.03974415302513025, -0.07191633059864755, 3.989422803864723e-06]> : tensor<9xf64>
  check.expect_close %r, %want, max_ulp_difference = 4 : tensor<9xf64>, tensor<9xf64>
  func.return
}

// acosh: NaN below 1; log 2 + log x where x^2 would overflow
// CHECK: PASS @acosh_f64
func.func @acosh_f64() {
  %c = hlo.constant dense<[1.0, 1.0000000001, 1.5, 10.0, 1.0e+300, 0.5, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<8xf64>
  %x = hlo.optimization_barrier %c : tensor<8xf64>
  %r = chlo.acosh %x : tensor<8xf64> -> tensor<8xf64>
  %want = hlo.constant dense<[0.0, 1.4142136208675862e-05, 0.9624236501192069, 2.993222846126381, 691.4686750787736, 0x7FF8000000000000, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<8xf64>
  check.expect_close %r, %want, max_ulp_difference = 3 : tensor<8xf64>, tensor<8xf64>
  func.return
}

// CHECK: PASS @acosh_f32
func.func @acosh_f32() {
  %c = hlo.constant dense<[1.0, 1.5, 10.0, 3.0000000054977558e+38, 0.5, 0x7F800000]> : tensor<6xf32>
  %x = hlo.optimization_barrier %c : tensor<6xf32>
  %r = chlo.acosh %x : tensor<6xf32> -> tensor<6xf32>
  %want = hlo.constant dense<[0.0, 0.9624236226081848, 2.993222951889038, 89.28999328613281, 0x7FC00000, 0x7F800000]> : tensor<6xf32>
  check.expect_close %r, %want, max_ulp_difference = 3 : tensor<6xf32>, tensor<6xf32>
  func.return
}

// CHECK: PASS @asinh_f32
func.func @asinh_f32() {
  %c = hlo.constant dense<[0.0, -0.0, 9.999999747378752e-06, -1.0, 10.0, 1.0000000200408773e+20, -3.0000000054977558e+38, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<10xf32>
  %x = hlo.optimization_barrier %c : tensor<10xf32>
  %r = chlo.asinh %x : tensor<10xf32> -> tensor<10xf32>
  %want = hlo.constant dense<[0.0, -0.0, 9.999999747378752e-06, -0.8813735842704773, 2.998223066329956, 46.744850158691406, -89.28999328613281, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<10xf32>
  check.expect_close %r, %want, max_ulp_difference = 3 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// CHECK: PASS @asinh_f64
func.func @asinh_f64() {
  %c = hlo.constant dense<[0.0, 1.0e-05, -1.0, 10.0, 1.0e+200, -1.0e+300]> : tensor<6xf64>
  %x = hlo.optimization_barrier %c : tensor<6xf64>
  %r = chlo.asinh %x : tensor<6xf64> -> tensor<6xf64>
  %want = hlo.constant dense<[0.0, 9.999999999833334e-06, -0.881373587019543, 2.99822295029797, 461.2101657793691, -691.4686750787736]> : tensor<6xf64>
  check.expect_close %r, %want, max_ulp_difference = 3 : tensor<6xf64>, tensor<6xf64>
  func.return
}

// atanh: ±inf at ±1, NaN beyond
// CHECK: PASS @atanh_f32
func.func @atanh_f32() {
  %c = hlo.constant dense<[0.0, 9.999999747378752e-06, 0.5, -0.9900000095367432, 1.0, -1.0, 2.0, 0x7FC00000]> : tensor<8xf32>
  %x = hlo.optimization_barrier %c : tensor<8xf32>
  %r = chlo.atanh %x : tensor<8xf32> -> tensor<8xf32>
  %want = hlo.constant dense<[0.0, 9.999999747378752e-06, 0.5493061542510986, -2.646652936935425, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7FC00000]> : tensor<8xf32>
  check.expect_close %r, %want, max_ulp_difference = 3 : tensor<8xf32>, tensor<8xf32>
  func.return
}

// CHECK: PASS @asin_f32
func.func @asin_f32() {
  %c = hlo.constant dense<[0.0, 9.999999747378752e-06, 0.5, -0.9900000095367432, 1.0, -1.0, 2.0]> : tensor<7xf32>
  %x = hlo.optimization_barrier %c : tensor<7xf32>
  %r = chlo.asin %x : tensor<7xf32> -> tensor<7xf32>
  %want = hlo.constant dense<[0.0, 9.999999747378752e-06, 0.5235987901687622, -1.4292569160461426, 1.5707963705062866, -1.5707963705062866, 0x7FC00000]> : tensor<7xf32>
  check.expect_close %r, %want, max_ulp_difference = 3 : tensor<7xf32>, tensor<7xf32>
  func.return
}

// CHECK: PASS @acos_f64
func.func @acos_f64() {
  %c = hlo.constant dense<[0.0, 1.0e-05, 0.5, -0.99, 1.0, -1.0, 2.0]> : tensor<7xf64>
  %x = hlo.optimization_barrier %c : tensor<7xf64>
  %r = chlo.acos %x : tensor<7xf64> -> tensor<7xf64>
  %want = hlo.constant dense<[1.5707963267948966, 1.5707863267948965, 1.0471975511965979, 3.000053180265366, 0.0, 3.141592653589793, 0x7FF8000000000000]> : tensor<7xf64>
  check.expect_close %r, %want, max_ulp_difference = 3 : tensor<7xf64>, tensor<7xf64>
  func.return
}

// CHECK: PASS @atan_f64
func.func @atan_f64() {
  %c = hlo.constant dense<[0.0, 1.0e-05, 0.5, -0.99, 10000000000.0, 0x7FF0000000000000, 0xFFF0000000000000]> : tensor<7xf64>
  %x = hlo.optimization_barrier %c : tensor<7xf64>
  %r = chlo.atan %x : tensor<7xf64> -> tensor<7xf64>
  %want = hlo.constant dense<[0.0, 9.999999999666668e-06, 0.4636476090008061, -0.7803730800666359, 1.5707963266948965, 1.5707963267948966, -1.5707963267948966]> : tensor<7xf64>
  check.expect_close %r, %want, max_ulp_difference = 3 : tensor<7xf64>, tensor<7xf64>
  func.return
}

// sinh and cosh: no overflow before the result overflows (f16 is computed in f32)
// CHECK: PASS @sinh_f16
func.func @sinh_f16() {
  %c = hlo.constant dense<[0.0, 0.0010004043579101562, 0.5, -1.0, 5.0, 11.0, -11.5, 12.0]> : tensor<8xf16>
  %x = hlo.optimization_barrier %c : tensor<8xf16>
  %r = chlo.sinh %x : tensor<8xf16> -> tensor<8xf16>
  %want = hlo.constant dense<[0.0, 0.0010004043579101562, 0.52099609375, -1.1748046875, 74.1875, 29936.0, -49344.0, 0x7C00]> : tensor<8xf16>
  check.expect_close %r, %want, max_ulp_difference = 1 : tensor<8xf16>, tensor<8xf16>
  func.return
}

// Above |x| = 1, e^(|x| + log 1/2) (XLA's formula) rounds |x| + log 1/2 first: up to |x| / 6 ulp
// CHECK: PASS @sinh_f32
func.func @sinh_f32() {
  %c = hlo.constant dense<[0.0, 9.999999974752427e-07, 0.5, -0.8999999761581421, 5.0, -20.0, 89.0, 90.0]> : tensor<8xf32>
  %x = hlo.optimization_barrier %c : tensor<8xf32>
  %r = chlo.sinh %x : tensor<8xf32> -> tensor<8xf32>
  %want = hlo.constant dense<[0.0, 9.999999974752427e-07, 0.5210952758789062, -1.0265166759490967, 74.20320892333984, -242582592.0, 2.2448063889081578e+38, 0x7F800000]> : tensor<8xf32>
  check.expect_close %r, %want, max_ulp_difference = 16 : tensor<8xf32>, tensor<8xf32>
  func.return
}

// CHECK: PASS @cosh_f32
func.func @cosh_f32() {
  %c = hlo.constant dense<[0.0, 9.999999974752427e-07, 0.5, -0.8999999761581421, 5.0, -20.0, 89.0, 90.0]> : tensor<8xf32>
  %x = hlo.optimization_barrier %c : tensor<8xf32>
  %r = chlo.cosh %x : tensor<8xf32> -> tensor<8xf32>
  %want = hlo.constant dense<[1.0, 1.0, 1.1276259422302246, 1.4330863952636719, 74.20994567871094, 242582592.0, 2.2448063889081578e+38, 0x7F800000]> : tensor<8xf32>
  check.expect_close %r, %want, max_ulp_difference = 16 : tensor<8xf32>, tensor<8xf32>
  func.return
}

// CHECK: PASS @cosh_f64
func.func @cosh_f64() {
  %c = hlo.constant dense<[0.0, 0.5, -0.9, 5.0, -20.0, 711.0, 0xFFF0000000000000]> : tensor<7xf64>
  %x = hlo.optimization_barrier %c : tensor<7xf64>
  %r = chlo.cosh %x : tensor<7xf64> -> tensor<7xf64>
  %want = hlo.constant dense<[1.0, 1.1276259652063807, 1.4330863854487745, 74.20994852478785, 242582597.70489514, 0x7FF0000000000000, 0x7FF0000000000000]> : tensor<7xf64>
  check.expect_close %r, %want, max_ulp_difference = 16 : tensor<7xf64>, tensor<7xf64>
  func.return
}

// CHECK: PASS @tan_f32
func.func @tan_f32() {
  %c = hlo.constant dense<[0.0, 0.5, -1.0, 1.5, 100.0]> : tensor<5xf32>
  %x = hlo.optimization_barrier %c : tensor<5xf32>
  %r = chlo.tan %x : tensor<5xf32> -> tensor<5xf32>
  %want = hlo.constant dense<[0.0, 0.5463024973869324, -1.5574077367782593, 14.101420402526855, -0.587213933467865]> : tensor<5xf32>
  check.expect_close %r, %want, max_ulp_difference = 3 : tensor<5xf32>, tensor<5xf32>
  func.return
}

// next_after: the smallest subnormal of y's sign from ±0, y where x == y, NaN from NaN
// CHECK: PASS @next_after_f32
func.func @next_after_f32() {
  %cx = hlo.constant dense<[0.0, -0.0, 1.0, 1.0, -1.0, 0x7F800000, 3.4028234663852886e+38, 2.0, 0x7FC00000, 1.0, 1.401298464324817e-45]> : tensor<11xf32>
  %cy = hlo.constant dense<[1.0, -1.0, 2.0, 0.0, 0xFF800000, 0.0, 0x7F800000, 2.0, 1.0, 0x7FC00000, 0.0]> : tensor<11xf32>
  %x, %y = hlo.optimization_barrier %cx, %cy : tensor<11xf32>, tensor<11xf32>
  %r = chlo.next_after %x, %y : tensor<11xf32>, tensor<11xf32> -> tensor<11xf32>
  check.expect_eq_const %r, dense<[1.401298464324817e-45, -1.401298464324817e-45, 1.0000001192092896, 0.9999999403953552, -1.0000001192092896, 3.4028234663852886e+38, 0x7F800000, 2.0, 0x7FC00000, 0x7FC00000, 0.0]> : tensor<11xf32>
  func.return
}

// CHECK: PASS @next_after_f64
func.func @next_after_f64() {
  %cx = hlo.constant dense<[0.0, 1.0, 1.0, -5.0e-324]> : tensor<4xf64>
  %cy = hlo.constant dense<[-1.0, 2.0, 0.0, 0.0]> : tensor<4xf64>
  %x, %y = hlo.optimization_barrier %cx, %cy : tensor<4xf64>, tensor<4xf64>
  %r = chlo.next_after %x, %y : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  check.expect_eq_const %r, dense<[-5.0e-324, 1.0000000000000002, 0.9999999999999999, -0.0]> : tensor<4xf64>
  func.return
}

// top_k: descending along the last dim, ties in index order, NaN above +inf (total order)
// CHECK: PASS @top_k_f32
func.func @top_k_f32() {
  %c = hlo.constant dense<[[3.0, 0x7FC00000, 1.0, 0x7F800000, 3.0], [-1.0, -2.0, -0.5, -2.0, -3.0]]> : tensor<2x5xf32>
  %x = hlo.optimization_barrier %c : tensor<2x5xf32>
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x5xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  check.expect_eq_const %v, dense<[[0x7FC00000, 0x7F800000, 3.0], [-0.5, -1.0, -2.0]]> : tensor<2x3xf32>
  check.expect_eq_const %i, dense<[[1, 3, 0], [2, 0, 1]]> : tensor<2x3xi32>
  func.return
}

// CHECK: PASS @top_k_i32
func.func @top_k_i32() {
  %c = hlo.constant dense<[5, -7, 5, 2147483647, -2147483648, 0]> : tensor<6xi32>
  %x = hlo.optimization_barrier %c : tensor<6xi32>
  %v, %i = chlo.top_k(%x, k = 6) : tensor<6xi32> -> (tensor<6xi32>, tensor<6xi32>)
  check.expect_eq_const %v, dense<[2147483647, 5, 5, 0, -7, -2147483648]> : tensor<6xi32>
  check.expect_eq_const %i, dense<[3, 0, 2, 5, 1, 4]> : tensor<6xi32>
  func.return
}

// The same by selection passes (k at most half the row): NaN (either sign: -NaN last), +-inf,
// -0 below +0, ties in index order; i32 extremes.
// CHECK: PASS @top_k_f32_selected
func.func @top_k_f32_selected() {
  %c = hlo.constant dense<[[3.0, 0x7FC00000, 1.0, 0x7F800000, 3.0, 0xFFC00000, 0xFF800000, -0.0, 0.0, 3.0], [-1.0, -2.0, -0.5, -2.0, -3.0, 0.0, -0.0, -0.0, -2.0, -7.0]]> : tensor<2x10xf32>
  %x = hlo.optimization_barrier %c : tensor<2x10xf32>
  %v, %i = chlo.top_k(%x, k = 5) : tensor<2x10xf32> -> (tensor<2x5xf32>, tensor<2x5xi32>)
  check.expect_eq_const %v, dense<[[0x7FC00000, 0x7F800000, 3.0, 3.0, 3.0], [0.0, -0.0, -0.0, -0.5, -1.0]]> : tensor<2x5xf32>
  check.expect_eq_const %i, dense<[[1, 3, 0, 4, 9], [5, 6, 7, 2, 0]]> : tensor<2x5xi32>
  func.return
}

// CHECK: PASS @top_k_i32_selected
func.func @top_k_i32_selected() {
  %c = hlo.constant dense<[5, -7, 5, 2147483647, -2147483648, 0, 5, -2147483648]> : tensor<8xi32>
  %x = hlo.optimization_barrier %c : tensor<8xi32>
  %v, %i = chlo.top_k(%x, k = 4) : tensor<8xi32> -> (tensor<4xi32>, tensor<4xi32>)
  check.expect_eq_const %v, dense<[2147483647, 5, 5, 5]> : tensor<4xi32>
  check.expect_eq_const %i, dense<[3, 0, 2, 6]> : tensor<4xi32>
  func.return
}

// complex asin, acos, asinh, acosh: Hull et al's regions (no overflow at 1e200, no cancellation)
// CHECK: PASS @asin_c64
func.func @asin_c64() {
  %c = hlo.constant dense<[(0.5, 0.25), (-2.0, 0.001), (1.0e-08, -3.0), (-0.75, -0.5), (3.0e+200, 1.0), (2.0, 5.0e+200)]> : tensor<6xcomplex<f64>>
  %z = hlo.optimization_barrier %c : tensor<6xcomplex<f64>>
  %r = chlo.asin %z : tensor<6xcomplex<f64>> -> tensor<6xcomplex<f64>>
  %want = hlo.constant dense<[(0.5016088532755008, 0.28139605624529274), (-1.570218976621932, 1.3169580893748476), (3.1622776601683787e-09, -1.8184464592320668), (-0.6822039655834323, -0.6063349998873513), (1.5707963267948966, 462.3087780680372), (4.0e-201, 462.8196036918032)]> : tensor<6xcomplex<f64>>
  check.expect_close %r, %want, max_ulp_difference = 3 : tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>
  func.return
}

// CHECK: PASS @acos_c64
func.func @acos_c64() {
  %c = hlo.constant dense<[(0.5, 0.25), (-2.0, 0.001), (1.0e-08, -3.0), (-0.75, -0.5), (3.0e+200, 1.0), (2.0, 5.0e+200)]> : tensor<6xcomplex<f64>>
  %z = hlo.optimization_barrier %c : tensor<6xcomplex<f64>>
  %r = chlo.acos %z : tensor<6xcomplex<f64>> -> tensor<6xcomplex<f64>>
  %want = hlo.constant dense<[(1.0691874735193958, -0.28139605624529274), (3.1410153034168284, -1.3169580893748476), (1.570796323632619, 1.8184464592320668), (2.2530002923783288, 0.6063349998873513), (3.3333333333333335e-201, -462.3087780680372), (1.5707963267948966, -462.8196036918032)]> : tensor<6xcomplex<f64>>
  check.expect_close %r, %want, max_ulp_difference = 3 : tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>
  func.return
}

// CHECK: PASS @asinh_c64
func.func @asinh_c64() {
  %c = hlo.constant dense<[(0.5, 0.25), (-2.0, 0.001), (1.0e-08, -3.0), (-0.75, -0.5), (3.0e+200, 1.0), (2.0, 5.0e+200)]> : tensor<6xcomplex<f64>>
  %z = hlo.optimization_barrier %c : tensor<6xcomplex<f64>>
  %r = chlo.asinh %z : tensor<6xcomplex<f64>> -> tensor<6xcomplex<f64>>
  %want = hlo.constant dense<[(0.4926756834207706, 0.2243284526346675), (-1.4436355646215246, 0.0004472135746299909), (1.762747174039086, -1.5707963232593627), (-0.7433204263252785, -0.39827787353830835), (462.3087780680372, 3.3333333333333335e-201), (462.8196036918032, 1.5707963267948966)]> : tensor<6xcomplex<f64>>
  check.expect_close %r, %want, max_ulp_difference = 3 : tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>
  func.return
}

// CHECK: PASS @acosh_c64
func.func @acosh_c64() {
  %c = hlo.constant dense<[(0.5, 0.25), (-2.0, 0.001), (1.0e-08, -3.0), (-0.75, -0.5), (3.0e+200, 1.0), (2.0, 5.0e+200)]> : tensor<6xcomplex<f64>>
  %z = hlo.optimization_barrier %c : tensor<6xcomplex<f64>>
  %r = chlo.acosh %z : tensor<6xcomplex<f64>> -> tensor<6xcomplex<f64>>
  %want = hlo.constant dense<[(0.28139605624529274, 1.0691874735193958), (1.3169580893748476, 3.1410153034168284), (1.8184464592320668, -1.570796323632619), (0.6063349998873513, -2.2530002923783288), (462.3087780680372, 3.3333333333333335e-201), (462.8196036918032, 1.5707963267948966)]> : tensor<6xcomplex<f64>>
  check.expect_close %r, %want, max_ulp_difference = 3 : tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>
  func.return
}

// CHECK: PASS @atanh_c64
func.func @atanh_c64() {
  %c = hlo.constant dense<[(0.5, 0.25), (-2.0, 0.001), (1.0e-08, -3.0), (-0.75, -0.5), (0.3, 20.0)]> : tensor<5xcomplex<f64>>
  %z = hlo.optimization_barrier %c : tensor<5xcomplex<f64>>
  %r = chlo.atanh %z : tensor<5xcomplex<f64>> -> tensor<5xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[(0.5003700000525311, 0.3143981432077165), (-0.5493059221119561, 1.570462993622057), (9.999999999999999e-10, -1.2490457723982544), (-0.5902135002795054, -0.6927241883996009), (0.0007479623620111312, 1.520849122533917)]> : tensor<5xcomplex<f64>> {tolerance = 1.0e-12 : f64}
  func.return
}

// CHECK: PASS @atan_c64
func.func @atan_c64() {
  %c = hlo.constant dense<[(0.5, 0.25), (-2.0, 0.001), (1.0e-08, -3.0), (-0.75, -0.5), (0.3, 20.0)]> : tensor<5xcomplex<f64>>
  %z = hlo.optimization_barrier %c : tensor<5xcomplex<f64>>
  %r = chlo.atan %z : tensor<5xcomplex<f64>> -> tensor<5xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[(0.4842544903299662, 0.20058661813123432), (-1.1071487977940808, 0.00019999997066666927), (1.5707963255448967, -0.34657359027997264), (-0.7232206661240675, -0.3104282830771958), (1.5700446172206826, 0.05003042537937891)]> : tensor<5xcomplex<f64>> {tolerance = 1.0e-12 : f64}
  func.return
}

// CHECK: PASS @tan_c64
func.func @tan_c64() {
  %c = hlo.constant dense<[(0.5, 0.25), (-2.0, 0.001), (1.0e-08, -3.0), (-0.75, -0.5), (0.3, 20.0)]> : tensor<5xcomplex<f64>>
  %z = hlo.optimization_barrier %c : tensor<5xcomplex<f64>>
  %r = chlo.tan %z : tensor<5xcomplex<f64>> -> tensor<5xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[(0.504500702698564, 0.3124206925025888), (2.185027246037723, 0.005774369710115183), (9.86603716544019e-11, -0.9950547536867302), (-0.618096394806202, -0.7282118012804722), (4.7976025091323316e-18, 1.0)]> : tensor<5xcomplex<f64>> {tolerance = 1.0e-12 : f64}
  func.return
}

// CHECK: PASS @sinh_c64
func.func @sinh_c64() {
  %c = hlo.constant dense<[(0.5, 0.25), (-2.0, 0.001), (1.0e-08, -3.0), (-0.75, -0.5), (0.3, 20.0)]> : tensor<5xcomplex<f64>>
  %z = hlo.optimization_barrier %c : tensor<5xcomplex<f64>>
  %r = chlo.sinh %z : tensor<5xcomplex<f64>> -> tensor<5xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[(0.504895714387995, 0.2789791283502615), (-3.6268585944169662, 0.0037621950640510477), (-9.899924966004455e-09, -0.1411200080598672), (-0.7216508242975646, -0.6207042310780551), (0.1242692692139291, 0.9543368318766183)]> : tensor<5xcomplex<f64>> {tolerance = 1.0e-12 : f64}
  func.return
}

// CHECK: PASS @cosh_c64
func.func @cosh_c64() {
  %c = hlo.constant dense<[(0.5, 0.25), (-2.0, 0.001), (1.0e-08, -3.0), (-0.75, -0.5), (0.3, 20.0)]> : tensor<5xcomplex<f64>>
  %z = hlo.optimization_barrier %c : tensor<5xcomplex<f64>>
  %r = chlo.cosh %z : tensor<5xcomplex<f64>> -> tensor<5xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[(1.0925708047319176, 0.12892104172809826), (3.7621938099859427, -0.003626859803370315), (-0.9899924966004454, -1.4112000805986724e-09), (1.1361914738033483, 0.3942396421115833), (0.42658389613865294, 0.27801035565275234)]> : tensor<5xcomplex<f64>> {tolerance = 1.0e-12 : f64}
  func.return
}

// zeta: inf at x = 1 and at the poles q = 0, -1, ... for even x (NaN for odd x: the sign is
// undefined there), NaN for x < 1
// CHECK: PASS @zeta_f64
func.func @zeta_f64() {
  %cx = hlo.constant dense<[2.0, 3.0, 1.5, 4.0, 2.0, 1.0, 0.5, 2.0, 3.0]> : tensor<9xf64>
  %cy = hlo.constant dense<[1.0, 0.5, 2.0, 10.0, -1.0, 3.0, 1.0, -1.5, -2.0]> : tensor<9xf64>
  %x, %y = hlo.optimization_barrier %cx, %cy : tensor<9xf64>, tensor<9xf64>
  %r = chlo.zeta %x, %y : tensor<9xf64>, tensor<9xf64> -> tensor<9xf64>
  check.expect_almost_eq_const %r, dense<[1.6449340668482266, 8.414398322117158, 1.6123753486854886, 0.00038665021738164474, 0x7FF0000000000000, 0x7FF0000000000000, 0x7FF8000000000000, 9.379246644989124, 0x7FF8000000000000]> : tensor<9xf64> {tolerance = 1.0e-12 : f64}
  func.return
}

// polygamma: digamma for n = 0, NaN unless n is a natural number
// CHECK: PASS @polygamma_f32
func.func @polygamma_f32() {
  %cx = hlo.constant dense<[0.0, 1.0, 2.0, 3.0, 1.0, 1.5, -1.0]> : tensor<7xf32>
  %cy = hlo.constant dense<[2.5, 0.5, 3.0, 10.0, -0.5, 2.0, 1.0]> : tensor<7xf32>
  %x, %y = hlo.optimization_barrier %cx, %cy : tensor<7xf32>, tensor<7xf32>
  %r = chlo.polygamma %x, %y : tensor<7xf32>, tensor<7xf32> -> tensor<7xf32>
  check.expect_almost_eq_const %r, dense<[0.7031566500663757, 4.934802055358887, -0.1541137993335724, 0.0023199012503027916, 8.934802055358887, 0x7FC00000, 0x7FC00000]> : tensor<7xf32> {tolerance = 1.0e-4 : f64}
  func.return
}

