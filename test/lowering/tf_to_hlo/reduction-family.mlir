// RUN: strata-opt %s -p convert-tf-to-hlo --split-input-file | filecheck %s

// keep_dims: reduce over the normalised axes (-1 -> 2), then reshape to the kept rank.
// CHECK-LABEL: func.func @sum_keep_dims
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[S:.*]] = hlo.reduce(%[[X]] init: %[[Z]]) applies hlo.add across dimensions = [0, 2] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<3xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.reshape %[[S]] : (tensor<3xf32>) -> tensor<1x3x1xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @sum_keep_dims(%x: tensor<2x3x4xf32>) -> tensor<1x3x1xf32> {
  %axes = "tf.Const"() <{value = dense<[0, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.Sum"(%x, %axes) <{keep_dims = true}> : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<1x3x1xf32>
  func.return %0 : tensor<1x3x1xf32>
}

// -----

// EuclideanNorm: the sum of x * x, then its square root; of integers through f64, truncated
// back; over no axes |x| (the root of the square), not x.
// CHECK-LABEL: func.func @euclidean_norm
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[I:.*]]: tensor<2x3xi32>)
// CHECK-NEXT:   %[[XX:.*]] = hlo.multiply %[[X]], %[[X]] : tensor<2x3xf32>
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[S:.*]] = hlo.reduce(%[[XX]] init: %[[Z]]) applies hlo.add across dimensions = [1]
// CHECK-NEXT:   %[[N:.*]] = hlo.sqrt %[[S]] : tensor<2xf32>
// CHECK-NEXT:   %[[II:.*]] = hlo.multiply %[[I]], %[[I]] : tensor<2x3xi32>
// CHECK-NEXT:   %[[IZ:.*]] = hlo.constant dense<0> : tensor<i32>
// CHECK-NEXT:   %[[IS:.*]] = hlo.reduce(%[[II]] init: %[[IZ]]) applies hlo.add across dimensions = [1]
// CHECK-NEXT:   %[[W:.*]] = hlo.convert %[[IS]] : (tensor<2xi32>) -> tensor<2xf64>
// CHECK-NEXT:   %[[WR:.*]] = hlo.sqrt %[[W]] : tensor<2xf64>
// CHECK-NEXT:   %[[IN:.*]] = hlo.convert %[[WR]] : (tensor<2xf64>) -> tensor<2xi32>
// CHECK-NEXT:   %[[SQ:.*]] = hlo.multiply %[[X]], %[[X]] : tensor<2x3xf32>
// CHECK-NEXT:   %[[ABS:.*]] = hlo.sqrt %[[SQ]] : tensor<2x3xf32>
// CHECK-NEXT:   func.return %[[N]], %[[IN]], %[[ABS]]
func.func @euclidean_norm(%x: tensor<2x3xf32>, %i: tensor<2x3xi32>) -> (tensor<2xf32>, tensor<2xi32>, tensor<2x3xf32>) {
  %axes = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %none = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %0 = "tf.EuclideanNorm"(%x, %axes) <{keep_dims = false}> : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xf32>
  %1 = "tf.EuclideanNorm"(%i, %axes) <{keep_dims = false}> : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  %2 = "tf.EuclideanNorm"(%x, %none) <{keep_dims = false}> : (tensor<2x3xf32>, tensor<0xi32>) -> tensor<2x3xf32>
  func.return %0, %1, %2 : tensor<2xf32>, tensor<2xi32>, tensor<2x3xf32>
}

// -----

// Mean of integers: as TensorFlow, the sum in 64 bits divided (truncating) by the count, then
// converted back (uint8 [200, 200, 10] -> 136, where a sum in 8 bits wraps to 51).
// CHECK-LABEL: func.func @mean_int
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi32>)
// CHECK-NEXT:   %[[W:.*]] = hlo.convert %[[X]] : (tensor<2x3xi32>) -> tensor<2x3xi64>
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0> : tensor<i64>
// CHECK-NEXT:   %[[S:.*]] = hlo.reduce(%[[W]] init: %[[Z]]) applies hlo.add across dimensions = [1]
// CHECK-NEXT:   %[[N:.*]] = hlo.constant dense<3> : tensor<2xi64>
// CHECK-NEXT:   %[[M:.*]] = hlo.divide %[[S]], %[[N]] : tensor<2xi64>
// CHECK-NEXT:   %[[R:.*]] = hlo.convert %[[M]] : (tensor<2xi64>) -> tensor<2xi32>
// CHECK-NEXT:   func.return %[[R]]
func.func @mean_int(%x: tensor<2x3xi32>) -> tensor<2xi32> {
  %axes = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.Mean"(%x, %axes) <{keep_dims = false}> : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  func.return %0 : tensor<2xi32>
}

// -----

// All: logical and from true.
// CHECK-LABEL: func.func @all
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi1>)
// CHECK-NEXT:   %[[T:.*]] = hlo.constant dense<true> : tensor<i1>
// CHECK-NEXT:   %[[A:.*]] = hlo.reduce(%[[X]] init: %[[T]]) applies hlo.and across dimensions = [0] : (tensor<2x3xi1>, tensor<i1>) -> tensor<3xi1>
// CHECK-NEXT:   func.return %[[A]]
func.func @all(%x: tensor<2x3xi1>) -> tensor<3xi1> {
  %axes = "tf.Const"() <{value = dense<0> : tensor<1xi64>}> : () -> tensor<1xi64>
  %0 = "tf.All"(%x, %axes) <{keep_dims = false}> : (tensor<2x3xi1>, tensor<1xi64>) -> tensor<3xi1>
  func.return %0 : tensor<3xi1>
}

// -----

// Max of integers starts from the smallest integer.
// CHECK-LABEL: func.func @max_int
// CHECK-NEXT:   %[[LOW:.*]] = hlo.constant dense<-2147483648> : tensor<i32>
// CHECK-NEXT:   hlo.reduce(%{{.*}} init: %[[LOW]]) applies hlo.maximum across dimensions = [1]
func.func @max_int(%x: tensor<2x3xi32>) -> tensor<2xi32> {
  %axes = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.Max"(%x, %axes) <{keep_dims = false}> : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  func.return %0 : tensor<2xi32>
}

// -----

// No axes: the input itself.
// CHECK-LABEL: func.func @no_axes
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   func.return %[[X]]
func.func @no_axes(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %axes = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %0 = "tf.Prod"(%x, %axes) <{keep_dims = false}> : (tensor<2x3xf32>, tensor<0xi32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// ArgMax along the last axis: top_k with k = 1 (one pass of i64 rank keys, chlo-legalize-to-hlo)
// of x with NaN made -inf (TensorFlow's kernel never picks a NaN) and -0 made +0 (equal to it,
// where total order ranks +0 above); its i32 index converted to the output's type.
// CHECK-LABEL: func.func @argmax
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   %[[NAN:.*]] = hlo.compare NE, %[[X]], %[[X]], FLOAT
// CHECK-NEXT:   %[[NINF:.*]] = hlo.constant dense<0xff800000> : tensor<2x3xf32>
// CHECK-NEXT:   %[[A:.*]] = hlo.select %[[NAN]], %[[NINF]], %[[X]]
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<2x3xf32>
// CHECK-NEXT:   %[[IS0:.*]] = hlo.compare EQ, %[[A]], %[[Z]], FLOAT
// CHECK-NEXT:   %[[B:.*]] = hlo.select %[[IS0]], %[[Z]], %[[A]]
// CHECK-NEXT:   %{{.*}}, %[[I:.*]] = chlo.top_k(%[[B]], k = 1) : tensor<2x3xf32> -> (tensor<2x1xf32>, tensor<2x1xi32>)
// CHECK-NEXT:   %[[R:.*]] = hlo.reshape %[[I]] : (tensor<2x1xi32>) -> tensor<2xi32>
// CHECK-NEXT:   %[[W:.*]] = hlo.convert %[[R]] : (tensor<2xi32>) -> tensor<2xi64>
// CHECK-NEXT:   func.return %[[W]]
func.func @argmax(%x: tensor<2x3xf32>) -> tensor<2xi64> {
  %d = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.ArgMax"(%x, %d) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xi64>
  func.return %0 : tensor<2xi64>
}

// -----

// ArgMin of integers: top_k of ~x, which reverses the order of every i32 (-x would overflow).
// CHECK-LABEL: func.func @argmin_int
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi32>)
// CHECK-NEXT:   %[[N:.*]] = hlo.not %[[X]] : tensor<2x3xi32>
// CHECK-NEXT:   %{{.*}}, %{{.*}} = chlo.top_k(%[[N]], k = 1)
func.func @argmin_int(%x: tensor<2x3xi32>) -> tensor<2xi64> {
  %d = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.ArgMin"(%x, %d) : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi64>
  func.return %0 : tensor<2xi64>
}

// -----

// Along another axis: the minimum (NaN made +inf), then the smallest index where the input
// equals it (first on ties).
// CHECK-LABEL: func.func @argmin_axis0
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   %[[NAN:.*]] = hlo.compare NE, %[[X]], %[[X]], FLOAT
// CHECK-NEXT:   %[[INF:.*]] = hlo.constant dense<0x7f800000> : tensor<2x3xf32>
// CHECK-NEXT:   %[[A:.*]] = hlo.select %[[NAN]], %[[INF]], %[[X]]
// CHECK-NEXT:   %[[INF0:.*]] = hlo.constant dense<0x7f800000> : tensor<f32>
// CHECK-NEXT:   %[[M:.*]] = hlo.reduce(%[[A]] init: %[[INF0]]) applies hlo.minimum across dimensions = [0]
// CHECK-NEXT:   %[[MB:.*]] = hlo.broadcast_in_dim %[[M]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:   %[[HIT:.*]] = hlo.compare EQ, %[[A]], %[[MB]], FLOAT
// CHECK-NEXT:   %[[IOTA:.*]] = hlo.iota dim = 0 : tensor<2x3xi32>
// CHECK-NEXT:   %[[N:.*]] = hlo.constant dense<2> : tensor<2x3xi32>
// CHECK-NEXT:   %[[CAND:.*]] = hlo.select %[[HIT]], %[[IOTA]], %[[N]]
// CHECK-NEXT:   %[[N0:.*]] = hlo.constant dense<2> : tensor<i32>
// CHECK-NEXT:   %[[I:.*]] = hlo.reduce(%[[CAND]] init: %[[N0]]) applies hlo.minimum across dimensions = [0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3xi32>
// CHECK-NEXT:   func.return %[[I]]
func.func @argmin_axis0(%x: tensor<2x3xf32>) -> tensor<3xi32> {
  %d = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.ArgMin"(%x, %d) : (tensor<2x3xf32>, tensor<i32>) -> tensor<3xi32>
  func.return %0 : tensor<3xi32>
}

// -----

// Cumsum: a reduce_window of adds over the whole axis, padded n - 1 before it; exclusive shifts
// the input by one first (the last element sliced off, a 0 padded before).
// CHECK-LABEL: func.func @cumsum_exclusive
// CHECK-SAME: (%[[X:.*]]: tensor<2x4xf32>)
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[S:.*]] = hlo.slice %[[X]] [0:2, 0:3] : (tensor<2x4xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:   %[[P:.*]] = hlo.pad %[[S]], %[[Z]], low = [0, 1], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x4xf32>
// CHECK-NEXT:   %[[W:.*]] = "hlo.reduce_window"(%[[P]], %[[Z]]) <{window_dimensions = array<i64: 1, 4>, padding = dense<{{\[\[}}0, 0], [3, 0]]> : tensor<2x2xi64>}> ({
// CHECK:          hlo.add
// CHECK:        func.return %[[W]]
func.func @cumsum_exclusive(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %a = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.Cumsum"(%x, %a) <{exclusive = true, reverse = false}> : (tensor<2x4xf32>, tensor<i32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// Cumsum reverse: the window padded after the axis.
// CHECK-LABEL: func.func @cumsum_reverse
// CHECK-NOT:    hlo.slice
// CHECK:        "hlo.reduce_window"(%x, %{{.*}}) <{window_dimensions = array<i64: 3>, padding = dense<{{\[\[}}0, 2]]> : tensor<1x2xi64>}>
func.func @cumsum_reverse(%x: tensor<3xi32>) -> tensor<3xi32> {
  %a = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.Cumsum"(%x, %a) <{exclusive = false, reverse = true}> : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  func.return %0 : tensor<3xi32>
}

// -----

// CumulativeLogsumexp: the same window with -inf as init and padding, combining by
// log(e^a + e^b) = hi + log1p(e^(lo - hi)), and hi itself where it is infinite (-inf + -inf would
// be NaN).
// CHECK-LABEL: func.func @cumulative_logsumexp
// CHECK-NEXT:   %[[NEG:.*]] = hlo.constant dense<0xff800000> : tensor<f32>
// CHECK-NEXT:   "hlo.reduce_window"(%x, %[[NEG]]) <{window_dimensions = array<i64: 4>, padding = dense<{{\[\[}}3, 0]]> : tensor<1x2xi64>}> ({
// CHECK-NEXT:   ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK-NEXT:     %[[INF:.*]] = hlo.constant dense<0x7f800000> : tensor<f32>
// CHECK-NEXT:     %[[HI:.*]] = hlo.maximum %[[A]], %[[B]] : tensor<f32>
// CHECK-NEXT:     %[[LO:.*]] = hlo.minimum %[[A]], %[[B]] : tensor<f32>
// CHECK-NEXT:     %[[GAP:.*]] = hlo.subtract %[[LO]], %[[HI]] : tensor<f32>
// CHECK-NEXT:     %[[E:.*]] = hlo.exponential %[[GAP]] : tensor<f32>
// CHECK-NEXT:     %[[L:.*]] = hlo.log_plus_one %[[E]] : tensor<f32>
// CHECK-NEXT:     %[[SUM:.*]] = hlo.add %[[HI]], %[[L]] : tensor<f32>
// CHECK-NEXT:     %[[M:.*]] = hlo.abs %[[HI]] : tensor<f32>
// CHECK-NEXT:     %[[IS:.*]] = hlo.compare EQ, %[[M]], %[[INF]] : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:     %[[R:.*]] = hlo.select %[[IS]], %[[HI]], %[[SUM]] : tensor<i1>, tensor<f32>
// CHECK-NEXT:     hlo.return %[[R]] : tensor<f32>
func.func @cumulative_logsumexp(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.CumulativeLogsumexp"(%x, %a) <{exclusive = false, reverse = false}> : (tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// TopKV2: chlo.top_k (int32 indices; int64 asked for: a convert). Of floats, -0 made +0 first:
// TensorFlow's kernel finds them equal (ties in index order), chlo.top_k orders -0 below +0.
// CHECK-LABEL: func.func @top_k
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<4x7xf32>
// CHECK-NEXT:   %[[IS0:.*]] = hlo.compare EQ, %x, %[[Z]], FLOAT
// CHECK-NEXT:   %[[C:.*]] = hlo.select %[[IS0]], %[[Z]], %x
// CHECK-NEXT:   %[[V:.*]], %[[I:.*]] = chlo.top_k(%[[C]], k = 3) : tensor<4x7xf32> -> (tensor<4x3xf32>, tensor<4x3xi32>)
// CHECK-NEXT:   %[[W:.*]] = hlo.convert %[[I]] : (tensor<4x3xi32>) -> tensor<4x3xi64>
// CHECK-NEXT:   func.return %[[V]], %[[W]]
func.func @top_k(%x: tensor<4x7xf32>) -> (tensor<4x3xf32>, tensor<4x3xi64>) {
  %k = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %v, %i = "tf.TopKV2"(%x, %k) <{sorted = true}> : (tensor<4x7xf32>, tensor<i32>) -> (tensor<4x3xf32>, tensor<4x3xi64>)
  func.return %v, %i : tensor<4x3xf32>, tensor<4x3xi64>
}

// -----

// Cumprod: the same window, of multiplies, 1 as the init and padding value.
// CHECK-LABEL: func.func @cumprod
// CHECK-NEXT:   %[[ONE:.*]] = hlo.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT:   "hlo.reduce_window"(%x, %[[ONE]]) <{window_dimensions = array<i64: 4>, padding = dense<{{\[\[}}3, 0]]> : tensor<1x2xi64>}>
// CHECK:          hlo.multiply
func.func @cumprod(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.Cumprod"(%x, %a) <{exclusive = false, reverse = false}> : (tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// InTopKV2: the target's prediction picked out of its row (a select on iota == target, summed
// against -0: one term), the count of greater predictions compared with k, and the target in
// range and its prediction finite.
// CHECK-LABEL: func.func @in_top_k
// CHECK-SAME:    (%[[P:.*]]: tensor<2x3xf32>, %[[T:.*]]: tensor<2xi32>, %[[K:.*]]: tensor<i32>)
// CHECK:         %[[IOTA:.*]] = hlo.iota dim = 1 : tensor<2x3xi32>
// CHECK:         %[[HIT:.*]] = hlo.compare EQ, %[[IOTA]], %{{.*}}, SIGNED
// CHECK:         %[[PICK:.*]] = hlo.select %[[HIT]], %[[P]], %{{.*}}
// CHECK:         %[[V:.*]] = hlo.reduce(%[[PICK]] init: %{{.*}}) applies hlo.add across dimensions = [1]
// CHECK:         %[[GT:.*]] = hlo.compare GT, %[[P]], %{{.*}}, FLOAT
// CHECK:         %[[N:.*]] = hlo.reduce(%{{.*}} init: %{{.*}}) applies hlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
// CHECK:         %[[TOP:.*]] = hlo.compare LT, %[[N]], %{{.*}}, SIGNED
// CHECK:         hlo.compare GE, %[[T]]
// CHECK:         hlo.compare LT, %[[T]]
// CHECK:         hlo.is_finite %[[V]]
// CHECK:         hlo.and %[[TOP]]
func.func @in_top_k(%p: tensor<2x3xf32>, %t: tensor<2xi32>, %k: tensor<i32>) -> tensor<2xi1> {
  %0 = "tf.InTopKV2"(%p, %t, %k) : (tensor<2x3xf32>, tensor<2xi32>, tensor<i32>) -> tensor<2xi1>
  func.return %0 : tensor<2xi1>
}
