// RUN: strata-opt %s -p convert-tf-to-hlo,cse --split-input-file | filecheck %s

// The seed's two int64 split into four 32-bit words (held in i64), one Philox-4x32-10 under
// TensorFlow's fixed key (0x3ec8f720, 0x02461e29) scrambles them into the key and the counter's
// high half. The stream's words for 6 outputs: two groups, counter + iota carried word by word,
// Philox again (10 rounds each: 40 products of a word by 0xd2511f53 or 0xcd9e8d57 in all), the
// four words of each group side by side. A float in [0, 1) from each word: its low 23 bits under
// 1.0's exponent, minus 1.
// CHECK-LABEL: func.func @uniform
// CHECK-SAME:    (%[[SEED:.*]]: tensor<2xi64>)
// CHECK-NOT:     hlo.convert %[[SEED]]
// CHECK:         %[[S0:.*]] = hlo.slice %[[SEED]] [0:1]
// CHECK:         %[[MASK:.*]] = hlo.constant dense<4294967295> : tensor<1xi64>
// CHECK:         hlo.and %[[S0]], %[[MASK]]
// CHECK:         %[[K0:.*]] = hlo.constant dense<1053357856> : tensor<1xi64>
// CHECK:         %[[K1:.*]] = hlo.constant dense<38149673> : tensor<1xi64>
// CHECK:         %[[M0:.*]] = hlo.constant dense<3528531795> : tensor<1xi64>
// CHECK:         hlo.multiply %{{.*}}, %[[M0]]
// CHECK:         %[[KEY:.*]] = hlo.or
// CHECK:         %[[COUNTER:.*]] = hlo.concatenate %{{.*}}, %{{.*}}, dim = 0 : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
// CHECK:         hlo.iota dim = 0 : tensor<2xi64>
// CHECK-COUNT-20: hlo.multiply {{.*}} : tensor<2xi64>
// CHECK:         %[[GROUPS:.*]] = hlo.concatenate {{.*}} dim = 1 : (tensor<2x1xi64>, tensor<2x1xi64>, tensor<2x1xi64>, tensor<2x1xi64>) -> tensor<2x4xi64>
// CHECK:         %[[FLAT:.*]] = hlo.reshape %[[GROUPS]] : (tensor<2x4xi64>) -> tensor<8xi64>
// CHECK:         %[[WORDS:.*]] = hlo.slice %[[FLAT]] [0:6]
// CHECK:         %[[LOW:.*]] = hlo.constant dense<8388607> : tensor<6xi64>
// CHECK:         %[[M:.*]] = hlo.and %[[WORDS]], %[[LOW]]
// CHECK:         %[[ONE:.*]] = hlo.constant dense<1065353216> : tensor<6xi64>
// CHECK:         %[[BITS:.*]] = hlo.or %[[M]], %[[ONE]]
// CHECK:         %[[B32:.*]] = hlo.convert %[[BITS]] : (tensor<6xi64>) -> tensor<6xi32>
// CHECK:         %[[F:.*]] = hlo.bitcast_convert %[[B32]] : (tensor<6xi32>) -> tensor<6xf32>
// CHECK:         %[[U:.*]] = hlo.subtract %[[F]], %{{.*}} : tensor<6xf32>
// CHECK:         hlo.reshape %[[U]] : (tensor<6xf32>) -> tensor<2x3xf32>
func.func @uniform(%seed: tensor<2xi64>) -> tensor<2x3xf32> {
  %shape = "tf.Const"() <{value = dense<[2, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %alg = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %key, %counter = "tf.StatelessRandomGetKeyCounter"(%seed) : (tensor<2xi64>) -> (tensor<1xi64>, tensor<2xi64>)
  %0 = "tf.StatelessRandomUniformV2"(%shape, %key, %counter, %alg) : (tensor<2xi32>, tensor<1xi64>, tensor<2xi64>, tensor<i32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// Normals by Box-Muller: 3 outputs take two pairs of words (u1 at least 1e-7); sin then cos
// of 2 pi u2 times sqrt(-2 log u1), interleaved, the last dropped. An int32 seed is widened.
// As TensorFlow's kernel (2.0f * M_PI * u: a double product) the angle is computed in f64 and
// rounded once; log, sin and cos too, rounded once as glibc's logf and sincosf nearly always
// are (test_random_bits: 98% of 2,000 normals equal TensorFlow's bits, 59% before).
// CHECK-LABEL: func.func @normal
// CHECK:         hlo.convert %{{.*}} : (tensor<2xi32>) -> tensor<2xi64>
// CHECK:         hlo.reshape %{{.*}} : (tensor<4xi64>) -> tensor<2x2xi64>
// CHECK:         hlo.constant dense<1.000000e-07> : tensor<2xf32>
// CHECK:         hlo.maximum
// CHECK:         hlo.constant dense<6.2831853071795862> : tensor<2xf64>
// CHECK:         %[[A64:.*]] = hlo.multiply %{{.*}}, %{{.*}} : tensor<2xf64>
// CHECK:         %[[A:.*]] = hlo.convert %[[A64]] : (tensor<2xf64>) -> tensor<2xf32>
// CHECK:         %[[LOG:.*]] = hlo.log %{{.*}} : tensor<2xf64>
// CHECK:         hlo.constant dense<-2.000000e+00> : tensor<2xf32>
// CHECK:         %[[R:.*]] = hlo.sqrt %{{.*}} : tensor<2xf32>
// CHECK:         %[[SIN64:.*]] = hlo.sine %{{.*}} : tensor<2xf64>
// CHECK:         %[[SIN:.*]] = hlo.convert %[[SIN64]] : (tensor<2xf64>) -> tensor<2xf32>
// CHECK:         hlo.multiply %[[SIN]], %[[R]]
// CHECK:         %[[COS64:.*]] = hlo.cosine %{{.*}} : tensor<2xf64>
// CHECK:         %[[COS:.*]] = hlo.convert %[[COS64]] : (tensor<2xf64>) -> tensor<2xf32>
// CHECK:         hlo.multiply %[[COS]], %[[R]]
// CHECK:         hlo.concatenate {{.*}} dim = 1 : (tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<2x2xf32>
// CHECK:         hlo.slice %{{.*}} [0:3] : (tensor<4xf32>) -> tensor<3xf32>
func.func @normal(%seed: tensor<2xi32>) -> tensor<3xf32> {
  %shape = "tf.Const"() <{value = dense<3> : tensor<1xi32>}> : () -> tensor<1xi32>
  %0 = "tf.StatelessRandomNormal"(%shape, %seed) : (tensor<1xi32>, tensor<2xi32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// Integers: minval + (word mod (maxval - minval) as uint32), wrapped to int32.
// CHECK-LABEL: func.func @ints
// CHECK:         %[[SPAN:.*]] = hlo.and
// CHECK:         hlo.compare EQ, %[[SPAN]]
// CHECK:         %[[NONZERO:.*]] = hlo.select
// CHECK:         hlo.remainder %{{.*}}, %[[NONZERO]] : tensor<4xi64>
// CHECK:         hlo.compare GE
// CHECK:         hlo.convert %{{.*}} : (tensor<4xi64>) -> tensor<4xi32>
func.func @ints(%seed: tensor<2xi64>, %lo: tensor<i32>, %hi: tensor<i32>) -> tensor<4xi32> {
  %shape = "tf.Const"() <{value = dense<4> : tensor<1xi32>}> : () -> tensor<1xi32>
  %0 = "tf.StatelessRandomUniformInt"(%shape, %seed, %lo, %hi) : (tensor<1xi32>, tensor<2xi64>, tensor<i32>, tensor<i32>) -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// -----

// A seeded stateful op: key `seed`, counter (0, `seed2`) as uint64 bits (seed2 = -7 is
// 2^64 - 7), no scrambling; one Philox (10 rounds, two products each) for 4 outputs.
// CHECK-LABEL: func.func @seeded
// CHECK:         %[[KEY:.*]] = hlo.constant dense<5> : tensor<1xi64>
// CHECK:         %[[COUNTER:.*]] = hlo.constant dense<[0, -7]> : tensor<2xi64>
// CHECK:         hlo.slice %[[KEY]] [0:1]
// CHECK:         hlo.slice %[[COUNTER]] [0:1]
// CHECK:         hlo.slice %[[COUNTER]] [1:2]
// CHECK-COUNT-20: hlo.multiply {{.*}} : tensor<1xi64>
// CHECK-NOT:     hlo.multiply
// CHECK:         hlo.bitcast_convert %{{.*}} : (tensor<4xi32>) -> tensor<4xf32>
func.func @seeded() -> tensor<4xf32> {
  %shape = "tf.Const"() <{value = dense<4> : tensor<1xi32>}> : () -> tensor<1xi32>
  %0 = "tf.RandomUniform"(%shape) <{seed = 5 : i64, seed2 = -7 : i64}> : (tensor<1xi32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// Categorical samples: 2 rows x 3 samples take 12 words (3 groups), two per sample made a
// double in [0, 1) (20 + 32 mantissa bits under 1.0's exponent, minus 1); each row's running
// sum of exp(logit - max) over finite logits in f64 (a reduce_window padded 4 before: in
// order), the sample the count of running sums at or below u times the row's total.
// CHECK-LABEL: func.func @multinomial
// CHECK:         hlo.iota dim = 0 : tensor<3xi64>
// CHECK:         %[[PAIRS:.*]] = hlo.reshape %{{.*}} : (tensor<12xi64>) -> tensor<6x2xi64>
// CHECK:         hlo.slice %[[PAIRS]] [0:6, 0:1]
// CHECK:         hlo.reshape %{{.*}} : (tensor<6xi64>) -> tensor<2x3xi64>
// CHECK:         hlo.constant dense<1048575> : tensor<2x3xi64>
// CHECK:         hlo.shift_left
// CHECK:         hlo.constant dense<4607182418800017408> : tensor<2x3xi64>
// CHECK:         %[[D:.*]] = hlo.bitcast_convert %{{.*}} : (tensor<2x3xi64>) -> tensor<2x3xf64>
// CHECK:         %[[U:.*]] = hlo.subtract %[[D]], %{{.*}} : tensor<2x3xf64>
// CHECK:         %[[FINITE:.*]] = hlo.is_finite %[[LOGITS:.*]] :
// CHECK:         %[[TOP:.*]] = hlo.reduce(%{{.*}} init: %{{.*}}) applies hlo.maximum across dimensions = [1]
// CHECK:         %[[E:.*]] = hlo.exponential %{{.*}} : tensor<2x5xf64>
// CHECK:         %[[TERMS:.*]] = hlo.select %[[FINITE]], %[[E]]
// CHECK:         %[[CDF:.*]] = "hlo.reduce_window"(%[[TERMS]], %{{.*}}) <{window_dimensions = array<i64: 1, 5>, padding = dense<{{\[}}[0, 0], [4, 0]]>
// CHECK:         %[[TOTAL:.*]] = hlo.slice %[[CDF]] [0:2, 4:5]
// CHECK:         %[[FIND:.*]] = hlo.multiply %[[U]], %{{.*}} : tensor<2x3xf64>
// CHECK:         %[[C3:.*]] = hlo.broadcast_in_dim %[[CDF]], dims = [0, 2] : (tensor<2x5xf64>) -> tensor<2x3x5xf64>
// CHECK:         %[[F3:.*]] = hlo.broadcast_in_dim %[[FIND]], dims = [0, 1]
// CHECK:         %[[LE:.*]] = hlo.compare LE, %[[C3]], %[[F3]], FLOAT
// CHECK:         %[[N:.*]] = hlo.convert %[[LE]] : (tensor<2x3x5xi1>) -> tensor<2x3x5xi64>
// CHECK:         hlo.reduce(%[[N]] init: %{{.*}}) applies hlo.add across dimensions = [2] : (tensor<2x3x5xi64>, tensor<i64>) -> tensor<2x3xi64>
func.func @multinomial(%logits: tensor<2x5xf32>, %seed: tensor<2xi64>) -> tensor<2x3xi64> {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.StatelessMultinomial"(%logits, %n, %seed) : (tensor<2x5xf32>, tensor<i32>, tensor<2xi64>) -> tensor<2x3xi64>
  func.return %0 : tensor<2x3xi64>
}

// -----

// Truncated normals: 6 outputs are 2 groups of 4; group g draws 8 Philox calls from counter +
// 256 g + c (16 pairs, 32 Box-Muller candidates in order); output t of a group is the (t+1)-th
// candidate with |f| < 2 (a running count of the kept ones picks it), NaN if none is.
// CHECK-LABEL: func.func @truncated
// CHECK:         %[[G:.*]] = hlo.iota dim = 0 : tensor<2x8xi64>
// CHECK:         %[[C:.*]] = hlo.iota dim = 1 : tensor<2x8xi64>
// CHECK:         %[[SKIP:.*]] = hlo.constant dense<256> : tensor<2x8xi64>
// CHECK:         %[[START:.*]] = hlo.multiply %[[G]], %[[SKIP]]
// CHECK:         hlo.add %[[START]], %[[C]] : tensor<2x8xi64>
// CHECK:         hlo.sine {{.*}} : tensor<32xf64>
// CHECK:         hlo.cosine {{.*}} : tensor<32xf64>
// CHECK:         %[[CAND:.*]] = hlo.reshape %{{.*}} : (tensor<64xf32>) -> tensor<2x32xf32>
// CHECK:         %[[ABS:.*]] = hlo.abs %[[CAND]]
// CHECK:         %[[KEPT:.*]] = hlo.compare LT, %[[ABS]], %{{.*}}, FLOAT
// CHECK:         %[[RANK:.*]] = "hlo.reduce_window"(%{{.*}}, %{{.*}}) <{window_dimensions = array<i64: 1, 32>, padding = dense<{{\[}}[0, 0], [31, 0]]>
// CHECK:         hlo.constant dense<1> : tensor<2x32xi64>
// CHECK:         %[[FIRST:.*]] = hlo.compare EQ, %[[RANK]]
// CHECK:         %[[PICK:.*]] = hlo.and %[[KEPT]], %[[FIRST]]
// CHECK:         hlo.select %[[PICK]], %[[CAND]]
// CHECK:         hlo.reduce(%{{.*}}) applies hlo.add across dimensions = [1]
// CHECK:         hlo.reduce(%[[PICK]] init: %{{.*}}) applies hlo.or across dimensions = [1]
// CHECK:         hlo.constant dense<[0x7fc00000, 0x7fc00000]> : tensor<2xf32>
// CHECK-COUNT-3: hlo.compare EQ, %[[RANK]]
// CHECK:         hlo.slice %{{.*}} [0:6] : (tensor<8xf32>) -> tensor<6xf32>
func.func @truncated() -> tensor<6xf32> {
  %shape = "tf.Const"() <{value = dense<6> : tensor<1xi32>}> : () -> tensor<1xi32>
  %0 = "tf.TruncatedNormal"(%shape) <{seed = 1 : i64, seed2 = 2 : i64}> : (tensor<1xi32>) -> tensor<6xf32>
  func.return %0 : tensor<6xf32>
}
