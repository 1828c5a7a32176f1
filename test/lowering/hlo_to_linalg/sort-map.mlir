// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=EXEC

// hlo.map becomes one linalg.generic whose body is its computation on scalars. hlo.sort becomes
// a loop (an hlo.while, lowered as any other) of odd-even transposition rounds: ceil(n / 2)
// steps, each comparing the pairs (0, 1), (2, 3), ... and then (1, 2), (3, 4), ... The pairs are
// a [pairs, 2] view of the slice; the comparator runs on all of them at once (an hlo.map, with
// the right element as its lhs) and a pair swaps where it says right comes first, so equal
// elements keep their order. Operands sit behind an optimization_barrier so the compiled code
// computes the values, which are numpy's (np.sort / np.argsort with kind="stable").

// Nine elements: the even round pairs [0, 8) and leaves the last; the odd round pairs [1, 9).
// CHECK-LABEL: func.func @sort_f32_ascending
// CHECK:         %[[STEPS:.*]] = arith.constant 5 : i32
// CHECK:         arith.cmpi slt, %{{.*}}, %[[STEPS]] : i32
// CHECK:         scf.condition
// CHECK:       } do {
// CHECK:         tensor.expand_shape %{{.*}} : tensor<8xf32> into tensor<4x2xf32>
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<4x1xi1>)
// CHECK-NEXT:    ^bb0(%[[RIGHT:.*]]: f32, %[[LEFT:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT:      %[[FIRST:.*]] = arith.cmpf olt, %[[RIGHT]], %[[LEFT]] : f32
// CHECK-NEXT:      linalg.yield %[[FIRST]] : i1
// CHECK:         arith.select
// CHECK:         arith.select
// CHECK:         tensor.collapse_shape %{{.*}} : tensor<4x2xf32> into tensor<8xf32>
// CHECK:         tensor.expand_shape %{{.*}} : tensor<8xf32> into tensor<4x2xf32>
// CHECK:         arith.cmpf olt
// CHECK:         tensor.collapse_shape %{{.*}} : tensor<4x2xf32> into tensor<8xf32>
// CHECK:         scf.yield
// EXEC: PASS @sort_f32_ascending
func.func @sort_f32_ascending() {
  %x0 = hlo.constant dense<[3.5, -1.25, 7.0, 0.0, -8.5, 2.25, 7.0, -0.5, 1.0]> : tensor<9xf32>
  %x = hlo.optimization_barrier %x0 : tensor<9xf32>
  %r = "hlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<9xf32>) -> tensor<9xf32>
  check.expect_eq_const %r, dense<[-8.5, -1.25, -0.5, 0.0, 1.0, 2.25, 3.5, 7.0, 7.0]> : tensor<9xf32>
  func.return
}

// EXEC: PASS @sort_f32_descending
func.func @sort_f32_descending() {
  %x0 = hlo.constant dense<[0.5, -2.0, 9.25, 3.0, -7.5, 4.0, 1.5, -0.25]> : tensor<8xf32>
  %x = hlo.optimization_barrier %x0 : tensor<8xf32>
  %r = "hlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %gt = hlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %gt : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<8xf32>) -> tensor<8xf32>
  check.expect_eq_const %r, dense<[9.25, 4.0, 3.0, 1.5, 0.5, -0.25, -2.0, -7.5]> : tensor<8xf32>
  func.return
}

// Keys and their indices sorted together by the keys alone: equal keys keep their indices in
// order.
// EXEC: PASS @argsort_stable
func.func @argsort_stable() {
  %k0 = hlo.constant dense<[2.0, 1.0, 2.0, 0.5, 1.0, 2.0, 0.5, 3.0, 1.0, 0.5]> : tensor<10xf32>
  %i0 = hlo.iota dim = 0 : tensor<10xi32>
  %k, %i = hlo.optimization_barrier %k0, %i0 : tensor<10xf32>, tensor<10xi32>
  %r:2 = "hlo.sort"(%k, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<10xf32>, tensor<10xi32>) -> (tensor<10xf32>, tensor<10xi32>)
  check.expect_eq_const %r#0, dense<[0.5, 0.5, 0.5, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 3.0]> : tensor<10xf32>
  check.expect_eq_const %r#1, dense<[3, 6, 9, 1, 4, 8, 0, 2, 5, 7]> : tensor<10xi32>
  func.return
}

// A comparator of several ops: by magnitude, largest first (dimension -1 counts from the back).
// CHECK-LABEL: func.func @sort_by_magnitude
// CHECK:         ^bb0(%[[RIGHT:.*]]: i32, %[[LEFT:.*]]: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i1):
// CHECK-NEXT:      %[[R:.*]] = math.absi %[[RIGHT]] : i32
// CHECK-NEXT:      %[[L:.*]] = math.absi %[[LEFT]] : i32
// CHECK-NEXT:      %[[FIRST:.*]] = arith.cmpi sgt, %[[R]], %[[L]] : i32
// CHECK-NEXT:      linalg.yield %[[FIRST]] : i1
// EXEC: PASS @sort_by_magnitude
func.func @sort_by_magnitude() {
  %x0 = hlo.constant dense<[-4, 2, 4, -1, -2, 0, 1]> : tensor<7xi32>
  %i0 = hlo.iota dim = 0 : tensor<7xi32>
  %x, %i = hlo.optimization_barrier %x0, %i0 : tensor<7xi32>, tensor<7xi32>
  %r:2 = "hlo.sort"(%x, %i) <{dimension = -1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %abs_a = hlo.abs %a : tensor<i32>
    %abs_b = hlo.abs %b : tensor<i32>
    %gt = hlo.compare GT, %abs_a, %abs_b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %gt : tensor<i1>
  }) : (tensor<7xi32>, tensor<7xi32>) -> (tensor<7xi32>, tensor<7xi32>)
  check.expect_eq_const %r#0, dense<[-4, 4, 2, -2, -1, 1, 0]> : tensor<7xi32>
  check.expect_eq_const %r#1, dense<[0, 2, 1, 4, 3, 6, 5]> : tensor<7xi32>
  func.return
}

// Along dim 1 each row is sorted, in one comparison per pair of every row; a dim of length 1
// is already sorted (no loop).
// CHECK-LABEL: func.func @sort_2d_dim1
// CHECK:         tensor.expand_shape %{{.*}} : tensor<12xi32> into tensor<3x2x2xi32>
// CHECK:         arith.cmpi slt
// CHECK-NOT:     scf.while
// CHECK:         check.expect_eq_const
// EXEC: PASS @sort_2d_dim1
func.func @sort_2d_dim1() {
  %x0 = hlo.constant dense<[[5, -3, 9, 0, -3], [2, 2, -7, 11, 1], [-1, 8, 4, -6, 3]]> : tensor<3x5xi32>
  %y0 = hlo.constant dense<[[4], [-2], [7]]> : tensor<3x1xi32>
  %x, %y = hlo.optimization_barrier %x0, %y0 : tensor<3x5xi32>, tensor<3x1xi32>
  %r = "hlo.sort"(%x) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<3x5xi32>) -> tensor<3x5xi32>
  %s = "hlo.sort"(%y) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<3x1xi32>) -> tensor<3x1xi32>
  check.expect_eq_const %r, dense<[[-3, -3, 0, 5, 9], [-7, 1, 2, 2, 11], [-6, -1, 3, 4, 8]]> : tensor<3x5xi32>
  check.expect_eq_const %s, dense<[[4], [-2], [7]]> : tensor<3x1xi32>
  func.return
}

// Along dim 0 with each element's row index: ties keep their rows in order.
// EXEC: PASS @sort_2d_dim0
func.func @sort_2d_dim0() {
  %x0 = hlo.constant dense<[[5, -3, 9, 0], [2, 2, 9, 11], [5, 8, -4, 0], [2, -3, 9, 0]]> : tensor<4x4xi32>
  %i0 = hlo.iota dim = 0 : tensor<4x4xi32>
  %x, %i = hlo.optimization_barrier %x0, %i0 : tensor<4x4xi32>, tensor<4x4xi32>
  %r:2 = "hlo.sort"(%x, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<4x4xi32>, tensor<4x4xi32>) -> (tensor<4x4xi32>, tensor<4x4xi32>)
  check.expect_eq_const %r#0, dense<[[2, -3, -4, 0], [2, -3, 9, 0], [5, 2, 9, 0], [5, 8, 9, 11]]> : tensor<4x4xi32>
  check.expect_eq_const %r#1, dense<[[1, 0, 2, 0], [3, 3, 0, 2], [0, 1, 1, 3], [2, 2, 3, 1]]> : tensor<4x4xi32>
  func.return
}

// CHECK-LABEL: func.func @map_two_inputs
// The barrier lowers to its operands.
// CHECK:         %[[P:.*]] = arith.constant dense<{{.*}}> : tensor<2x3xf32>
// CHECK-NEXT:    %[[Q:.*]] = arith.constant dense<{{.*}}> : tensor<2x3xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[P]], %[[Q]] : tensor<2x3xf32>, tensor<2x3xf32>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT:      linalg.yield %[[M]] : f32
// EXEC: PASS @map_two_inputs
func.func @map_two_inputs() {
  %p0 = hlo.constant dense<[[1.5, -2.0, 0.25], [4.0, -0.5, 3.0]]> : tensor<2x3xf32>
  %q0 = hlo.constant dense<[[2.0, 3.0, -8.0], [0.5, 6.0, -1.0]]> : tensor<2x3xf32>
  %p, %q = hlo.optimization_barrier %p0, %q0 : tensor<2x3xf32>, tensor<2x3xf32>
  %r = "hlo.map"(%p, %q) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = hlo.multiply %x, %y : tensor<f32>
    hlo.return %m : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[3.0, -6.0, -2.0], [2.0, -3.0, -3.0]]> : tensor<2x3xf32>
  func.return
}

// Several ops, constants among them, and inputs of two element types.
// CHECK-LABEL: func.func @map_multi_op
// CHECK:         linalg.generic
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[X]], %[[TWO]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[M]], %[[Y]] : f32
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[R:.*]] = arith.maximumf %[[S]], %[[ZERO]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK:         linalg.generic
// CHECK-NEXT:    ^bb0(%[[I:.*]]: i32, %[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[F:.*]] = arith.sitofp %[[I]] : i32 to f32
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[F]], %[[X]] : f32
// CHECK-NEXT:      linalg.yield %[[P]] : f32
// EXEC: PASS @map_multi_op
func.func @map_multi_op() {
  %p0 = hlo.constant dense<[[1.5, -2.0, 0.25], [4.0, -0.5, 3.0]]> : tensor<2x3xf32>
  %q0 = hlo.constant dense<[[2.0, 3.0, -8.0], [0.5, 6.0, -1.0]]> : tensor<2x3xf32>
  %i0 = hlo.constant dense<[[3, -1, 0], [7, 2, -5]]> : tensor<2x3xi32>
  %p, %q, %i = hlo.optimization_barrier %p0, %q0, %i0 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>
  %relu = "hlo.map"(%p, %q) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %two = hlo.constant dense<2.0> : tensor<f32>
    %m = hlo.multiply %x, %two : tensor<f32>
    %s = hlo.add %m, %y : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %r = hlo.maximum %s, %zero : tensor<f32>
    hlo.return %r : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %scaled = "hlo.map"(%i, %p) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%n: tensor<i32>, %x: tensor<f32>):
    %f = hlo.convert %n : (tensor<i32>) -> tensor<f32>
    %r = hlo.multiply %f, %x : tensor<f32>
    hlo.return %r : tensor<f32>
  }) : (tensor<2x3xi32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %relu, dense<[[5.0, 0.0, 0.0], [8.5, 5.0, 5.0]]> : tensor<2x3xf32>
  check.expect_eq_const %scaled, dense<[[4.5, 2.0, 0.0], [28.0, -1.0, -15.0]]> : tensor<2x3xf32>
  func.return
}
// EXEC: 8 of 8 functions passed
