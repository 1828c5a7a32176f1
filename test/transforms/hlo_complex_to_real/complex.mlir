// RUN: strata-opt %s -p hlo-complex-to-real | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=EXEC

// Each complex tensor<SHAPExcomplex<F>> becomes a tensor<SHAPEx2xF> of (real, imaginary) parts;
// ops on complex values become real hlo ops on those parts. The @run_ functions compute the
// same things end to end (expected values from numpy's complex64 arithmetic).

// CHECK-LABEL: func.func @constant
// CHECK:       %[[C:.*]] = hlo.constant dense<{{\[}}[1.500000e+00, 2.500000e+00], [-5.000000e-01, 1.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT:  func.return %[[C]] : tensor<2x2xf32>
func.func @constant() -> tensor<2xcomplex<f32>> {
  %c = hlo.constant dense<[(1.5, 2.5), (-0.5, 1.0)]> : tensor<2xcomplex<f32>>
  func.return %c : tensor<2xcomplex<f32>>
}

// CHECK-LABEL: func.func @add(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:  %[[S:.*]] = hlo.add %a, %b : tensor<2x2xf32>
// CHECK-NEXT:  func.return %[[S]] : tensor<2x2xf32>
func.func @add(%a: tensor<2xcomplex<f32>>, %b: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %0 = hlo.add %a, %b : tensor<2xcomplex<f32>>
  func.return %0 : tensor<2xcomplex<f32>>
}

// (a + ib)(c + id) = (ac - bd) + i(ad + bc)
// CHECK-LABEL: func.func @multiply(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK:       %[[AS:.*]] = hlo.slice %a [0:2, 0:1] : (tensor<2x2xf32>) -> tensor<2x1xf32>
// CHECK-NEXT:  %[[A:.*]] = hlo.reshape %[[AS]] : (tensor<2x1xf32>) -> tensor<2xf32>
// CHECK-NEXT:  %[[BS:.*]] = hlo.slice %a [0:2, 1:2] : (tensor<2x2xf32>) -> tensor<2x1xf32>
// CHECK-NEXT:  %[[B:.*]] = hlo.reshape %[[BS]] : (tensor<2x1xf32>) -> tensor<2xf32>
// CHECK-NEXT:  %[[CS:.*]] = hlo.slice %b [0:2, 0:1] : (tensor<2x2xf32>) -> tensor<2x1xf32>
// CHECK-NEXT:  %[[C:.*]] = hlo.reshape %[[CS]] : (tensor<2x1xf32>) -> tensor<2xf32>
// CHECK-NEXT:  %[[DS:.*]] = hlo.slice %b [0:2, 1:2] : (tensor<2x2xf32>) -> tensor<2x1xf32>
// CHECK-NEXT:  %[[D:.*]] = hlo.reshape %[[DS]] : (tensor<2x1xf32>) -> tensor<2xf32>
// CHECK-NEXT:  %[[AC:.*]] = hlo.multiply %[[A]], %[[C]] : tensor<2xf32>
// CHECK-NEXT:  %[[BD:.*]] = hlo.multiply %[[B]], %[[D]] : tensor<2xf32>
// CHECK-NEXT:  %[[RE:.*]] = hlo.subtract %[[AC]], %[[BD]] : tensor<2xf32>
// CHECK-NEXT:  %[[AD:.*]] = hlo.multiply %[[A]], %[[D]] : tensor<2xf32>
// CHECK-NEXT:  %[[BC:.*]] = hlo.multiply %[[B]], %[[C]] : tensor<2xf32>
// CHECK-NEXT:  %[[IM:.*]] = hlo.add %[[AD]], %[[BC]] : tensor<2xf32>
// CHECK-NEXT:  %[[RE1:.*]] = hlo.reshape %[[RE]] : (tensor<2xf32>) -> tensor<2x1xf32>
// CHECK-NEXT:  %[[IM1:.*]] = hlo.reshape %[[IM]] : (tensor<2xf32>) -> tensor<2x1xf32>
// CHECK-NEXT:  %[[R:.*]] = hlo.concatenate %[[RE1]], %[[IM1]], dim = 1 : (tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:  func.return %[[R]] : tensor<2x2xf32>
func.func @multiply(%a: tensor<2xcomplex<f32>>, %b: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %0 = hlo.multiply %a, %b : tensor<2xcomplex<f32>>
  func.return %0 : tensor<2xcomplex<f32>>
}

// Smith's algorithm: with |c| >= |d| (else the same quotient (b - ia)/(d - ic)), r = d/c (+-1
// where |c| = |d|, so finite/inf is 0), s = 1 + r^2 and the quotient ((a + br)/s)/c +
// i((b - ar)/s)/c: no c^2 + d^2 to overflow or underflow. z/0 is a/+0 + i b/+0, as numpy's.
// CHECK-LABEL: func.func @divide(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK:       %[[AS:.*]] = hlo.slice %a [0:2, 0:1] : (tensor<2x2xf32>) -> tensor<2x1xf32>
// CHECK-NEXT:  %[[A:.*]] = hlo.reshape %[[AS]] : (tensor<2x1xf32>) -> tensor<2xf32>
// CHECK-NEXT:  %[[BS:.*]] = hlo.slice %a [0:2, 1:2] : (tensor<2x2xf32>) -> tensor<2x1xf32>
// CHECK-NEXT:  %[[B:.*]] = hlo.reshape %[[BS]] : (tensor<2x1xf32>) -> tensor<2xf32>
// CHECK-NEXT:  %[[CS:.*]] = hlo.slice %b [0:2, 0:1] : (tensor<2x2xf32>) -> tensor<2x1xf32>
// CHECK-NEXT:  %[[C:.*]] = hlo.reshape %[[CS]] : (tensor<2x1xf32>) -> tensor<2xf32>
// CHECK-NEXT:  %[[DS:.*]] = hlo.slice %b [0:2, 1:2] : (tensor<2x2xf32>) -> tensor<2x1xf32>
// CHECK-NEXT:  %[[D:.*]] = hlo.reshape %[[DS]] : (tensor<2x1xf32>) -> tensor<2xf32>
// CHECK-NEXT:  %[[CA:.*]] = hlo.abs %[[C]] : tensor<2xf32>
// CHECK-NEXT:  %[[DA:.*]] = hlo.abs %[[D]] : tensor<2xf32>
// CHECK-NEXT:  %[[SWAP:.*]] = hlo.compare GT, %[[DA]], %[[CA]] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:  %[[NA:.*]] = hlo.negate %[[A]] : tensor<2xf32>
// CHECK-NEXT:  %[[NC:.*]] = hlo.negate %[[C]] : tensor<2xf32>
// CHECK-NEXT:  %[[A1:.*]] = hlo.select %[[SWAP]], %[[B]], %[[A]] : tensor<2xi1>, tensor<2xf32>
// CHECK-NEXT:  %[[B1:.*]] = hlo.select %[[SWAP]], %[[NA]], %[[B]] : tensor<2xi1>, tensor<2xf32>
// CHECK-NEXT:  %[[C1:.*]] = hlo.select %[[SWAP]], %[[D]], %[[C]] : tensor<2xi1>, tensor<2xf32>
// CHECK-NEXT:  %[[D1:.*]] = hlo.select %[[SWAP]], %[[NC]], %[[D]] : tensor<2xi1>, tensor<2xf32>
// CHECK-NEXT:  %[[SC:.*]] = hlo.sign %[[C1]] : tensor<2xf32>
// CHECK-NEXT:  %[[SD:.*]] = hlo.sign %[[D1]] : tensor<2xf32>
// CHECK-NEXT:  %[[UNIT:.*]] = hlo.multiply %[[SC]], %[[SD]] : tensor<2xf32>
// CHECK-NEXT:  %[[SAME:.*]] = hlo.compare EQ, %[[CA]], %[[DA]] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:  %[[DC:.*]] = hlo.divide %[[D1]], %[[C1]] : tensor<2xf32>
// CHECK-NEXT:  %[[R:.*]] = hlo.select %[[SAME]], %[[UNIT]], %[[DC]] : tensor<2xi1>, tensor<2xf32>
// CHECK-NEXT:  %[[ONE0:.*]] = hlo.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT:  %[[ONE:.*]] = hlo.broadcast_in_dim %[[ONE0]], dims = [] : (tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:  %[[RR:.*]] = hlo.multiply %[[R]], %[[R]] : tensor<2xf32>
// CHECK-NEXT:  %[[S:.*]] = hlo.add %[[ONE]], %[[RR]] : tensor<2xf32>
// CHECK-NEXT:  %[[BR:.*]] = hlo.multiply %[[B1]], %[[R]] : tensor<2xf32>
// CHECK-NEXT:  %[[REN:.*]] = hlo.add %[[A1]], %[[BR]] : tensor<2xf32>
// CHECK-NEXT:  %[[RES:.*]] = hlo.divide %[[REN]], %[[S]] : tensor<2xf32>
// CHECK-NEXT:  %[[RE:.*]] = hlo.divide %[[RES]], %[[C1]] : tensor<2xf32>
// CHECK-NEXT:  %[[AR:.*]] = hlo.multiply %[[A1]], %[[R]] : tensor<2xf32>
// CHECK-NEXT:  %[[IMN:.*]] = hlo.subtract %[[B1]], %[[AR]] : tensor<2xf32>
// CHECK-NEXT:  %[[IMS:.*]] = hlo.divide %[[IMN]], %[[S]] : tensor<2xf32>
// CHECK-NEXT:  %[[IM:.*]] = hlo.divide %[[IMS]], %[[C1]] : tensor<2xf32>
// CHECK-NEXT:  %[[BIG:.*]] = hlo.maximum %[[CA]], %[[DA]] : tensor<2xf32>
// CHECK-NEXT:  %[[ZERO0:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:  %[[ZERO:.*]] = hlo.broadcast_in_dim %[[ZERO0]], dims = [] : (tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:  %[[BY0:.*]] = hlo.compare EQ, %[[BIG]], %[[ZERO]] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:  %[[RE0:.*]] = hlo.divide %[[A]], %[[BIG]] : tensor<2xf32>
// CHECK-NEXT:  %[[RE2:.*]] = hlo.select %[[BY0]], %[[RE0]], %[[RE]] : tensor<2xi1>, tensor<2xf32>
// CHECK-NEXT:  %[[IM0:.*]] = hlo.divide %[[B]], %[[BIG]] : tensor<2xf32>
// CHECK-NEXT:  %[[IM2:.*]] = hlo.select %[[BY0]], %[[IM0]], %[[IM]] : tensor<2xi1>, tensor<2xf32>
// CHECK-NEXT:  %[[RE3:.*]] = hlo.reshape %[[RE2]] : (tensor<2xf32>) -> tensor<2x1xf32>
// CHECK-NEXT:  %[[IM3:.*]] = hlo.reshape %[[IM2]] : (tensor<2xf32>) -> tensor<2x1xf32>
// CHECK-NEXT:  %[[Q:.*]] = hlo.concatenate %[[RE3]], %[[IM3]], dim = 1 : (tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:  func.return %[[Q]] : tensor<2x2xf32>
func.func @divide(%a: tensor<2xcomplex<f32>>, %b: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %0 = hlo.divide %a, %b : tensor<2xcomplex<f32>>
  func.return %0 : tensor<2xcomplex<f32>>
}

// |a + ib| = hypot(a, b) = max(|a|, |b|) sqrt(1 + (min / max)^2): nothing overflows or
// underflows on the way (hlo_builder.hypot, which asin and acos share); the first-order term
// where 1 + r rounds to 1, sqrt(2) max where the parts are equal; 0 where both are 0 (not 0/0),
// inf where either is inf (even with NaN).
// CHECK-LABEL: func.func @abs(%a: tensor<2x2xf32>) -> tensor<2xf32>
// CHECK:       %[[A:.*]] = hlo.reshape %{{.*}} : (tensor<2x1xf32>) -> tensor<2xf32>
// CHECK:       %[[B:.*]] = hlo.reshape %{{.*}} : (tensor<2x1xf32>) -> tensor<2xf32>
// CHECK-NEXT:  %[[X:.*]] = hlo.abs %[[A]] : tensor<2xf32>
// CHECK-NEXT:  %[[Y:.*]] = hlo.abs %[[B]] : tensor<2xf32>
// CHECK-NEXT:  %[[BIG:.*]] = hlo.maximum %[[X]], %[[Y]] : tensor<2xf32>
// CHECK-NEXT:  %[[SMALL:.*]] = hlo.minimum %[[X]], %[[Y]] : tensor<2xf32>
// CHECK:       %[[RATIO:.*]] = hlo.divide %[[SMALL]], %[[BIG]] : tensor<2xf32>
// CHECK-NEXT:  %[[RR:.*]] = hlo.multiply %[[RATIO]], %[[RATIO]] : tensor<2xf32>
// CHECK-NEXT:  %[[SUM:.*]] = hlo.add %{{.*}}, %[[RR]] : tensor<2xf32>
// CHECK-NEXT:  %[[ROOT:.*]] = hlo.sqrt %[[SUM]] : tensor<2xf32>
// CHECK:       %[[TINY:.*]] = hlo.and
// CHECK-NEXT:  %[[SCALED:.*]] = hlo.multiply %[[BIG]], %[[ROOT]] : tensor<2xf32>
// CHECK-NEXT:  %[[GENERAL:.*]] = hlo.select %[[TINY]], %{{.*}}, %[[SCALED]]
// CHECK-NEXT:  %[[EQUAL:.*]] = hlo.compare EQ, %[[BIG]], %[[SMALL]]
// CHECK:       %[[MOD0:.*]] = hlo.select %[[EQUAL]], %{{.*}}, %[[GENERAL]]
// CHECK-NEXT:  %[[BOTH0:.*]] = hlo.compare EQ, %[[BIG]], %{{.*}}
// CHECK-NEXT:  %[[MOD:.*]] = hlo.select %[[BOTH0]], %{{.*}}, %[[MOD0]]
// CHECK-NEXT:  %[[XINF:.*]] = hlo.compare EQ, %[[X]], %[[INF:.*]] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:  %[[YINF:.*]] = hlo.compare EQ, %[[Y]], %[[INF]] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:  %[[EITHER:.*]] = hlo.or %[[XINF]], %[[YINF]] : tensor<2xi1>
// CHECK-NEXT:  %[[R:.*]] = hlo.select %[[EITHER]], %[[INF]], %[[MOD]] : tensor<2xi1>, tensor<2xf32>
// CHECK-NEXT:  func.return %[[R]] : tensor<2xf32>
func.func @abs(%a: tensor<2xcomplex<f32>>) -> tensor<2xf32> {
  %0 = hlo.abs %a : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// A complex value is held as parts until something needs its pair: real(complex(a, b)) is a.
// CHECK-LABEL: func.func @parts(%re: tensor<3xf64>, %im: tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>)
// CHECK-NEXT:  func.return %re, %im : tensor<3xf64>, tensor<3xf64>
func.func @parts(%re: tensor<3xf64>, %im: tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>) {
  %z = hlo.complex %re, %im : tensor<3xcomplex<f64>>
  %r = hlo.real %z : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
  %i = hlo.imag %z : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
  func.return %r, %i : tensor<3xf64>, tensor<3xf64>
}

// The parts dim stays last.
// CHECK-LABEL: func.func @transpose(%a: tensor<2x3x2xf32>) -> tensor<3x2x2xf32>
// CHECK-NEXT:  %[[T:.*]] = hlo.transpose %a, dims = [1, 0, 2] : (tensor<2x3x2xf32>) -> tensor<3x2x2xf32>
// CHECK-NEXT:  func.return %[[T]] : tensor<3x2x2xf32>
func.func @transpose(%a: tensor<2x3xcomplex<f32>>) -> tensor<3x2xcomplex<f32>> {
  %0 = hlo.transpose %a, dims = [1, 0] : (tensor<2x3xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  func.return %0 : tensor<3x2xcomplex<f32>>
}

// Four real dot_generals on the parts: (ac - bd) + i(ad + bc).
// CHECK-LABEL: func.func @dot_general(%m: tensor<2x2x2xf32>, %v: tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK:       %[[AC:.*]] = hlo.dot_general %[[A:.*]], %[[C:.*]], contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:  %[[BD:.*]] = hlo.dot_general %[[B:.*]], %[[D:.*]], contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:  %[[RE:.*]] = hlo.subtract %[[AC]], %[[BD]] : tensor<2xf32>
// CHECK-NEXT:  %[[AD:.*]] = hlo.dot_general %[[A]], %[[D]], contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:  %[[BC:.*]] = hlo.dot_general %[[B]], %[[C]], contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:  %[[IM:.*]] = hlo.add %[[AD]], %[[BC]] : tensor<2xf32>
func.func @dot_general(%m: tensor<2x2xcomplex<f32>>, %v: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %0 = hlo.dot_general %m, %v, contracting_dims = [1] x [0] : (tensor<2x2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  func.return %0 : tensor<2xcomplex<f32>>
}

// A check compares the parts: its constant is split the same way.
// CHECK-LABEL: func.func @check()
// CHECK-NEXT:  %[[A:.*]] = hlo.constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT:  check.expect_almost_eq_const %[[A]], dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// EXEC: PASS @check
func.func @check() {
  %a = hlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %a, dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// EXEC: PASS @run_arithmetic
func.func @run_arithmetic() {
  %a0 = hlo.constant dense<[(1.5, 2.5), (-0.5, 1.0)]> : tensor<2xcomplex<f32>>
  %b0 = hlo.constant dense<[(2.0, -1.0), (0.25, 0.75)]> : tensor<2xcomplex<f32>>
  %a, %b = hlo.optimization_barrier %a0, %b0 : tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>
  %sum = hlo.add %a, %b : tensor<2xcomplex<f32>>
  %product = hlo.multiply %a, %b : tensor<2xcomplex<f32>>
  %quotient = hlo.divide %a, %b : tensor<2xcomplex<f32>>
  %modulus = hlo.abs %a : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %exp = hlo.exponential %a : tensor<2xcomplex<f32>>
  %sqrt = hlo.sqrt %a : tensor<2xcomplex<f32>>
  %log = hlo.log %a : tensor<2xcomplex<f32>>
  %tanh = hlo.tanh %a : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %sum, dense<[(3.5, 1.5), (-0.25, 1.75)]> : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %product, dense<[(5.5, 3.5), (-0.875, -0.125)]> : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %quotient, dense<[(0.1, 1.3000001), (1.0, 1.0000001)]> : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %modulus, dense<[2.9154758, 1.118034]> : tensor<2xf32>
  check.expect_almost_eq_const %exp, dense<[(-3.5904763, 2.6821659), (0.3277099, 0.51037794)]> : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %sqrt, dense<[(1.4858458, 0.8412717), (0.555893, 0.8994537)]> : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %log, dense<[(1.0700331, 1.0303768), (0.11157177, 2.0344439)]> : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %tanh, dense<[(0.9677869, -0.09263784), (-1.0428307, 0.80687743)]> : tensor<2xcomplex<f32>>
  func.return
}

// EXEC: PASS @run_parts_and_shapes
func.func @run_parts_and_shapes() {
  %re0 = hlo.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %im0 = hlo.constant dense<[2.5, 1.0]> : tensor<2xf32>
  %re, %im = hlo.optimization_barrier %re0, %im0 : tensor<2xf32>, tensor<2xf32>
  %z = hlo.complex %re, %im : tensor<2xcomplex<f32>>
  %r = hlo.real %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %i = hlo.imag %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %rev = hlo.reverse %z, dims = [0] : tensor<2xcomplex<f32>>
  %eq = hlo.compare EQ, %z, %rev : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  %wide = hlo.convert %z : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f64>>
  check.expect_eq_const %r, dense<[1.5, -0.5]> : tensor<2xf32>
  check.expect_eq_const %i, dense<[2.5, 1.0]> : tensor<2xf32>
  check.expect_eq_const %rev, dense<[(-0.5, 1.0), (1.5, 2.5)]> : tensor<2xcomplex<f32>>
  check.expect_eq_const %eq, dense<false> : tensor<2xi1>
  check.expect_eq_const %wide, dense<[(1.5, 2.5), (-0.5, 1.0)]> : tensor<2xcomplex<f64>>
  func.return
}

// EXEC: PASS @run_dot_general
func.func @run_dot_general() {
  %m0 = hlo.constant dense<[[(1.0, 1.0), (2.0, -1.0)], [(0.0, 0.5), (3.0, 0.0)]]> : tensor<2x2xcomplex<f32>>
  %v0 = hlo.constant dense<[(1.0, -2.0), (0.5, 1.0)]> : tensor<2xcomplex<f32>>
  %m, %v = hlo.optimization_barrier %m0, %v0 : tensor<2x2xcomplex<f32>>, tensor<2xcomplex<f32>>
  %0 = hlo.dot_general %m, %v, contracting_dims = [1] x [0] : (tensor<2x2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %0, dense<[(5.0, 0.5), (2.5, 3.5)]> : tensor<2xcomplex<f32>>
  func.return
}

// A DFT is a product with constant cos / sin matrices (one complex product per transformed dim).
// CHECK-LABEL: func.func @rfft(%x: tensor<4xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:  %[[COS:.*]] = hlo.constant dense<{{.*}}> : tensor<4x3xf32>
// CHECK-NEXT:  %[[RE:.*]] = hlo.dot_general %x, %[[COS]], contracting_dims = [0] x [0] : (tensor<4xf32>, tensor<4x3xf32>) -> tensor<3xf32>
// CHECK-NEXT:  %[[SIN:.*]] = hlo.constant dense<{{.*}}> : tensor<4x3xf32>
// CHECK-NEXT:  %[[IM:.*]] = hlo.dot_general %x, %[[SIN]], contracting_dims = [0] x [0] : (tensor<4xf32>, tensor<4x3xf32>) -> tensor<3xf32>
// CHECK:       hlo.concatenate
func.func @rfft(%x: tensor<4xf32>) -> tensor<3xcomplex<f32>> {
  %0 = hlo.fft %x, type = RFFT, length = [4] : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
  func.return %0 : tensor<3xcomplex<f32>>
}

// EXEC: PASS @run_fft
func.func @run_fft() {
  %x0 = hlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %z0 = hlo.constant dense<[[(1.0, 1.0), (2.0, 0.0)], [(0.0, 0.5), (-1.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
  %w0 = hlo.constant dense<[(1.0, 2.0), (3.0, -1.0), (0.5, 0.0), (0.0, -1.0)]> : tensor<4xcomplex<f32>>
  %x, %z, %w = hlo.optimization_barrier %x0, %z0, %w0 : tensor<4xf32>, tensor<2x2xcomplex<f64>>, tensor<4xcomplex<f32>>
  %rfft = hlo.fft %x, type = RFFT, length = [4] : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
  %back = hlo.fft %rfft, type = IRFFT, length = [4] : (tensor<3xcomplex<f32>>) -> tensor<4xf32>
  %fft2 = hlo.fft %z, type = FFT, length = [2, 2] : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
  %ifft = hlo.fft %w, type = IFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  check.expect_almost_eq_const %rfft, dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0)]> : tensor<3xcomplex<f32>>
  check.expect_almost_eq_const %back, dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  check.expect_almost_eq_const %fft2, dense<[[(2.0, 1.5), (0.0, 1.5)], [(4.0, 0.5), (-2.0, 0.5)]]> : tensor<2x2xcomplex<f64>>
  check.expect_almost_eq_const %ifft, dense<[(1.125, 0.0), (0.125, 1.25), (-0.375, 1.0), (0.125, -0.25)]> : tensor<4xcomplex<f32>>
  func.return
}

// LT, LE, GT, GE order complex values lexicographically, (real, imaginary), as StableHLO does.
// CHECK-LABEL: func.func @compare_lt(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2xi1>
// CHECK:       %[[FIRST:.*]] = hlo.compare LT, %[[A:.*]], %[[C:.*]], FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:  %[[TIE:.*]] = hlo.compare EQ, %[[A]], %[[C]], FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:  %[[SECOND:.*]] = hlo.compare LT, %[[B:.*]], %[[D:.*]], FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:  %[[AND:.*]] = hlo.and %[[TIE]], %[[SECOND]] : tensor<2xi1>
// CHECK-NEXT:  %[[R:.*]] = hlo.or %[[FIRST]], %[[AND]] : tensor<2xi1>
// CHECK-NEXT:  func.return %[[R]] : tensor<2xi1>
func.func @compare_lt(%a: tensor<2xcomplex<f32>>, %b: tensor<2xcomplex<f32>>) -> tensor<2xi1> {
  %0 = hlo.compare LT, %a, %b, FLOAT : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  func.return %0 : tensor<2xi1>
}

// A reduce takes each complex input (and init value) as two parts; its body each complex
// element as two rank-0 parts, so it stays scalar code.
// CHECK-LABEL: func.func @reduce(%a: tensor<3x2xf32>) -> tensor<2xf32>
// CHECK-NEXT:  %[[ZRE:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:  %[[ZIM:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK:       %[[RE:.*]] = hlo.reshape %{{.*}} : (tensor<3x1xf32>) -> tensor<3xf32>
// CHECK:       %[[IM:.*]] = hlo.reshape %{{.*}} : (tensor<3x1xf32>) -> tensor<3xf32>
// CHECK-NEXT:  %[[SRE:.*]], %[[SIM:.*]] = hlo.reduce(%[[RE]] init: %[[ZRE]]), (%[[IM]] init: %[[ZIM]]) across dimensions = [0] : (tensor<3xf32>, tensor<3xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
// CHECK-NEXT:    reducer(%[[ACCRE:.*]]: tensor<f32>, %[[XRE:.*]]: tensor<f32>) (%[[ACCIM:.*]]: tensor<f32>, %[[XIM:.*]]: tensor<f32>) {
// CHECK-NEXT:    %[[ADDRE:.*]] = hlo.add %[[ACCRE]], %[[XRE]] : tensor<f32>
// CHECK-NEXT:    %[[ADDIM:.*]] = hlo.add %[[ACCIM]], %[[XIM]] : tensor<f32>
// CHECK-NEXT:    hlo.return %[[ADDRE]], %[[ADDIM]] : tensor<f32>, tensor<f32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[RE1:.*]] = hlo.reshape %[[SRE]] : (tensor<f32>) -> tensor<1xf32>
// CHECK-NEXT:  %[[IM1:.*]] = hlo.reshape %[[SIM]] : (tensor<f32>) -> tensor<1xf32>
// CHECK-NEXT:  %[[R:.*]] = hlo.concatenate %[[RE1]], %[[IM1]], dim = 0 : (tensor<1xf32>, tensor<1xf32>) -> tensor<2xf32>
// CHECK-NEXT:  func.return %[[R]] : tensor<2xf32>
func.func @reduce(%a: tensor<3xcomplex<f32>>) -> tensor<complex<f32>> {
  %zero = hlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %0 = hlo.reduce(%a init: %zero) applies hlo.add across dimensions = [0] : (tensor<3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
  func.return %0 : tensor<complex<f32>>
}

// A sort's comparator takes (lhs, rhs) of a complex input as (lhs re, rhs re, lhs im, rhs im).
// CHECK-LABEL: func.func @sort(%a: tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK:       %[[SRE:.*]], %[[SIM:.*]] = "hlo.sort"(%[[RE:.*]], %[[IM:.*]]) <{dimension = 0 : i64, is_stable = false}> ({
// CHECK-NEXT:  ^bb0(%[[LRE:.*]]: tensor<f32>, %[[RRE:.*]]: tensor<f32>, %[[LIM:.*]]: tensor<f32>, %[[RIM:.*]]: tensor<f32>):
// CHECK-NEXT:    %[[FIRST:.*]] = hlo.compare LT, %[[LRE]], %[[RRE]] : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:    %[[TIE:.*]] = hlo.compare EQ, %[[LRE]], %[[RRE]] : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:    %[[SECOND:.*]] = hlo.compare LT, %[[LIM]], %[[RIM]] : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:    %[[AND:.*]] = hlo.and %[[TIE]], %[[SECOND]] : tensor<i1>
// CHECK-NEXT:    %[[LT:.*]] = hlo.or %[[FIRST]], %[[AND]] : tensor<i1>
// CHECK-NEXT:    hlo.return %[[LT]] : tensor<i1>
// CHECK-NEXT:  }) : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
// CHECK:       hlo.concatenate
func.func @sort(%a: tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  %0 = "hlo.sort"(%a) <{dimension = 0 : i64}> ({
  ^bb0(%l: tensor<complex<f32>>, %r: tensor<complex<f32>>):
    %lt = hlo.compare LT, %l, %r : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  func.return %0 : tensor<3xcomplex<f32>>
}

// while (if, case) carries the [..., 2] pairs; its block arguments are retyped.
// CHECK-LABEL: func.func @while_loop(%z: tensor<2x2xf32>, %n: tensor<i32>) -> tensor<2x2xf32>
// CHECK:       %{{.*}}, %[[R:.*]] = hlo.while(%[[I:.*]] = %{{.*}}, %[[ACC:.*]] = %z) : tensor<i32>, tensor<2x2xf32>
// CHECK:       } do {
// CHECK-NEXT:    %[[I1:.*]] = hlo.add %[[I]], %{{.*}} : tensor<i32>
// CHECK-NEXT:    %[[ACC1:.*]] = hlo.add %[[ACC]], %[[ACC]] : tensor<2x2xf32>
// CHECK-NEXT:    hlo.return %[[I1]], %[[ACC1]] : tensor<i32>, tensor<2x2xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %[[R]] : tensor<2x2xf32>
func.func @while_loop(%z: tensor<2xcomplex<f32>>, %n: tensor<i32>) -> tensor<2xcomplex<f32>> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %acc = %z) : tensor<i32>, tensor<2xcomplex<f32>>
   cond {
    %c = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %i1 = hlo.add %i, %one : tensor<i32>
    %acc1 = hlo.add %acc, %acc : tensor<2xcomplex<f32>>
    hlo.return %i1, %acc1 : tensor<i32>, tensor<2xcomplex<f32>>
  }
  func.return %r#1 : tensor<2xcomplex<f32>>
}

// dynamic_slice (dynamic_update_slice, pad, gather) runs on each part.
// CHECK-LABEL: func.func @dynamic_slice(%z: tensor<4x2xf32>, %i: tensor<i64>) -> tensor<2x2xf32>
// CHECK:       %[[RE:.*]] = hlo.dynamic_slice %{{.*}}, %i, sizes = [2] : (tensor<4xf32>, tensor<i64>) -> tensor<2xf32>
// CHECK-NEXT:  %[[IM:.*]] = hlo.dynamic_slice %{{.*}}, %i, sizes = [2] : (tensor<4xf32>, tensor<i64>) -> tensor<2xf32>
// CHECK:       hlo.concatenate
func.func @dynamic_slice(%z: tensor<4xcomplex<f32>>, %i: tensor<i64>) -> tensor<2xcomplex<f32>> {
  %0 = hlo.dynamic_slice %z, %i, sizes = [2] : (tensor<4xcomplex<f32>>, tensor<i64>) -> tensor<2xcomplex<f32>>
  func.return %0 : tensor<2xcomplex<f32>>
}

// A complex<f32> has the bits of its (real, imaginary) pair: one i64 from the trailing dim.
// CHECK-LABEL: func.func @bitcast_convert(%z: tensor<3x2xf32>) -> tensor<3xi64>
// CHECK-NEXT:  %[[R:.*]] = hlo.bitcast_convert %z : (tensor<3x2xf32>) -> tensor<3xi64>
// CHECK-NEXT:  func.return %[[R]] : tensor<3xi64>
func.func @bitcast_convert(%z: tensor<3xcomplex<f32>>) -> tensor<3xi64> {
  %0 = hlo.bitcast_convert %z : (tensor<3xcomplex<f32>>) -> tensor<3xi64>
  func.return %0 : tensor<3xi64>
}
