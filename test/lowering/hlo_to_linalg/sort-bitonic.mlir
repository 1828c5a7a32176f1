// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=EXEC

// hlo.sort along 64 elements and more: the bitonic network. The inputs are padded to the next
// power of 2, N, with an i32 operand of each element's original index; an hlo.while runs the
// network's log2(N) (log2(N) + 1) / 2 rounds ((k, j) from two constant tables, 28 rounds for
// 128). In a round element i sees its partner i ^ j and keeps it where the pair's order puts it
// on i's side; the order is the comparator's, then the original index (stable; the padding
// last). Operands sit behind an optimization_barrier; the expected values are numpy's
// (np.argsort with kind="stable").
// EXEC: PASS @floats_100
// EXEC: PASS @ints_descending_dim0
// EXEC: 2 of 2 functions passed

// 100 floats (padded to 128 inside): ties among 12 values keep their order; NaN last, -inf
// first, -0 before +0 (total order).
// CHECK-LABEL: func.func @floats_100
// CHECK-NOT:     scf.while {{.*}}tensor<100xf32>
// CHECK:         scf.while {{.*}}tensor<128xf32>, tensor<128xi32>, tensor<128xi32>
// CHECK:         } do {
// CHECK:           tensor.extract %{{.*}}[%{{.*}}] : tensor<28xi32>
// CHECK:           tensor.extract %{{.*}}[%{{.*}}] : tensor<28xi32>
// The comparator (a total-order compare: integer keys) twice, partner-mine and mine-partner:
// CHECK:           arith.cmpi slt
// CHECK:           arith.cmpi slt
// CHECK:           scf.yield %{{.*}} : tensor<i32>, tensor<128xf32>, tensor<128xi32>, tensor<128xi32>
// The first 100 of each:
// CHECK:         %v = linalg.generic {{.*}} ins(%{{.*}} : tensor<128xf32>) outs(%{{.*}} : tensor<100xf32>)
func.func @floats_100() {
  %c = hlo.constant dense<[-0.5, 2.0, 2.5, 0x7FC00000, -2.5, 0.5, 1.0, 1.5, 0.5, 1.0, 2.0, 2.0, 2.5, 2.0, 1.0, 2.5, -3.0, -3.0, 1.5, -0.5, 1.0, -0.5, 2.0, -3.0, 1.0, -3.0, -2.5, 1.5, -1.5, 2.5, -1.0, 1.5, 2.5, -1.5, 2.5, 1.0, 2.5, -1.5, 0.0, 1.0, -0.0, -1.5, -0.5, 1.5, 2.0, 2.5, -2.0, 2.5, -2.5, 2.0, 0.0, 2.0, 2.0, 1.0, 0.0, 0.0, -3.0, 2.5, 2.5, -2.5, 0xFF800000, -1.0, 1.0, 0.5, 0.5, -0.5, -2.5, 1.5, 2.0, -2.0, -0.5, -3.0, -0.5, -2.5, -1.0, 2.5, -2.5, 0x7F800000, 1.0, -2.0, -3.0, -1.0, -2.0, 0.5, 0.0, 1.5, 0.5, -3.0, -3.0, 2.5, 1.0, 1.5, 1.5, -1.5, 0.0, -2.0, -3.0, 0.5, -2.0, 0.5]> : tensor<100xf32>
  %x = hlo.optimization_barrier %c : tensor<100xf32>
  %i = hlo.iota dim = 0 : tensor<100xi32>
  %v, %j = "hlo.sort"(%x, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %p: tensor<i32>, %q: tensor<i32>):
    %first = hlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %first : tensor<i1>
  }) : (tensor<100xf32>, tensor<100xi32>) -> (tensor<100xf32>, tensor<100xi32>)
  check.expect_eq_const %v, dense<[0xFF800000, -3.0, -3.0, -3.0, -3.0, -3.0, -3.0, -3.0, -3.0, -3.0, -3.0, -2.5, -2.5, -2.5, -2.5, -2.5, -2.5, -2.5, -2.0, -2.0, -2.0, -2.0, -2.0, -2.0, -1.5, -1.5, -1.5, -1.5, -1.5, -1.0, -1.0, -1.0, -1.0, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 0x7F800000, 0x7FC00000]> : tensor<100xf32>
  check.expect_eq_const %j, dense<[60, 16, 17, 23, 25, 56, 71, 80, 87, 88, 96, 4, 26, 48, 59, 66, 73, 76, 46, 69, 79, 82, 95, 98, 28, 33, 37, 41, 93, 30, 61, 74, 81, 0, 19, 21, 42, 65, 70, 72, 40, 38, 50, 54, 55, 84, 94, 5, 8, 63, 64, 83, 86, 97, 99, 6, 9, 14, 20, 24, 35, 39, 53, 62, 78, 90, 7, 18, 27, 31, 43, 67, 85, 91, 92, 1, 10, 11, 13, 22, 44, 49, 51, 52, 68, 2, 12, 15, 29, 32, 34, 36, 45, 47, 57, 58, 75, 89, 77, 3]> : tensor<100xi32>
  func.return
}

// Descending along dim 0 of 64 x 3 (a power of 2: no padding), many ties.
func.func @ints_descending_dim0() {
  %c = hlo.constant dense<[[3, -2, -2], [-2, -1, 2], [1, 1, -3], [2, 2, -2], [1, 2, -3], [-3, -2, -3], [1, -2, 1], [2, -2, 0], [1, 1, -2], [1, -2, 1], [-2, -1, 3], [2, -3, -3], [-3, -1, 3], [-3, -3, -3], [-2, 3, -1], [1, -3, 2], [0, 1, 3], [1, -3, 2], [0, 1, -3], [0, 3, 0], [-1, 0, -3], [-1, 2, 1], [-2, -1, -3], [1, 2, 0], [1, 2, 2], [1, 1, -3], [-1, 2, 2], [3, -1, -1], [3, 2, -3], [2, -1, 0], [2, -3, 1], [2, 1, 2], [3, -1, -2], [-2, 0, 2], [1, 0, 3], [-3, 2, -2], [2, -2, 2], [1, 0, 0], [2, 0, -3], [-1, 1, -1], [-3, 0, -3], [0, 0, 0], [2, 2, 1], [3, 2, 2], [0, 0, 1], [3, 1, -3], [2, 3, -1], [0, 3, 0], [-2, 2, -3], [1, 0, 2], [-2, -1, 1], [0, 3, 1], [0, -2, 2], [2, 1, -2], [0, -3, 3], [-2, 0, 2], [-2, 0, 2], [-3, 3, -2], [1, 0, 1], [-3, 3, -1], [0, -2, 3], [1, -3, -2], [2, -1, -2], [0, -2, 3]]> : tensor<64x3xi32>
  %x = hlo.optimization_barrier %c : tensor<64x3xi32>
  %i = hlo.iota dim = 0 : tensor<64x3xi32>
  %v, %j = "hlo.sort"(%x, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %p: tensor<i32>, %q: tensor<i32>):
    %first = hlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %first : tensor<i1>
  }) : (tensor<64x3xi32>, tensor<64x3xi32>) -> (tensor<64x3xi32>, tensor<64x3xi32>)
  check.expect_eq_const %v, dense<[[3, 3, 3], [3, 3, 3], [3, 3, 3], [3, 3, 3], [3, 3, 3], [3, 3, 3], [2, 3, 3], [2, 2, 2], [2, 2, 2], [2, 2, 2], [2, 2, 2], [2, 2, 2], [2, 2, 2], [2, 2, 2], [2, 2, 2], [2, 2, 2], [2, 2, 2], [2, 2, 2], [1, 1, 2], [1, 1, 2], [1, 1, 1], [1, 1, 1], [1, 1, 1], [1, 1, 1], [1, 1, 1], [1, 1, 1], [1, 1, 1], [1, 0, 1], [1, 0, 1], [1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, -1], [0, 0, -1], [0, 0, -1], [0, -1, -1], [0, -1, -1], [0, -1, -2], [0, -1, -2], [0, -1, -2], [-1, -1, -2], [-1, -1, -2], [-1, -1, -2], [-1, -1, -2], [-2, -2, -2], [-2, -2, -2], [-2, -2, -3], [-2, -2, -3], [-2, -2, -3], [-2, -2, -3], [-2, -2, -3], [-2, -2, -3], [-2, -2, -3], [-3, -3, -3], [-3, -3, -3], [-3, -3, -3], [-3, -3, -3], [-3, -3, -3], [-3, -3, -3], [-3, -3, -3]]> : tensor<64x3xi32>
  check.expect_eq_const %j, dense<[[0, 14, 10], [27, 19, 12], [28, 46, 16], [32, 47, 34], [43, 51, 54], [45, 57, 60], [3, 59, 63], [7, 3, 1], [11, 4, 15], [29, 21, 17], [30, 23, 24], [31, 24, 26], [36, 26, 31], [38, 28, 33], [42, 35, 36], [46, 42, 43], [53, 43, 49], [62, 48, 52], [2, 2, 55], [4, 8, 56], [6, 16, 6], [8, 18, 9], [9, 25, 21], [15, 31, 30], [17, 39, 42], [23, 45, 44], [24, 53, 50], [25, 20, 51], [34, 33, 58], [37, 34, 7], [49, 37, 19], [58, 38, 23], [61, 40, 29], [16, 41, 37], [18, 44, 41], [19, 49, 47], [41, 55, 14], [44, 56, 27], [47, 58, 39], [51, 1, 46], [52, 10, 59], [54, 12, 0], [60, 22, 3], [63, 27, 8], [20, 29, 32], [21, 32, 35], [26, 50, 53], [39, 62, 57], [1, 0, 61], [10, 5, 62], [14, 6, 2], [22, 7, 4], [33, 9, 5], [48, 36, 11], [50, 52, 13], [55, 60, 18], [56, 63, 20], [5, 11, 22], [12, 13, 25], [13, 15, 28], [35, 17, 38], [40, 30, 40], [57, 54, 45], [59, 61, 48]]> : tensor<64x3xi32>
  func.return
}

