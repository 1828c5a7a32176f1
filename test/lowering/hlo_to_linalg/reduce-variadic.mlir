// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=EXEC

// An hlo.reduce whose body is more than one op, or that reduces several operands at once (JAX's
// argmax and argmin), becomes one linalg.generic: the reduced dims are reduction loops, the
// operands its inputs, one output per operand filled with its init value, and the body's hlo
// ops its scalar ops. The body takes (acc..., elem...), each step body(what came before, next
// element), so the generic's outputs (its last block args) are the accumulators. hlo.reduce_window
// does the same over the windows of its (padded) operands. Operands sit behind an
// optimization_barrier so the compiled code computes the values.

// JAX's argmax: the larger value wins, a NaN wins (the first one), and of equal values the one
// with the smaller index.
// CHECK-LABEL: func.func @argmax_ties
// CHECK:         %[[V0:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<2xf32>)
// CHECK:         %[[I0:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<2xi32>)
// CHECK:         %{{.*}}, %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME:      ins(%{{.*}}, %{{.*}} : tensor<2x6xf32>, tensor<2x6xi32>) outs(%[[V0]], %[[I0]] : tensor<2xf32>, tensor<2xi32>)
// CHECK-NEXT:    ^bb0(%[[E:.*]]: f32, %[[EI:.*]]: i32, %[[ACC:.*]]: f32, %[[ACCI:.*]]: i32):
// CHECK-NEXT:      %[[GT:.*]] = arith.cmpf ogt, %[[ACC]], %[[E]] : f32
// CHECK-NEXT:      %[[NAN:.*]] = arith.cmpf une, %[[ACC]], %[[ACC]] : f32
// CHECK-NEXT:      %[[KEEP:.*]] = arith.ori %[[GT]], %[[NAN]] : i1
// CHECK-NEXT:      %[[EQ:.*]] = arith.cmpf oeq, %[[ACC]], %[[E]] : f32
// CHECK-NEXT:      %[[FIRST:.*]] = arith.cmpi slt, %[[ACCI]], %[[EI]] : i32
// CHECK-NEXT:      %[[TIE:.*]] = arith.andi %[[EQ]], %[[FIRST]] : i1
// CHECK-NEXT:      %[[KEEPI:.*]] = arith.ori %[[KEEP]], %[[TIE]] : i1
// CHECK-NEXT:      %[[V:.*]] = arith.select %[[KEEP]], %[[ACC]], %[[E]] : f32
// CHECK-NEXT:      %[[VI:.*]] = arith.select %[[KEEPI]], %[[ACCI]], %[[EI]] : i32
// CHECK-NEXT:      linalg.yield %[[V]], %[[VI]] : f32, i32
// CHECK-NEXT:    } -> (tensor<2xf32>, tensor<2xi32>)
// CHECK:         check.expect_eq_const %[[R]]
// EXEC: PASS @argmax_ties
func.func @argmax_ties() {
  %x0 = hlo.constant dense<[[1.0, 5.0, -2.0, 5.0, 0.5, 5.0], [-1.0, 0x7FC00000, 3.0, 0x7FC00000, 9.0, -4.0]]> : tensor<2x6xf32>
  %i0 = hlo.iota dim = 1 : tensor<2x6xi32>
  %x, %i = hlo.optimization_barrier %x0, %i0 : tensor<2x6xf32>, tensor<2x6xi32>
  %lowest = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.reduce(%x init: %lowest), (%i init: %zero) across dimensions = [1] : (tensor<2x6xf32>, tensor<2x6xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %gt = hlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nan = hlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %keep = hlo.or %gt, %nan : tensor<i1>
    %eq = hlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %first = hlo.compare LT, %ai, %bi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = hlo.and %eq, %first : tensor<i1>
    %keep_i = hlo.or %keep, %tie : tensor<i1>
    %v = hlo.select %keep, %a, %b : tensor<i1>, tensor<f32>
    %vi = hlo.select %keep_i, %ai, %bi : tensor<i1>, tensor<i32>
    hlo.return %v, %vi : tensor<f32>, tensor<i32>
  }
  check.expect_eq_const %r#1, dense<[1, 1]> : tensor<2xi32>
  %v = hlo.slice %r#0 [0:1] : (tensor<2xf32>) -> tensor<1xf32>
  check.expect_eq_const %v, dense<[5.0]> : tensor<1xf32>
  func.return
}

// JAX's argmin of i8 along dim 0 of a 3-D operand (ties: the first index), and of a bool vector
// (the first false; all true gives index 0).
// EXEC: PASS @argmin_dim0
func.func @argmin_dim0() {
  %x0 = hlo.constant dense<[[[3, -7], [0, 2]], [[-7, -7], [0, 1]], [[5, -8], [0, 1]]]> : tensor<3x2x2xi8>
  %i0 = hlo.iota dim = 0 : tensor<3x2x2xi32>
  %b0 = hlo.constant dense<[[true, false, true, false], [true, true, true, true]]> : tensor<2x4xi1>
  %j0 = hlo.iota dim = 1 : tensor<2x4xi32>
  %x, %i, %b, %j = hlo.optimization_barrier %x0, %i0, %b0, %j0 : tensor<3x2x2xi8>, tensor<3x2x2xi32>, tensor<2x4xi1>, tensor<2x4xi32>
  %highest = hlo.constant dense<127> : tensor<i8>
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.reduce(%x init: %highest), (%i init: %zero) across dimensions = [0] : (tensor<3x2x2xi8>, tensor<3x2x2xi32>, tensor<i8>, tensor<i32>) -> (tensor<2x2xi8>, tensor<2x2xi32>)
   reducer(%a: tensor<i8>, %c: tensor<i8>) (%ai: tensor<i32>, %ci: tensor<i32>) {
    %lt = hlo.compare LT, %a, %c, SIGNED : (tensor<i8>, tensor<i8>) -> tensor<i1>
    %eq = hlo.compare EQ, %a, %c, SIGNED : (tensor<i8>, tensor<i8>) -> tensor<i1>
    %first = hlo.compare LT, %ai, %ci, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = hlo.and %eq, %first : tensor<i1>
    %keep_i = hlo.or %lt, %tie : tensor<i1>
    %v = hlo.select %lt, %a, %c : tensor<i1>, tensor<i8>
    %vi = hlo.select %keep_i, %ai, %ci : tensor<i1>, tensor<i32>
    hlo.return %v, %vi : tensor<i8>, tensor<i32>
  }
  check.expect_eq_const %r#0, dense<[[-7, -8], [0, 1]]> : tensor<2x2xi8>
  check.expect_eq_const %r#1, dense<[[1, 2], [0, 1]]> : tensor<2x2xi32>
  %true = hlo.constant dense<true> : tensor<i1>
  %s:2 = hlo.reduce(%b init: %true), (%j init: %zero) across dimensions = [1] : (tensor<2x4xi1>, tensor<2x4xi32>, tensor<i1>, tensor<i32>) -> (tensor<2xi1>, tensor<2xi32>)
   reducer(%a: tensor<i1>, %c: tensor<i1>) (%ai: tensor<i32>, %ci: tensor<i32>) {
    %lt = hlo.compare LT, %a, %c, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %eq = hlo.compare EQ, %a, %c, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %first = hlo.compare LT, %ai, %ci, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = hlo.and %eq, %first : tensor<i1>
    %keep_i = hlo.or %lt, %tie : tensor<i1>
    %v = hlo.select %lt, %a, %c : tensor<i1>, tensor<i1>
    %vi = hlo.select %keep_i, %ai, %ci : tensor<i1>, tensor<i32>
    hlo.return %v, %vi : tensor<i1>, tensor<i32>
  }
  check.expect_eq_const %s#1, dense<[1, 0]> : tensor<2xi32>
  func.return
}

// A body that is not commutative shows which argument is the accumulator: acc * 2 + elem over
// the elements in index order reads them as the bits of a binary number (StableHLO leaves the
// order of a reduction open; Strata's is a left fold from the init value, in index order). Dims
// [0, 2] of a 2x2x3 operand: for each j the elements x[0, j, 0..2] then x[1, j, 0..2].
// CHECK-LABEL: func.func @binary_number_multi_dim
// CHECK:         linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]}
// CHECK-NEXT:    ^bb0(%[[E:.*]]: i32, %[[ACC:.*]]: i32):
// CHECK-NEXT:      %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-NEXT:      %[[D:.*]] = arith.muli %[[ACC]], %[[TWO]] : i32
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[D]], %[[E]] : i32
// CHECK-NEXT:      linalg.yield %[[S]] : i32
// EXEC: PASS @binary_number_multi_dim
func.func @binary_number_multi_dim() {
  %x0 = hlo.constant dense<[[[1, 0, 1], [0, 0, 1]], [[1, 0, 0], [1, 1, 1]]]> : tensor<2x2x3xi32>
  %x = hlo.optimization_barrier %x0 : tensor<2x2x3xi32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %r = hlo.reduce(%x init: %zero) across dimensions = [0, 2] : (tensor<2x2x3xi32>, tensor<i32>) -> tensor<2xi32>
   reducer(%acc: tensor<i32>, %e: tensor<i32>) {
    %two = hlo.constant dense<2> : tensor<i32>
    %d = hlo.multiply %acc, %two : tensor<i32>
    %s = hlo.add %d, %e : tensor<i32>
    hlo.return %s : tensor<i32>
  }
  check.expect_eq_const %r, dense<[44, 15]> : tensor<2xi32>
  func.return
}

// Three operands reduced at once, each by its own part of the body (sum of squares in f64, the
// max of ui8 and the count of true), a value captured from outside the body (the scale), and a
// reduce over a dimension of size 0 (each result its init value).
// EXEC: PASS @three_operands
func.func @three_operands() {
  %x0 = hlo.constant dense<[[1.5, -2.0, 0.25], [3.0, 0.0, -1.0]]> : tensor<2x3xf64>
  %u0 = hlo.constant dense<[[7, 200, 13], [255, 0, 254]]> : tensor<2x3xui8>
  %b0 = hlo.constant dense<[[true, false, true], [false, false, false]]> : tensor<2x3xi1>
  %k0 = hlo.constant dense<10.0> : tensor<f64>
  %x, %u, %b, %k = hlo.optimization_barrier %x0, %u0, %b0, %k0 : tensor<2x3xf64>, tensor<2x3xui8>, tensor<2x3xi1>, tensor<f64>
  %zf = hlo.constant dense<0.0> : tensor<f64>
  %zu = hlo.constant dense<0> : tensor<ui8>
  %zi = hlo.constant dense<0> : tensor<i32>
  %n = hlo.convert %b : (tensor<2x3xi1>) -> tensor<2x3xi32>
  %r:3 = hlo.reduce(%x init: %zf), (%u init: %zu), (%n init: %zi) across dimensions = [1] : (tensor<2x3xf64>, tensor<2x3xui8>, tensor<2x3xi32>, tensor<f64>, tensor<ui8>, tensor<i32>) -> (tensor<2xf64>, tensor<2xui8>, tensor<2xi32>)
   reducer(%a: tensor<f64>, %c: tensor<f64>) (%au: tensor<ui8>, %cu: tensor<ui8>) (%an: tensor<i32>, %cn: tensor<i32>) {
    %sq = hlo.multiply %c, %c : tensor<f64>
    %scaled = hlo.multiply %sq, %k : tensor<f64>
    %s = hlo.add %a, %scaled : tensor<f64>
    %m = hlo.maximum %au, %cu : tensor<ui8>
    %t = hlo.add %an, %cn : tensor<i32>
    hlo.return %s, %m, %t : tensor<f64>, tensor<ui8>, tensor<i32>
  }
  check.expect_almost_eq_const %r#0, dense<[63.125, 100.0]> : tensor<2xf64>
  check.expect_eq_const %r#1, dense<[200, 255]> : tensor<2xui8>
  check.expect_eq_const %r#2, dense<[2, 0]> : tensor<2xi32>
  %e0 = hlo.iota dim = 1 : tensor<2x0xf64>
  %ei0 = hlo.iota dim = 1 : tensor<2x0xi32>
  %e, %ei = hlo.optimization_barrier %e0, %ei0 : tensor<2x0xf64>, tensor<2x0xi32>
  %low = hlo.constant dense<-1.0> : tensor<f64>
  %minus = hlo.constant dense<-1> : tensor<i32>
  %s:2 = hlo.reduce(%e init: %low), (%ei init: %minus) across dimensions = [1] : (tensor<2x0xf64>, tensor<2x0xi32>, tensor<f64>, tensor<i32>) -> (tensor<2xf64>, tensor<2xi32>)
   reducer(%a: tensor<f64>, %c: tensor<f64>) (%ai: tensor<i32>, %ci: tensor<i32>) {
    %gt = hlo.compare GT, %a, %c, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %v = hlo.select %gt, %a, %c : tensor<i1>, tensor<f64>
    %vi = hlo.select %gt, %ai, %ci : tensor<i1>, tensor<i32>
    hlo.return %v, %vi : tensor<f64>, tensor<i32>
  }
  check.expect_eq_const %s#0, dense<-1.0> : tensor<2xf64>
  check.expect_eq_const %s#1, dense<-1> : tensor<2xi32>
  func.return
}

// reduce_window with a two-op body (the sum of squares of each 2x2 window, stride 2 along dim 1,
// padded by one column of the init value 0 on the right): the window dims are reduction loops,
// read at o * stride + w.
// CHECK-LABEL: func.func @window_sum_of_squares
// CHECK:         linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ((d0 + d2), ((d1 * 2) + d3))>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
// CHECK-NEXT:    ^bb0(%[[E:.*]]: f32, %{{.*}}: i1, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[SQ:.*]] = arith.mulf %[[E]], %[[E]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[ACC]], %[[SQ]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// EXEC: PASS @window_sum_of_squares
func.func @window_sum_of_squares() {
  %x0 = hlo.constant dense<[[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0], [4.0, -3.0, 1.0]]> : tensor<3x3xf32>
  %x = hlo.optimization_barrier %x0 : tensor<3x3xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %r = "hlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 2>, padding = dense<[[0, 0], [0, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
    %sq = hlo.multiply %e, %e : tensor<f32>
    %s = hlo.add %acc, %sq : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<3x3xf32>, tensor<f32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %r, dense<[[6.25, 13.0], [26.25, 5.0]]> : tensor<2x2xf32>
  func.return
}

// reduce_window of two operands (the value of one at the minimum of the other, the first one
// of equal minima, as select_and_gather_add's body picks it), with window dilation 2 and the
// top row padded with +inf.
// EXEC: PASS @window_argmin_dilated
func.func @window_argmin_dilated() {
  %k0 = hlo.constant dense<[[4.0, 1.0, 3.0, 1.0], [2.0, 5.0, 2.0, 0.0]]> : tensor<2x4xf32>
  %v0 = hlo.constant dense<[[10, 11, 12, 13], [20, 21, 22, 23]]> : tensor<2x4xi32>
  %k, %v = hlo.optimization_barrier %k0, %v0 : tensor<2x4xf32>, tensor<2x4xi32>
  %inf = hlo.constant dense<0x7F800000> : tensor<f32>
  %none = hlo.constant dense<-1> : tensor<i32>
  %r:2 = "hlo.reduce_window"(%k, %v, %inf, %none) <{window_dimensions = array<i64: 2, 2>, window_dilations = array<i64: 1, 2>, padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %ai: tensor<i32>, %c: tensor<f32>, %ci: tensor<i32>):
    %le = hlo.compare LE, %a, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %m = hlo.select %le, %a, %c : tensor<i1>, tensor<f32>
    %mi = hlo.select %le, %ai, %ci : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<f32>, tensor<i32>
  }) : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  check.expect_eq_const %r#0, dense<[[3.0, 1.0], [2.0, 0.0]]> : tensor<2x2xf32>
  check.expect_eq_const %r#1, dense<[[12, 11], [20, 23]]> : tensor<2x2xi32>
  func.return
}
