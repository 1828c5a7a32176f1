// RUN: strata-opt %s -p convert-tf-to-hlo --split-input-file | filecheck %s

// FloorMod on ints: the truncated remainder, moved by y where its sign differs from y's. A zero
// y fails the call, as TensorFlow's integer kernels fail (rt.check of any(y == 0)).
// CHECK-LABEL: func.func @floor_mod_int
// CHECK-SAME: (%[[X:.*]]: tensor<4xi32>, %[[Y:.*]]: tensor<4xi32>)
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0> : tensor<4xi32>
// CHECK-NEXT:   %[[IS0:.*]] = hlo.compare EQ, %[[Y]], %[[Z]]
// CHECK-NEXT:   %[[F:.*]] = hlo.constant dense<false> : tensor<i1>
// CHECK-NEXT:   %[[ANY:.*]] = hlo.reduce(%[[IS0]] init: %[[F]]) applies hlo.or across dimensions = [0]
// CHECK-NEXT:   rt.check %[[ANY]], "{{.*}}'tf.FloorMod' op Integer division by zero" : tensor<i1>
// CHECK-NEXT:   %[[R:.*]] = hlo.remainder %[[X]], %[[Y]] : tensor<4xi32>
// CHECK:        %[[RNEG:.*]] = hlo.compare LT, %[[R]], %{{.*}}, SIGNED
// CHECK:        %[[YNEG:.*]] = hlo.compare LT, %[[Y]], %{{.*}}, SIGNED
// CHECK-NEXT:   %[[DIFF:.*]] = hlo.compare NE, %[[RNEG]], %[[YNEG]], UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK:        %[[NZ:.*]] = hlo.compare NE, %[[R]], %{{.*}}, SIGNED
// CHECK-NEXT:   %[[FIX:.*]] = hlo.and %[[NZ]], %[[DIFF]] : tensor<4xi1>
// CHECK-NEXT:   %[[SUM:.*]] = hlo.add %[[R]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:   %[[OUT:.*]] = hlo.select %[[FIX]], %[[SUM]], %[[R]] : tensor<4xi1>, tensor<4xi32>
// CHECK-NEXT:   func.return %[[OUT]]
func.func @floor_mod_int(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "tf.FloorMod"(%x, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// -----

// Comparisons broadcast like the arithmetic ops and give i1.
// CHECK-LABEL: func.func @less_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[Y:.*]]: tensor<3xf32>)
// CHECK-NEXT:   %[[YB:.*]] = hlo.broadcast_in_dim %[[Y]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:   %[[C:.*]] = hlo.compare LT, %[[X]], %[[YB]], FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT:   func.return %[[C]]
func.func @less_broadcast(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xi1> {
  %0 = "tf.Less"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  func.return %0 : tensor<2x3xi1>
}

// -----

// Select v1 with a 1-D condition picks rows: the condition is broadcast along dim 0.
// CHECK-LABEL: func.func @select_rows
// CHECK-SAME: (%[[C:.*]]: tensor<2xi1>, %[[X:.*]]: tensor<2x3xf32>, %[[Y:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   %[[CB:.*]] = hlo.broadcast_in_dim %[[C]], dims = [0] : (tensor<2xi1>) -> tensor<2x3xi1>
// CHECK-NEXT:   %[[S:.*]] = hlo.select %[[CB]], %[[X]], %[[Y]] : tensor<2x3xi1>, tensor<2x3xf32>
// CHECK-NEXT:   func.return %[[S]]
func.func @select_rows(%c: tensor<2xi1>, %x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tf.Select"(%c, %x, %y) : (tensor<2xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// SelectV2 broadcasts all three operands.
// CHECK-LABEL: func.func @select_v2
// CHECK-SAME: (%[[C:.*]]: tensor<3xi1>, %[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   %[[XB:.*]] = hlo.broadcast_in_dim %[[X]], dims = [] : (tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:   %[[CB:.*]] = hlo.broadcast_in_dim %[[C]], dims = [1] : (tensor<3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT:   %[[S:.*]] = hlo.select %[[CB]], %[[XB]], %[[Y]] : tensor<2x3xi1>, tensor<2x3xf32>
func.func @select_v2(%c: tensor<3xi1>, %x: tensor<f32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tf.SelectV2"(%c, %x, %y) : (tensor<3xi1>, tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// Round: half to even, as hlo.round_nearest_even (which keeps the sign: TensorFlow's
// round(-0.4) is -0). Sign of a float: hlo.sign plus 0, so that -0 gives +0 as in TensorFlow
// (StableHLO's sign(-0) is -0).
// CHECK-LABEL: func.func @round
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT:   %[[R:.*]] = hlo.round_nearest_even %[[X]] : tensor<4xf32>
// CHECK-NEXT:   %[[S:.*]] = hlo.sign %[[X]] : tensor<4xf32>
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT:   %[[S0:.*]] = hlo.add %[[S]], %[[Z]] : tensor<4xf32>
// CHECK-NEXT:   func.return %[[R]], %[[S0]]
func.func @round(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = "tf.Round"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "tf.Sign"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Round of integers is the integer.
// CHECK-LABEL: func.func @round_int
// CHECK-SAME: (%[[X:.*]]: tensor<4xi32>)
// CHECK-NEXT:   func.return %[[X]]
func.func @round_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "tf.Round"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// -----

// Softplus: log1p(exp(-|x|)) + max(x, 0), which neither overflows nor loses small values.
// CHECK-LABEL: func.func @softplus
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT:   %[[A:.*]] = hlo.abs %[[X]]
// CHECK-NEXT:   %[[N:.*]] = hlo.negate %[[A]]
// CHECK-NEXT:   %[[E:.*]] = hlo.exponential %[[N]]
// CHECK-NEXT:   %[[L:.*]] = hlo.log_plus_one %[[E]]
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT:   %[[M:.*]] = hlo.maximum %[[X]], %[[Z]]
// CHECK-NEXT:   %[[S:.*]] = hlo.add %[[L]], %[[M]]
// CHECK-NEXT:   func.return %[[S]]
func.func @softplus(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.Softplus"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// Erf: no tf/libm call is left; plain hlo arithmetic, chosen by |x| <= 1: x T(x^2) (Cephes's
// polynomial), else 1 - exp(-x^2) / |x| G(1/x^2) with one exponential and one polynomial.
// CHECK-LABEL: func.func @erf
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT:   %[[A:.*]] = hlo.abs %[[X]]
// CHECK:        hlo.exponential
// CHECK-NOT:    hlo.exponential
// CHECK:        %[[NEGX:.*]] = hlo.compare LT, %[[X]], %{{.*}}, FLOAT
// CHECK-NEXT:   %[[NEG:.*]] = hlo.negate %[[OM:.*]] : tensor<4xf32>
// CHECK-NEXT:   %[[BIG:.*]] = hlo.select %[[NEGX]], %[[NEG]], %[[OM]] : tensor<4xi1>, tensor<4xf32>
// CHECK:        %[[C:.*]] = hlo.compare GT, %[[A]], %{{.*}}, FLOAT
// CHECK-NEXT:   %[[R:.*]] = hlo.select %[[C]], %[[BIG]], %{{.*}} : tensor<4xi1>, tensor<4xf32>
// CHECK-NEXT:   func.return %[[R]]
// CHECK-NOT:    tf.
func.func @erf(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.Erf"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// Erf of half precision is computed in f32.
// CHECK-LABEL: func.func @erf_f16
// CHECK-NEXT:   %[[W:.*]] = hlo.convert %{{.*}} : (tensor<4xf16>) -> tensor<4xf32>
// CHECK:        %[[N:.*]] = hlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xf16>
// CHECK-NEXT:   func.return %[[N]]
func.func @erf_f16(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = "tf.Erfc"(%x) : (tensor<4xf16>) -> tensor<4xf16>
  func.return %0 : tensor<4xf16>
}

// -----

// ClipByValue with scalar bounds is one hlo.clamp.
// CHECK-LABEL: func.func @clip
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[LO:.*]]: tensor<f32>, %[[HI:.*]]: tensor<f32>)
// CHECK-NEXT:   %[[C:.*]] = hlo.clamp %[[LO]], %[[X]], %[[HI]] : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:   func.return %[[C]]
func.func @clip(%x: tensor<2x3xf32>, %lo: tensor<f32>, %hi: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "tf.ClipByValue"(%x, %lo, %hi) : (tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// The one-op rows: LogicalAnd, Pow, Sin.
// CHECK-LABEL: func.func @one_op
// CHECK:        hlo.and %{{.*}}, %{{.*}} : tensor<4xi1>
// CHECK:        hlo.power %{{.*}}, %{{.*}} : tensor<4xf32>
// CHECK:        hlo.sine %{{.*}} : tensor<4xf32>
func.func @one_op(%b: tensor<4xi1>, %x: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "tf.LogicalAnd"(%b, %b) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %1 = "tf.Pow"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "tf.Sin"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0, %1, %2 : tensor<4xi1>, tensor<4xf32>, tensor<4xf32>
}

// -----

// IsInf: |x| == inf; IsNan: x != x; IsFinite: hlo.is_finite.
// CHECK-LABEL: func.func @float_tests
// CHECK-NEXT:   %[[INF:.*]] = hlo.constant dense<0x7f800000> : tensor<3xf32>
// CHECK-NEXT:   %[[A:.*]] = hlo.abs %x : tensor<3xf32>
// CHECK-NEXT:   %[[I:.*]] = hlo.compare EQ, %[[A]], %[[INF]], FLOAT
// CHECK-NEXT:   %[[N:.*]] = hlo.compare NE, %x, %x, FLOAT
// CHECK-NEXT:   %[[F:.*]] = hlo.is_finite %x
// CHECK-NEXT:   func.return %[[I]], %[[N]], %[[F]]
func.func @float_tests(%x: tensor<3xf32>) -> (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>) {
  %0 = "tf.IsInf"(%x) : (tensor<3xf32>) -> tensor<3xi1>
  %1 = "tf.IsNan"(%x) : (tensor<3xf32>) -> tensor<3xi1>
  %2 = "tf.IsFinite"(%x) : (tensor<3xf32>) -> tensor<3xi1>
  func.return %0, %1, %2 : tensor<3xi1>, tensor<3xi1>, tensor<3xi1>
}

// -----

// Inverse and hyperbolic trigonometry, lgamma and digamma become chlo ops (chlo-legalize-to-hlo
// expands them); tan, rint and atan2 have hlo ops of their own.
// CHECK-LABEL: func.func @trig
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>, %[[Y:.*]]: tensor<3xf32>)
// CHECK-NEXT:   %[[ASIN:.*]] = chlo.asin %[[X]] : tensor<3xf32> -> tensor<3xf32>
// CHECK-NEXT:   %[[LGAMMA:.*]] = chlo.lgamma %[[X]] : tensor<3xf32> -> tensor<3xf32>
// CHECK-NEXT:   %[[TAN:.*]] = hlo.tan %[[X]] : tensor<3xf32>
// CHECK-NEXT:   %[[RINT:.*]] = hlo.round_nearest_even %[[X]] : tensor<3xf32>
// CHECK-NEXT:   %[[ATAN2:.*]] = hlo.atan2 %[[X]], %[[Y]] : tensor<3xf32>
// CHECK-NEXT:   func.return %[[ASIN]], %[[LGAMMA]], %[[TAN]], %[[RINT]], %[[ATAN2]]
func.func @trig(%x: tensor<3xf32>, %y: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0 = "tf.Asin"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %1 = "tf.Lgamma"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %2 = "tf.Tan"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %3 = "tf.Rint"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %4 = "tf.Atan2"(%x, %y) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0, %1, %2, %3, %4 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// Xlogy is 0 where x is; TruncateDiv of floats rounds the quotient toward zero (ceil below 0,
// floor above), of integers it is the division itself (a zero divisor fails the call); Mod is
// hlo.remainder; Reciprocal 1 / x;
// AddN a chain of adds.
// CHECK-LABEL: func.func @arith
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>, %[[Y:.*]]: tensor<3xf32>, %[[I:.*]]: tensor<3xi32>, %[[J:.*]]: tensor<3xi32>)
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK-NEXT:   %[[X0:.*]] = hlo.compare EQ, %[[X]], %[[Z]], FLOAT
// CHECK-NEXT:   %[[LOG:.*]] = hlo.log %[[Y]] : tensor<3xf32>
// CHECK-NEXT:   %[[XLOG:.*]] = hlo.multiply %[[X]], %[[LOG]] : tensor<3xf32>
// CHECK-NEXT:   %[[XLOGY:.*]] = hlo.select %[[X0]], %[[Z]], %[[XLOG]]
// CHECK-NEXT:   %[[Q:.*]] = hlo.divide %[[X]], %[[Y]] : tensor<3xf32>
// CHECK-NEXT:   %[[Z3:.*]] = hlo.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK-NEXT:   %[[NEG:.*]] = hlo.compare LT, %[[Q]], %[[Z3]], FLOAT
// CHECK-NEXT:   %[[UP:.*]] = hlo.ceil %[[Q]] : tensor<3xf32>
// CHECK-NEXT:   %[[DOWN:.*]] = hlo.floor %[[Q]] : tensor<3xf32>
// CHECK-NEXT:   %[[TDIV:.*]] = hlo.select %[[NEG]], %[[UP]], %[[DOWN]]
// CHECK:        rt.check {{.*}}'tf.TruncateDiv' op Integer division by zero
// CHECK-NEXT:   %[[IDIV:.*]] = hlo.divide %[[I]], %[[J]] : tensor<3xi32>
// CHECK:        rt.check {{.*}}'tf.Mod' op Integer division by zero
// CHECK-NEXT:   %[[MOD:.*]] = hlo.remainder %[[I]], %[[J]] : tensor<3xi32>
// CHECK-NEXT:   %[[ONE:.*]] = hlo.constant dense<1.000000e+00> : tensor<3xf32>
// CHECK-NEXT:   %[[RECIP:.*]] = hlo.divide %[[ONE]], %[[X]] : tensor<3xf32>
// CHECK-NEXT:   %[[S1:.*]] = hlo.add %[[X]], %[[Y]] : tensor<3xf32>
// CHECK-NEXT:   %[[S2:.*]] = hlo.add %[[S1]], %[[X]] : tensor<3xf32>
// CHECK-NEXT:   func.return %[[XLOGY]], %[[TDIV]], %[[IDIV]], %[[MOD]], %[[RECIP]], %[[S2]]
func.func @arith(%x: tensor<3xf32>, %y: tensor<3xf32>, %i: tensor<3xi32>, %j: tensor<3xi32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xf32>, tensor<3xf32>) {
  %0 = "tf.Xlogy"(%x, %y) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %1 = "tf.TruncateDiv"(%x, %y) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %2 = "tf.TruncateDiv"(%i, %j) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %3 = "tf.Mod"(%i, %j) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %4 = "tf.Reciprocal"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %5 = "tf.AddN"(%x, %y, %x) : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0, %1, %2, %3, %4, %5 : tensor<3xf32>, tensor<3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xf32>, tensor<3xf32>
}


// -----

// Xlog1py: x * log1p(y), 0 where x == 0 (even where log1p(y) is -inf or NaN).
// CHECK-LABEL: func.func @xlog1py
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>, %[[Y:.*]]: tensor<3xf32>)
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK-NEXT:   %[[IS0:.*]] = hlo.compare EQ, %[[X]], %[[Z]], FLOAT
// CHECK:        %[[L:.*]] = hlo.log_plus_one %[[Y]] : tensor<3xf32>
// CHECK-NEXT:   %[[P:.*]] = hlo.multiply %[[X]], %[[L]] : tensor<3xf32>
// CHECK-NEXT:   hlo.select %[[IS0]], %[[Z]], %[[P]] :
func.func @xlog1py(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "tf.Xlog1py"(%x, %y) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// CheckNumerics: a NaN, then an infinity, is an error at run time naming the node and the
// message; PreventGradient forwards its operand.
// CHECK-LABEL: func.func @check_numerics
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>)
// CHECK-NEXT:   %[[NAN:.*]] = hlo.compare NE, %[[X]], %[[X]], FLOAT
// CHECK-NEXT:   %[[F:.*]] = hlo.constant dense<false> : tensor<i1>
// CHECK-NEXT:   %[[ANYNAN:.*]] = hlo.reduce(%[[NAN]] init: %[[F]]) applies hlo.or across dimensions = [0]
// CHECK-NEXT:   rt.check %[[ANYNAN]], "node 'check' (tf.CheckNumerics): logits : Tensor had NaN values" : tensor<i1>
// CHECK-NEXT:   %[[INF:.*]] = hlo.constant dense<0x7f800000> : tensor<3xf32>
// CHECK-NEXT:   %[[ABS:.*]] = hlo.abs %[[X]] : tensor<3xf32>
// CHECK-NEXT:   %[[ISINF:.*]] = hlo.compare EQ, %[[ABS]], %[[INF]], FLOAT
// CHECK-NEXT:   %[[F2:.*]] = hlo.constant dense<false> : tensor<i1>
// CHECK-NEXT:   %[[ANYINF:.*]] = hlo.reduce(%[[ISINF]] init: %[[F2]]) applies hlo.or across dimensions = [0]
// CHECK-NEXT:   rt.check %[[ANYINF]], "node 'check' (tf.CheckNumerics): logits : Tensor had Inf values" : tensor<i1>
// CHECK-NEXT:   func.return %[[X]]
func.func @check_numerics(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "tf.CheckNumerics"(%x) <{message = "logits"}> : (tensor<3xf32>) -> tensor<3xf32> loc("check")
  %1 = "tf.PreventGradient"(%0) : (tensor<3xf32>) -> tensor<3xf32>
  func.return %1 : tensor<3xf32>
}

// -----

// Bitwise ops are hlo's logical ops on integers; RightShift is arithmetic on signed integers
// and logical on unsigned ones (TensorFlow's uint8 imports as ui8). As TensorFlow's kernels do,
// the shift is clamped to [0, bits - 1] (an int32 1 << 40 is 1 << 31, x >> -1 is x), where
// hlo's shifts past the width give 0 or -1.
// CHECK-LABEL: func.func @bitwise
// CHECK-SAME: (%[[A:.*]]: tensor<3xi32>, %[[B:.*]]: tensor<3xi32>, %[[U:.*]]: tensor<3xui8>)
// CHECK-NEXT:   hlo.and %[[A]], %[[B]] : tensor<3xi32>
// CHECK-NEXT:   hlo.or %[[A]], %[[B]] : tensor<3xi32>
// CHECK-NEXT:   hlo.xor %[[A]], %[[B]] : tensor<3xi32>
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0> : tensor<3xi32>
// CHECK-NEXT:   %[[NN:.*]] = hlo.maximum %[[B]], %[[Z]] : tensor<3xi32>
// CHECK-NEXT:   %[[W:.*]] = hlo.constant dense<31> : tensor<3xi32>
// CHECK-NEXT:   %[[S:.*]] = hlo.minimum %[[NN]], %[[W]] : tensor<3xi32>
// CHECK-NEXT:   hlo.shift_left %[[A]], %[[S]] : tensor<3xi32>
// CHECK:        hlo.shift_right_arithmetic %[[A]], %{{.*}} : tensor<3xi32>
// CHECK-NEXT:   %[[W8:.*]] = hlo.constant dense<7> : tensor<3xui8>
// CHECK-NEXT:   %[[S8:.*]] = hlo.minimum %[[U]], %[[W8]] : tensor<3xui8>
// CHECK-NEXT:   hlo.shift_right_logical %[[U]], %[[S8]] : tensor<3xui8>
// CHECK-NEXT:   hlo.not %[[A]] : tensor<3xi32>
func.func @bitwise(%a: tensor<3xi32>, %b: tensor<3xi32>, %u: tensor<3xui8>) -> (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xui8>, tensor<3xi32>) {
  %0 = "tf.BitwiseAnd"(%a, %b) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %1 = "tf.BitwiseOr"(%a, %b) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %2 = "tf.BitwiseXor"(%a, %b) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %3 = "tf.LeftShift"(%a, %b) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %4 = "tf.RightShift"(%a, %b) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %5 = "tf.RightShift"(%u, %u) : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xui8>
  %6 = "tf.Invert"(%a) : (tensor<3xi32>) -> tensor<3xi32>
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xui8>, tensor<3xi32>
}

// -----

// Bucketize: the count of boundaries b with not (x < b) (a NaN counts them all), x compared as
// f32 (an int32 input converted) as TensorFlow's kernel compares.
// CHECK-LABEL: func.func @bucketize
// CHECK-SAME: (%[[X:.*]]: tensor<4xi32>)
// CHECK-NEXT:   %[[XF:.*]] = hlo.convert %[[X]] : (tensor<4xi32>) -> tensor<4xf32>
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0> : tensor<4xi32>
// CHECK-NEXT:   %[[B0:.*]] = hlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT:   %[[LT0:.*]] = hlo.compare LT, %[[XF]], %[[B0]], FLOAT
// CHECK-NEXT:   %[[GE0:.*]] = hlo.not %[[LT0]] : tensor<4xi1>
// CHECK-NEXT:   %[[N0:.*]] = hlo.convert %[[GE0]] : (tensor<4xi1>) -> tensor<4xi32>
// CHECK-NEXT:   %[[S0:.*]] = hlo.add %[[Z]], %[[N0]] : tensor<4xi32>
// CHECK-NEXT:   %[[B1:.*]] = hlo.constant dense<2.500000e+00> : tensor<4xf32>
// CHECK-NEXT:   %[[LT1:.*]] = hlo.compare LT, %[[XF]], %[[B1]], FLOAT
// CHECK-NEXT:   %[[GE1:.*]] = hlo.not %[[LT1]] : tensor<4xi1>
// CHECK-NEXT:   %[[N1:.*]] = hlo.convert %[[GE1]] : (tensor<4xi1>) -> tensor<4xi32>
// CHECK-NEXT:   %[[S1:.*]] = hlo.add %[[S0]], %[[N1]] : tensor<4xi32>
// CHECK-NEXT:   func.return %[[S1]]
func.func @bucketize(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "tf.Bucketize"(%x) <{boundaries = array<f32: 0.0, 2.5>}> : (tensor<4xi32>) -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// -----

// Cholesky is hlo.cholesky of the lower triangle; MatrixTriangularSolve with adjoint = true
// solves with the transpose (real matrices).
// CHECK-LABEL: func.func @cholesky_solve
// CHECK-SAME: (%[[A:.*]]: tensor<2x4x4xf32>, %[[B:.*]]: tensor<2x4x1xf32>)
// CHECK-NEXT:   %[[L:.*]] = hlo.cholesky %[[A]], lower = true : tensor<2x4x4xf32>
// CHECK-NEXT:   %[[X:.*]] = "hlo.triangular_solve"(%[[L]], %[[B]]) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose TRANSPOSE>}>
// CHECK-NEXT:   func.return %[[L]], %[[X]]
func.func @cholesky_solve(%a: tensor<2x4x4xf32>, %b: tensor<2x4x1xf32>) -> (tensor<2x4x4xf32>, tensor<2x4x1xf32>) {
  %l = "tf.Cholesky"(%a) : (tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %x = "tf.MatrixTriangularSolve"(%l, %b) <{lower = true, adjoint = true}> : (tensor<2x4x4xf32>, tensor<2x4x1xf32>) -> tensor<2x4x1xf32>
  func.return %l, %x : tensor<2x4x4xf32>, tensor<2x4x1xf32>
}

// -----

// Batch dims that broadcast (TensorFlow since 2.2): matrix [2, 3, 3] with rhs [1, 3, 1] solves
// 2 systems; rhs is spread to [2, 3, 1] first (hlo.triangular_solve needs equal batch dims).
// CHECK-LABEL: func.func @solve_broadcast
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x3xf32>, %[[B:.*]]: tensor<1x3x1xf32>)
// CHECK-NEXT:   %[[BB:.*]] = hlo.broadcast_in_dim %[[B]], dims = [0, 1, 2] : (tensor<1x3x1xf32>) -> tensor<2x3x1xf32>
// CHECK-NEXT:   "hlo.triangular_solve"(%[[A]], %[[BB]])
func.func @solve_broadcast(%a: tensor<2x3x3xf32>, %b: tensor<1x3x1xf32>) -> tensor<2x3x1xf32> {
  %x = "tf.MatrixTriangularSolve"(%a, %b) <{lower = true, adjoint = false}> : (tensor<2x3x3xf32>, tensor<1x3x1xf32>) -> tensor<2x3x1xf32>
  func.return %x : tensor<2x3x1xf32>
}

// -----

// FakeQuantWithMinMaxArgs, 4 bits with a narrow range (levels 1..15) over [0.3, 2]: 0 must be a
// level, so the range is nudged to [0, 1.7] (scale 1.7 / 14); x is clamped to it and rounded to
// the nearest level (floor(steps + 0.5)).
// CHECK-LABEL: func.func @fake_quant
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT:   %[[LO:.*]] = hlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT:   %[[HI:.*]] = hlo.constant dense<1.700000e+00> : tensor<4xf32>
// CHECK-NEXT:   %[[C:.*]] = hlo.clamp %[[LO]], %[[X]], %[[HI]] : tensor<4xf32>
// CHECK-NEXT:   %[[S:.*]] = hlo.subtract %[[C]], %[[LO]]
// CHECK-NEXT:   %[[INV:.*]] = hlo.constant dense<8.23529434> : tensor<4xf32>
// CHECK-NEXT:   %[[T:.*]] = hlo.multiply %[[S]], %[[INV]]
// CHECK-NEXT:   %[[H:.*]] = hlo.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK-NEXT:   %[[U:.*]] = hlo.add %[[T]], %[[H]]
// CHECK-NEXT:   %[[L:.*]] = hlo.floor %[[U]]
// CHECK-NEXT:   %[[SC:.*]] = hlo.constant dense<0.121428572> : tensor<4xf32>
// CHECK-NEXT:   %[[Q:.*]] = hlo.multiply %[[L]], %[[SC]]
// CHECK-NEXT:   %[[Y:.*]] = hlo.add %[[Q]], %[[LO]]
// CHECK-NEXT:   func.return %[[Y]]
func.func @fake_quant(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.FakeQuantWithMinMaxArgs"(%x) <{min = 0.3 : f32, max = 2.0 : f32, num_bits = 4 : i64, narrow_range = true}> : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// Per channel: one nudged range per entry of the last dim, vectors broadcast along it.
// CHECK-LABEL: func.func @fake_quant_per_channel
// CHECK-NEXT:   %[[LOV:.*]] = hlo.constant dense<[{{.*}}]> : tensor<2xf32>
// CHECK-NEXT:   %[[LO:.*]] = hlo.broadcast_in_dim %[[LOV]], dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:   %[[HIV:.*]] = hlo.constant dense<[{{.*}}]> : tensor<2xf32>
// CHECK-NEXT:   %[[HI:.*]] = hlo.broadcast_in_dim %[[HIV]], dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:   %[[C:.*]] = hlo.clamp %[[LO]], %{{.*}}, %[[HI]] : tensor<3x2xf32>
// CHECK:        func.return
func.func @fake_quant_per_channel(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %lo = "tf.Const"() <{value = dense<[-1.0, 0.3]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %hi = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %0 = "tf.FakeQuantWithMinMaxVarsPerChannel"(%x, %lo, %hi) <{num_bits = 8 : i64, narrow_range = false}> : (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

// RFFT pads (fft_length 10 > 7 samples) or crops (6 < 9) the last dim, then hlo.fft RFFT;
// ComplexAbs, Real and Imag are hlo.abs / real / imag of the complex spectrum
// (hlo-complex-to-real expands them with the transform into real ops later).
// CHECK-LABEL: func.func @rfft_padded_abs
// CHECK-SAME: (%[[X:.*]]: tensor<2x7xf32>)
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[P:.*]] = hlo.pad %[[X]], %[[Z]], low = [0, 0], high = [0, 3], interior = [0, 0] : (tensor<2x7xf32>, tensor<f32>) -> tensor<2x10xf32>
// CHECK-NEXT:   %[[F:.*]] = hlo.fft %[[P]], type = RFFT, length = [10] : (tensor<2x10xf32>) -> tensor<2x6xcomplex<f32>>
// CHECK-NEXT:   %[[M:.*]] = hlo.abs %[[F]] : (tensor<2x6xcomplex<f32>>) -> tensor<2x6xf32>
// CHECK-NEXT:   %[[I:.*]] = hlo.imag %[[F]] : (tensor<2x6xcomplex<f32>>) -> tensor<2x6xf32>
// CHECK-NEXT:   func.return %[[M]], %[[I]]
func.func @rfft_padded_abs(%x: tensor<2x7xf32>) -> (tensor<2x6xf32>, tensor<2x6xf32>) {
  %n = "tf.Const"() <{value = dense<10> : tensor<1xi32>}> : () -> tensor<1xi32>
  %z = "tf.RFFT"(%x, %n) : (tensor<2x7xf32>, tensor<1xi32>) -> tensor<2x6xcomplex<f32>>
  %m = "tf.ComplexAbs"(%z) : (tensor<2x6xcomplex<f32>>) -> tensor<2x6xf32>
  %i = "tf.Imag"(%z) : (tensor<2x6xcomplex<f32>>) -> tensor<2x6xf32>
  func.return %m, %i : tensor<2x6xf32>, tensor<2x6xf32>
}

// -----

// CHECK-LABEL: func.func @rfft_cropped
// CHECK-SAME: (%[[X:.*]]: tensor<9xf32>)
// CHECK-NEXT:   %[[S:.*]] = hlo.slice %[[X]] [0:6] : (tensor<9xf32>) -> tensor<6xf32>
// CHECK-NEXT:   %[[F:.*]] = hlo.fft %[[S]], type = RFFT, length = [6] : (tensor<6xf32>) -> tensor<4xcomplex<f32>>
// CHECK-NEXT:   %[[R:.*]] = hlo.real %[[F]] : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @rfft_cropped(%x: tensor<9xf32>) -> tensor<4xf32> {
  %n = "tf.Const"() <{value = dense<6> : tensor<1xi32>}> : () -> tensor<1xi32>
  %z = "tf.RFFT"(%x, %n) : (tensor<9xf32>, tensor<1xi32>) -> tensor<4xcomplex<f32>>
  %r = "tf.Real"(%z) : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// -----

// UnravelIndex with dims [3, 4]: row 0 = (i / 4) rem 3, row 1 = (i / 1) rem 4, joined.
// CHECK-LABEL: func.func @unravel_index
// CHECK-NEXT:   %[[S0:.*]] = hlo.constant dense<4> : tensor<5xi32>
// CHECK-NEXT:   %[[Q0:.*]] = hlo.divide %i, %[[S0]] : tensor<5xi32>
// CHECK-NEXT:   %[[N0:.*]] = hlo.constant dense<3> : tensor<5xi32>
// CHECK-NEXT:   %[[C0:.*]] = hlo.remainder %[[Q0]], %[[N0]] : tensor<5xi32>
// CHECK-NEXT:   %[[R0:.*]] = hlo.reshape %[[C0]] : (tensor<5xi32>) -> tensor<1x5xi32>
// CHECK:        %[[C1:.*]] = hlo.remainder %{{.*}}, %{{.*}} : tensor<5xi32>
// CHECK-NEXT:   %[[R1:.*]] = hlo.reshape %[[C1]] : (tensor<5xi32>) -> tensor<1x5xi32>
// CHECK-NEXT:   %[[Y:.*]] = hlo.concatenate %[[R0]], %[[R1]], dim = 0 : (tensor<1x5xi32>, tensor<1x5xi32>) -> tensor<2x5xi32>
// CHECK-NEXT:   func.return %[[Y]]
func.func @unravel_index(%i: tensor<5xi32>) -> tensor<2x5xi32> {
  %d = "tf.Const"() <{value = dense<[3, 4]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.UnravelIndex"(%i, %d) : (tensor<5xi32>, tensor<2xi32>) -> tensor<2x5xi32>
  func.return %0 : tensor<2x5xi32>
}

// -----

// HistogramFixedWidth: each value's bin in f64 ((max(v, lo) - lo) / ((hi - lo) / 3), capped
// at 2, truncated to i32), then per bin the count of values in it.
// CHECK-LABEL: func.func @histogram
// CHECK:        %[[LO:.*]] = hlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<6xf32>
// CHECK-NEXT:   %[[M:.*]] = hlo.maximum %{{.*}}, %[[LO]] : tensor<6xf32>
// CHECK-NEXT:   %[[A:.*]] = hlo.subtract %[[M]], %[[LO]] : tensor<6xf32>
// CHECK:        %[[N:.*]] = hlo.constant dense<3.000000e+00> : tensor<f64>
// CHECK-NEXT:   %[[STEP:.*]] = hlo.divide %{{.*}}, %[[N]] : tensor<f64>
// CHECK-NEXT:   %[[A64:.*]] = hlo.convert %[[A]] : (tensor<6xf32>) -> tensor<6xf64>
// CHECK:        %[[POS:.*]] = hlo.divide %[[A64]], %{{.*}} : tensor<6xf64>
// CHECK-NEXT:   %[[LAST:.*]] = hlo.constant dense<2.000000e+00> : tensor<6xf64>
// CHECK-NEXT:   %[[CAP:.*]] = hlo.minimum %[[POS]], %[[LAST]] : tensor<6xf64>
// CHECK-NEXT:   %[[BIN:.*]] = hlo.convert %[[CAP]] : (tensor<6xf64>) -> tensor<6xi32>
// CHECK-NEXT:   %[[GRID:.*]] = hlo.broadcast_in_dim %[[BIN]], dims = [1] : (tensor<6xi32>) -> tensor<3x6xi32>
// CHECK-NEXT:   %[[IOTA:.*]] = hlo.iota dim = 0 : tensor<3x6xi32>
// CHECK-NEXT:   %[[HIT:.*]] = hlo.compare EQ, %[[GRID]], %[[IOTA]], SIGNED
// CHECK-NEXT:   %[[ONE:.*]] = hlo.convert %[[HIT]] : (tensor<3x6xi1>) -> tensor<3x6xi32>
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0> : tensor<i32>
// CHECK-NEXT:   %[[H:.*]] = hlo.reduce(%[[ONE]] init: %[[Z]]) applies hlo.add across dimensions = [1]
// CHECK-NEXT:   func.return %[[H]]
func.func @histogram(%v: tensor<6xf32>, %r: tensor<2xf32>) -> tensor<3xi32> {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.HistogramFixedWidth"(%v, %r, %n) : (tensor<6xf32>, tensor<2xf32>, tensor<i32>) -> tensor<3xi32>
  func.return %0 : tensor<3xi32>
}

// -----

// Bitcast: hlo.bitcast_convert, which splits and joins the last dim as tf.bitcast does.
// CHECK-LABEL: func.func @bitcast
// CHECK-SAME:    (%[[X:.*]]: tensor<3xf32>, %[[H:.*]]: tensor<3x2xi16>)
// CHECK-NEXT:    %[[I:.*]] = hlo.bitcast_convert %[[X]] : (tensor<3xf32>) -> tensor<3xi32>
// CHECK-NEXT:    %[[B:.*]] = hlo.bitcast_convert %[[X]] : (tensor<3xf32>) -> tensor<3x4xui8>
// CHECK-NEXT:    %[[W:.*]] = hlo.bitcast_convert %[[H]] : (tensor<3x2xi16>) -> tensor<3xi32>
func.func @bitcast(%x: tensor<3xf32>, %h: tensor<3x2xi16>) -> (tensor<3xi32>, tensor<3x4xui8>, tensor<3xi32>) {
  %0 = "tf.Bitcast"(%x) : (tensor<3xf32>) -> tensor<3xi32>
  %1 = "tf.Bitcast"(%x) : (tensor<3xf32>) -> tensor<3x4xui8>
  %2 = "tf.Bitcast"(%h) : (tensor<3x2xi16>) -> tensor<3xi32>
  func.return %0, %1, %2 : tensor<3xi32>, tensor<3x4xui8>, tensor<3xi32>
}

// -----

// Special functions: Erfinv and BesselI1e are chlo's; Zeta and Polygamma chlo's too, on
// operands broadcast to the result; Ndtri (no chlo op) is Cephes' rational approximations in
// f64, rounded to f32 once: the centre for |p - 1/2| <= 1/2 - e^-2, else the smaller tail q by
// z = sqrt(-2 log q), its sign from the side; -inf at 0, inf at 1, NaN outside [0, 1].
// CHECK-LABEL: func.func @special
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>, %[[Q:.*]]: tensor<3xf32>)
// CHECK:         chlo.erf_inv %[[X]]
// CHECK:         %[[QB:.*]] = hlo.broadcast_in_dim %[[Q]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK:         chlo.zeta %[[X]], %[[QB]]
// CHECK:         %[[P:.*]] = hlo.convert %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf64>
// CHECK:         hlo.constant dense<0.8646647167633873> : tensor<f64>
// CHECK:         hlo.constant dense<-59.963350101410789> : tensor<f64>
// CHECK:         hlo.log
// CHECK:         hlo.sqrt
// CHECK:         hlo.constant dense<8.000000e+00> : tensor<f64>
// CHECK:         hlo.constant dense<0xfff0000000000000> : tensor<f64>
// CHECK:         hlo.constant dense<0x7ff0000000000000> : tensor<f64>
// CHECK:         hlo.or
// CHECK:         %[[N:.*]] = hlo.select
// CHECK:         hlo.convert %[[N]] : (tensor<2x3xf64>) -> tensor<2x3xf32>
// CHECK:         chlo.polygamma
// CHECK:         chlo.bessel_i1e %[[X]]
func.func @special(%x: tensor<2x3xf32>, %q: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = "tf.Erfinv"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "tf.Zeta"(%x, %q) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = "tf.Ndtri"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "tf.Polygamma"(%x, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = "tf.BesselI1e"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// QuantizeAndDequantizeV2, the range not given: x's own min and max; signed 4 bits are
// [-8, 7]; each side's scale (level / end, where level * end > 0, else the largest float), the
// smaller one wins and sets 1 / scale from its side, the other end moves to its level;
// HALF_UP rounding is floor(v + 0.5).
// CHECK-LABEL: func.func @qdq
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[LO:.*]] = hlo.reduce(%[[X]] init: %{{.*}}) applies hlo.minimum across dimensions = [0, 1]
// CHECK:         %[[HI:.*]] = hlo.reduce(%[[X]] init: %{{.*}}) applies hlo.maximum across dimensions = [0, 1]
// CHECK:         %[[NEG:.*]] = hlo.constant dense<-8.000000e+00> : tensor<f32>
// CHECK:         %[[FROM_MIN:.*]] = hlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<i1>, tensor<f32>
// CHECK:         %[[POS:.*]] = hlo.constant dense<7.000000e+00> : tensor<f32>
// CHECK:         %[[FROM_MAX:.*]] = hlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<i1>, tensor<f32>
// CHECK:         %[[BY_MIN:.*]] = hlo.compare LT, %[[FROM_MIN]], %[[FROM_MAX]]
// CHECK:         %[[SCALE:.*]] = hlo.select %[[BY_MIN]], %[[FROM_MIN]], %[[FROM_MAX]]
// CHECK:         %[[C:.*]] = hlo.clamp %{{.*}}, %[[X]], %{{.*}} : tensor<2x3xf32>
// CHECK:         %[[STEPS:.*]] = hlo.multiply %[[C]], %{{.*}} : tensor<2x3xf32>
// CHECK:         %[[HALF:.*]] = hlo.add %[[STEPS]], %{{.*}} : tensor<2x3xf32>
// CHECK:         %[[R:.*]] = hlo.floor %[[HALF]]
// CHECK:         hlo.multiply %[[R]], %{{.*}} : tensor<2x3xf32>
func.func @qdq(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %lo = "tf.Const"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  %0 = "tf.QuantizeAndDequantizeV2"(%x, %lo, %lo) <{num_bits = 4 : i64, round_mode = "HALF_UP"}> : (tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// IRFFT2D with fft_length [4, 6]: the spectrum's outer dim cropped to 4 and its inner padded to
// 6 / 2 + 1 = 4 half-spectrum terms, then hlo.fft IRFFT over both dims.
// CHECK-LABEL: func.func @irfft2d
// CHECK-SAME: (%[[Z:.*]]: tensor<2x5x3xcomplex<f32>>)
// CHECK:        %[[S:.*]] = hlo.slice %[[Z]] [0:2, 0:4, 0:3] : (tensor<2x5x3xcomplex<f32>>) -> tensor<2x4x3xcomplex<f32>>
// CHECK:        %[[P:.*]] = hlo.pad %[[S]], %{{.*}}, low = [0, 0, 0], high = [0, 0, 1], interior = [0, 0, 0] : (tensor<2x4x3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2x4x4xcomplex<f32>>
// CHECK-NEXT:   %[[F:.*]] = hlo.fft %[[P]], type = IRFFT, length = [4, 6] : (tensor<2x4x4xcomplex<f32>>) -> tensor<2x4x6xf32>
// CHECK-NEXT:   func.return %[[F]]
func.func @irfft2d(%z: tensor<2x5x3xcomplex<f32>>) -> tensor<2x4x6xf32> {
  %n = "tf.Const"() <{value = dense<[4, 6]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %x = "tf.IRFFT2D"(%z, %n) : (tensor<2x5x3xcomplex<f32>>, tensor<2xi32>) -> tensor<2x4x6xf32>
  func.return %x : tensor<2x4x6xf32>
}

// -----

// Complex broadcasts its parts; Conj negates the imaginary part; Angle is atan2(imag, real);
// FFT and IFFT are hlo.fft over the dims as they are.
// CHECK-LABEL: func.func @complex_ops
// CHECK-SAME: (%[[RE:.*]]: tensor<2x4xf32>, %[[IM:.*]]: tensor<4xf32>)
// CHECK-NEXT:   %[[B:.*]] = hlo.broadcast_in_dim %[[IM]], dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:   %[[C:.*]] = hlo.complex %[[RE]], %[[B]] : tensor<2x4xcomplex<f32>>
// CHECK-NEXT:   %[[R:.*]] = hlo.real %[[C]]
// CHECK-NEXT:   %[[I:.*]] = hlo.imag %[[C]]
// CHECK-NEXT:   %[[N:.*]] = hlo.negate %[[I]] : tensor<2x4xf32>
// CHECK-NEXT:   %[[J:.*]] = hlo.complex %[[R]], %[[N]] : tensor<2x4xcomplex<f32>>
// CHECK-NEXT:   %[[F:.*]] = hlo.fft %[[J]], type = FFT, length = [4] : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
// CHECK-NEXT:   %[[G:.*]] = hlo.fft %[[F]], type = IFFT, length = [2, 4] : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
// CHECK-NEXT:   %[[GR:.*]] = hlo.real %[[G]]
// CHECK-NEXT:   %[[GI:.*]] = hlo.imag %[[G]]
// CHECK-NEXT:   %[[A:.*]] = hlo.atan2 %[[GI]], %[[GR]] : tensor<2x4xf32>
// CHECK-NEXT:   func.return %[[A]]
func.func @complex_ops(%re: tensor<2x4xf32>, %im: tensor<4xf32>) -> tensor<2x4xf32> {
  %c = "tf.Complex"(%re, %im) : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xcomplex<f32>>
  %j = "tf.Conj"(%c) : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  %f = "tf.FFT"(%j) : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  %g = "tf.IFFT2D"(%f) : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  %a = "tf.Angle"(%g) : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xf32>
  func.return %a : tensor<2x4xf32>
}

// -----

// Igamma: x broadcast to a's shape; Cephes' power series in an hlo.while over (trip, done, r,
// c, sum) that runs while an element is not done (at most 2000 trips): r += 1, c *= x / r,
// sum += c, done where c <= eps/2 * sum, a done element keeping its values; then the continued
// fraction's hlo.while (8 values) where x > 1 and x > a.
// CHECK-LABEL: func.func @igamma
// CHECK:         %[[X:.*]] = hlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK:         %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SUM:.*]] = hlo.while(%[[TRIP:.*]] = %{{.*}}, %[[DONE:.*]] = %{{.*}}, %[[R:.*]] = %a, %[[C:.*]] = %{{.*}}, %[[S:.*]] = %{{.*}}) : tensor<i32>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
// CHECK:           %[[EVERY:.*]] = hlo.reduce(%[[DONE]] init: %{{.*}}) applies hlo.and across dimensions = [0]
// CHECK:           hlo.constant dense<2000> : tensor<i32>
// CHECK:           %[[NOT:.*]] = hlo.not %[[EVERY]] : tensor<i1>
// CHECK:         } do {
// CHECK:           %[[R1:.*]] = hlo.add %[[R]], %{{.*}} : tensor<4xf32>
// CHECK-NEXT:      %[[Q:.*]] = hlo.divide %[[X]], %[[R1]] : tensor<4xf32>
// CHECK-NEXT:      %[[C1:.*]] = hlo.multiply %[[C]], %[[Q]] : tensor<4xf32>
// CHECK-NEXT:      %[[S1:.*]] = hlo.add %[[S]], %[[C1]] : tensor<4xf32>
// CHECK:           hlo.constant dense<5.96046448e-08> : tensor<f32>
// CHECK:           %[[CONV:.*]] = hlo.compare LE, %[[C1]], %{{.*}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:      %[[KR:.*]] = hlo.select %[[DONE]], %[[R]], %[[R1]]
// CHECK-NEXT:      %[[KC:.*]] = hlo.select %[[DONE]], %[[C]], %[[C1]]
// CHECK-NEXT:      %[[KS:.*]] = hlo.select %[[DONE]], %[[S]], %[[S1]]
// CHECK-NEXT:      %[[D1:.*]] = hlo.or %[[DONE]], %[[CONV]] : tensor<4xi1>
// CHECK:           hlo.return %{{.*}}, %[[D1]], %[[KR]], %[[KC]], %[[KS]]
// CHECK:         hlo.while({{.*}}) : tensor<i32>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
// CHECK:         func.return %p : tensor<4xf32>
func.func @igamma(%a: tensor<4xf32>, %x: tensor<f32>) -> tensor<4xf32> {
  %p = "tf.Igamma"(%a, %x) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  func.return %p : tensor<4xf32>
}

// -----

// Betainc: the operands broadcast to the result, widened to f64 (Cephes' double algorithm);
// the power series in one hlo.while (trip, done, n, t, term, sum), the continued fractions in
// another (13 values: k1..k8, the numerators and denominators, the convergent, at most 300
// steps); NaN outside the domain; the result rounded back to f32.
// CHECK-LABEL: func.func @betainc
// CHECK:         %[[X:.*]] = hlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<3xf32>
// CHECK:         hlo.convert %a : (tensor<3xf32>) -> tensor<3xf64>
// CHECK:         hlo.convert %b : (tensor<3xf32>) -> tensor<3xf64>
// CHECK:         hlo.convert %[[X]] : (tensor<3xf32>) -> tensor<3xf64>
// CHECK:         hlo.while({{.*}}) : tensor<i32>, tensor<3xi1>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>
// CHECK:         hlo.constant dense<300> : tensor<i32>
// CHECK:         hlo.constant dense<0x7ff8000000000000> : tensor<f64>
// CHECK:         %[[V:.*]] = hlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<3xi1>, tensor<3xf64>
// CHECK-NEXT:    %i = hlo.convert %[[V]] : (tensor<3xf64>) -> tensor<3xf32>
// CHECK-NEXT:    func.return %i : tensor<3xf32>
func.func @betainc(%a: tensor<3xf32>, %b: tensor<3xf32>, %x: tensor<f32>) -> tensor<3xf32> {
  %i = "tf.Betainc"(%a, %b, %x) : (tensor<3xf32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  func.return %i : tensor<3xf32>
}

// -----

// PopulationCount: hlo.popcnt in the input's type, converted to uint8.
// CHECK-LABEL: func.func @population_count
// CHECK-SAME: (%[[X:.*]]: tensor<5xi64>)
// CHECK-NEXT:   %[[N:.*]] = hlo.popcnt %[[X]] : tensor<5xi64>
// CHECK-NEXT:   %[[U:.*]] = hlo.convert %[[N]] : (tensor<5xi64>) -> tensor<5xui8>
// CHECK-NEXT:   func.return %[[U]]
func.func @population_count(%x: tensor<5xi64>) -> tensor<5xui8> {
  %0 = "tf.PopulationCount"(%x) : (tensor<5xi64>) -> tensor<5xui8>
  func.return %0 : tensor<5xui8>
}
