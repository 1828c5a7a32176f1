// RUN: strata-opt %s -p convert-tf-to-hlo --split-input-file | filecheck %s

// tf.Qr: one hlo.while step per column (2): the column k and its corner r[k, k] by
// dynamic_slice, the tail's squared norm, beta = -sign(c0) |x| (none where the tail is at most
// the smallest normal number), r -= (tau v) (v^T r), column k set to [beta, 0...], q -= (q v)
// (tau v)^T; q and r are the reduced slices.
// CHECK-LABEL: func.func @qr
// CHECK:         %{{.*}}, %[[Q:.*]], %[[R:.*]] = hlo.while(%[[K:.*]] = %{{.*}}, %[[QI:.*]] = %{{.*}}, %[[RI:.*]] = %a) : tensor<i32>, tensor<3x3xf32>, tensor<3x2xf32>
// CHECK:           %{{.*}} = hlo.constant dense<2> : tensor<i32>
// CHECK:           hlo.compare LT, %[[K]]
// CHECK:         } do {
// CHECK:           hlo.dynamic_slice %[[RI]], %{{.*}}, %[[K]], sizes = [3, 1]
// CHECK:           hlo.dynamic_slice %[[RI]], %[[K]], %[[K]], sizes = [1, 1]
// CHECK:           hlo.constant dense<1.17549435e-38> : tensor<f32>
// CHECK:           hlo.sqrt
// CHECK:           %{{.*}} = hlo.dot_general %[[V:.*]], %[[RI]], contracting_dims = [0] x [0] : (tensor<3xf32>, tensor<3x2xf32>) -> tensor<2xf32>
// CHECK:           %[[RNEW:.*]] = hlo.subtract %[[RI]], %{{.*}} : tensor<3x2xf32>
// CHECK:           %[[RZ:.*]] = hlo.select %{{.*}}, %{{.*}}, %[[RNEW]] : tensor<3x2xi1>, tensor<3x2xf32>
// CHECK:           %[[RB:.*]] = hlo.select %{{.*}}, %{{.*}}, %[[RZ]] : tensor<3x2xi1>, tensor<3x2xf32>
// CHECK:           %{{.*}} = hlo.dot_general %[[QI]], %[[V]], contracting_dims = [1] x [0] : (tensor<3x3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK:           %[[QNEW:.*]] = hlo.subtract %[[QI]], %{{.*}} : tensor<3x3xf32>
// CHECK:           hlo.return %{{.*}}, %[[QNEW]], %[[RB]] : tensor<i32>, tensor<3x3xf32>, tensor<3x2xf32>
// CHECK:         %q = hlo.slice %[[Q]] [0:3, 0:2] : (tensor<3x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    %r = hlo.slice %[[R]] [0:2, 0:2] : (tensor<3x2xf32>) -> tensor<2x2xf32>
func.func @qr(%a: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<2x2xf32>) {
  %q, %r = "tf.Qr"(%a) <{full_matrices = false}> : (tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<2x2xf32>)
  func.return %q, %r : tensor<3x2xf32>, tensor<2x2xf32>
}

// -----

// tf.SelfAdjointEigV2 of order 3: the lower triangle mirrored, a zero row and column more
// (order 4), Jacobi rounds in an hlo.while (round, rounds without a rotation, the matrix, the
// positions' original indices, the vectors) until 3 rounds in a row rotate nothing (at most
// 64 sweeps: 192 rounds). A round rotates the pairs (0, 1), (2, 3) where |g| > 4 eps
// sqrt(|a| |b|), columns then rows then the vectors' columns, and moves the positions by the
// round-robin permutation [0, 2, 3, 1]. The eigenvalues ascend (top_k of their negatives, the
// padding's at -inf); the vectors are the columns at those positions, the padding's row cut.
// CHECK-LABEL: func.func @eig
// CHECK:         %[[L:.*]] = hlo.compare GE, %{{.*}}, %{{.*}}, SIGNED : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi1>
// CHECK:         %[[T:.*]] = hlo.transpose %a, dims = [1, 0]
// CHECK:         %[[S:.*]] = hlo.select %[[L]], %a, %[[T]]
// CHECK:         %[[P:.*]] = hlo.pad %[[S]], %{{.*}}, low = [0, 0], high = [1, 1], interior = [0, 0] : (tensor<3x3xf32>, tensor<f32>) -> tensor<4x4xf32>
// CHECK:         %{{.*}}, %{{.*}}, %[[X:.*]], %[[IDS:.*]], %[[VS:.*]] = hlo.while(%[[STEP:.*]] = %{{.*}}, %[[QUIET:.*]] = %{{.*}}, %{{.*}} = %[[P]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : tensor<i32>, tensor<i32>, tensor<4x4xf32>, tensor<4xi32>, tensor<4x4xf32>
// CHECK:           hlo.constant dense<3> : tensor<i32>
// CHECK:           hlo.compare LT, %[[QUIET]]
// CHECK:           hlo.constant dense<192> : tensor<i32>
// CHECK:           hlo.compare LT, %[[STEP]]
// CHECK:         } do {
// CHECK:           hlo.slice %{{.*}} [0:4:2] : (tensor<4xf32>) -> tensor<2xf32>
// CHECK:           hlo.slice %{{.*}} [1:4:2] : (tensor<4xf32>) -> tensor<2xf32>
// CHECK:           hlo.constant dense<4.76837158e-07> : tensor<2xf32>
// CHECK:           %[[TURN:.*]] = hlo.compare GT, %{{.*}}, %{{.*}}, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK:           hlo.rsqrt
// CHECK:           hlo.concatenate %{{.*}}, %{{.*}}, dim = 2 : (tensor<4x2x1xf32>, tensor<4x2x1xf32>) -> tensor<4x2x2xf32>
// CHECK:           hlo.concatenate %{{.*}}, %{{.*}}, dim = 1 : (tensor<2x1x4xf32>, tensor<2x1x4xf32>) -> tensor<2x2x4xf32>
// CHECK:           %[[ORDER:.*]] = hlo.constant dense<[0, 2, 3, 1]> : tensor<4xi32>
// CHECK:           "hlo.gather"(%{{.*}}, %[[ORDER]])
// CHECK:           hlo.reduce(%[[TURN]] init: %{{.*}}) applies hlo.or
// CHECK:           hlo.return
// CHECK:         %[[DIAG:.*]] = hlo.reduce(%{{.*}} init: %{{.*}}) applies hlo.add across dimensions = [1] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK:         %[[NEG:.*]] = hlo.subtract %{{.*}}, %[[DIAG]] : tensor<4xf32>
// CHECK:         %[[PAD:.*]] = hlo.compare EQ, %{{.*}}, %{{.*}}, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK:         %[[KEY:.*]] = hlo.select %[[PAD]], %{{.*}}, %[[NEG]] : tensor<4xi1>, tensor<4xf32>
// CHECK:         %{{.*}}, %[[AT:.*]] = chlo.top_k(%[[KEY]], k = 4) : tensor<4xf32> -> (tensor<4xf32>, tensor<4xi32>)
// CHECK:         %[[FIRST:.*]] = hlo.slice %[[AT]] [0:3] : (tensor<4xi32>) -> tensor<3xi32>
// CHECK:         %e = "hlo.gather"(%[[DIAG]], %[[FIRST]])
// CHECK:         %[[COLS:.*]] = "hlo.gather"(%[[VS]], %[[FIRST]])
// CHECK:         %v = hlo.slice %[[COLS]] [0:3, 0:3] : (tensor<4x3xf32>) -> tensor<3x3xf32>
func.func @eig(%a: tensor<3x3xf32>) -> (tensor<3xf32>, tensor<3x3xf32>) {
  %e, %v = "tf.SelfAdjointEigV2"(%a) <{compute_v = true}> : (tensor<3x3xf32>) -> (tensor<3xf32>, tensor<3x3xf32>)
  func.return %e, %v : tensor<3xf32>, tensor<3x3xf32>
}

// -----

// tf.Svd of a wide matrix, values only: one-sided Jacobi on the columns of a^T (a, b, g: the
// pair's squared norms and dot product), no vectors carried; the values are the columns'
// norms, descending; u and v are empty.
// CHECK-LABEL: func.func @svd_values
// CHECK:         %[[AT:.*]] = hlo.transpose %a, dims = [1, 0] : (tensor<2x4xf32>) -> tensor<4x2xf32>
// CHECK:         %{{.*}}, %{{.*}}, %[[W:.*]], %{{.*}} = hlo.while(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %[[AT]], %{{.*}} = %{{.*}}) : tensor<i32>, tensor<i32>, tensor<4x2xf32>, tensor<2xi32>
// CHECK:           hlo.constant dense<64> : tensor<i32>
// CHECK:         } do {
// CHECK:           hlo.reduce(%{{.*}} init: %{{.*}}) applies hlo.add across dimensions = [0] : (tensor<4x1xf32>, tensor<f32>) -> tensor<1xf32>
// CHECK:           hlo.constant dense<[0, 1]> : tensor<2xi32>
// CHECK:         %[[SQ:.*]] = hlo.multiply %[[W]], %[[W]] : tensor<4x2xf32>
// CHECK:         %[[SUM:.*]] = hlo.reduce(%[[SQ]] init: %{{.*}}) applies hlo.add across dimensions = [0]
// CHECK:         %[[NORMS:.*]] = hlo.sqrt %[[SUM]] : tensor<2xf32>
// CHECK:         chlo.top_k(%{{.*}}, k = 2)
// CHECK:         %[[S:.*]] = "hlo.gather"(%[[NORMS]], %{{.*}})
// CHECK:         %[[EMPTY:.*]] = hlo.constant dense<> : tensor<0xf32>
// CHECK:         func.return %[[S]], %[[EMPTY]], %[[EMPTY]]
func.func @svd_values(%a: tensor<2x4xf32>) -> (tensor<2xf32>, tensor<0xf32>, tensor<0xf32>) {
  %s, %u, %v = "tf.Svd"(%a) <{compute_uv = false, full_matrices = false}> : (tensor<2x4xf32>) -> (tensor<2xf32>, tensor<0xf32>, tensor<0xf32>)
  func.return %s, %u, %v : tensor<2xf32>, tensor<0xf32>, tensor<0xf32>
}

// -----

// tf.Lu: one hlo.while step per column (the step, the matrix, the permutation from iota): the
// pivot is the first row at or below k of largest |a[r, k]| (max, then the least row holding
// it); rows k and pivot swap by a gather of the rows and of the permutation; the column below
// the diagonal is divided by the pivot (1 where it is 0), the trailing block loses l u^T and
// column k below the diagonal becomes l. An int64 permutation is converted at the end.
// CHECK-LABEL: func.func @lu
// CHECK:         %{{.*}}, %lu, %[[P:.*]] = hlo.while(%[[K:.*]] = %{{.*}}, %[[A:.*]] = %a, %[[ORDER:.*]] = %{{.*}}) : tensor<i32>, tensor<3x3xf32>, tensor<3xi32>
// CHECK:         } do {
// CHECK:           hlo.reduce(%{{.*}} init: %{{.*}}) applies hlo.maximum across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
// CHECK:           %[[ROW:.*]] = hlo.reduce(%{{.*}} init: %{{.*}}) applies hlo.minimum across dimensions = [0] : (tensor<3xi32>, tensor<i32>) -> tensor<i32>
// CHECK:           %[[SWAPPED:.*]] = "hlo.gather"(%[[A]], %[[SRC:.*]]) <{
// CHECK:           %[[NEWORDER:.*]] = "hlo.gather"(%[[ORDER]], %[[SRC]]) <{
// CHECK:           hlo.dynamic_slice %[[SWAPPED]], %[[K]], %[[K]], sizes = [1, 1]
// CHECK:           hlo.divide
// CHECK:           %[[TRAIL:.*]] = hlo.subtract %[[SWAPPED]], %{{.*}} : tensor<3x3xf32>
// CHECK:           %[[NEW:.*]] = hlo.select %{{.*}}, %{{.*}}, %[[TRAIL]] : tensor<3x3xi1>, tensor<3x3xf32>
// CHECK:           hlo.return %{{.*}}, %[[NEW]], %[[NEWORDER]] : tensor<i32>, tensor<3x3xf32>, tensor<3xi32>
// CHECK:         %p = hlo.convert %[[P]] : (tensor<3xi32>) -> tensor<3xi64>
// CHECK-NEXT:    func.return %lu, %p
func.func @lu(%a: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi64>) {
  %lu, %p = "tf.Lu"(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi64>)
  func.return %lu, %p : tensor<3x3xf32>, tensor<3xi64>
}
