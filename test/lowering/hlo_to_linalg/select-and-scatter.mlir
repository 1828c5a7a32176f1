// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=EXEC

// hlo.select_and_scatter becomes two linalg.generic ops. The first runs over (window, offset in
// the window) with the offsets as reductions and keeps each window's selected flat operand index
// (-1 before the first element inside the operand: padding is never selected); a candidate
// replaces it unless select(selected, candidate). The second runs over (result element, window
// that may hold it) and combines into the init value the sources of the windows whose selected
// index is the element's. Expected values below come from a numpy transcription of the spec.

// A 3x3 pool at stride 2 with padding 1 (TensorFlow's SAME): positions are o * 2 + k - 1,
// checked against the operand's bounds; the windows that may hold an element are
// (p + 1) / 2 - 1 + j, j < 2.
// CHECK-LABEL: func.func @max_pool_grad
// CHECK-SAME: (%[[X:.*]]: tensor<4x4xf32>, %[[DY:.*]]: tensor<2x2xf32>, %[[INIT:.*]]: tensor<f32>)
// CHECK:        %[[I:.*]] = tensor.extract %[[INIT]][] : tensor<f32>
// CHECK:        %[[RESULT0:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<4x4xf32>)
// CHECK-NEXT:   ^{{.*}}(%{{.*}}: f32):
// CHECK-NEXT:     linalg.yield %[[I]] : f32
// CHECK:        %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{.*}} : tensor<4x4xf32> into tensor<16xf32>
// CHECK:        %[[NONE:.*]] = arith.constant -1 : i64
// CHECK:        %[[SEL0:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<2x2xi64>)
// CHECK-NEXT:   ^{{.*}}(%{{.*}}: i64):
// CHECK-NEXT:     linalg.yield %[[NONE]] : i64
// CHECK:        %[[WIN:.*]] = tensor.empty() : tensor<3x3xi64>
// CHECK:        %[[SEL:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%[[WIN]] : tensor<3x3xi64>) outs(%[[SEL0]] : tensor<2x2xi64>)
// CHECK-NEXT:   ^{{.*}}(%{{.*}}: i64, %[[ACC:.*]]: i64):
// CHECK:          %[[INSIDE:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK:          %[[AT:.*]] = arith.select %[[INSIDE]], %{{.*}}, %{{.*}} : index
// CHECK-NEXT:     %[[CAND:.*]] = tensor.extract %[[FLAT]][%[[AT]]] : tensor<16xf32>
// CHECK:          %[[HAVE:.*]] = arith.cmpi sge, %[[ACC]], %{{.*}} : i64
// CHECK:          %[[BEST:.*]] = tensor.extract %[[FLAT]][%{{.*}}] : tensor<16xf32>
// CHECK-NEXT:     %[[KEEP:.*]] = arith.cmpf oge, %[[BEST]], %[[CAND]] : f32
// CHECK-NEXT:     %[[KEPT:.*]] = arith.andi %[[HAVE]], %[[KEEP]] : i1
// CHECK:          %[[CHANGE:.*]] = arith.xori %[[KEPT]], %{{.*}} : i1
// CHECK-NEXT:     %[[TAKE:.*]] = arith.andi %[[INSIDE]], %[[CHANGE]] : i1
// CHECK-NEXT:     %[[AT64:.*]] = arith.index_cast %[[AT]] : index to i64
// CHECK-NEXT:     %[[NEXT:.*]] = arith.select %[[TAKE]], %[[AT64]], %[[ACC]] : i64
// CHECK-NEXT:     linalg.yield %[[NEXT]] : i64
// CHECK:        %[[CANDIDATES:.*]] = tensor.empty() : tensor<2x2xi64>
// CHECK:        %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%[[CANDIDATES]] : tensor<2x2xi64>) outs(%[[RESULT0]] : tensor<4x4xf32>)
// CHECK-NEXT:   ^{{.*}}(%{{.*}}: i64, %[[OUT:.*]]: f32):
// CHECK:          arith.divui
// CHECK:          %[[CHOSEN:.*]] = tensor.extract %[[SEL]][%[[S0:.*]], %[[S1:.*]]] : tensor<2x2xi64>
// CHECK-NEXT:     %[[MINE:.*]] = arith.cmpi eq, %[[CHOSEN]], %{{.*}} : i64
// CHECK:          %[[HIT:.*]] = arith.andi %{{.*}}, %[[MINE]] : i1
// CHECK-NEXT:     %[[SRC:.*]] = tensor.extract %[[DY]][%[[S0]], %[[S1]]] : tensor<2x2xf32>
// CHECK-NEXT:     %[[SUM:.*]] = arith.addf %[[OUT]], %[[SRC]] : f32
// CHECK-NEXT:     %[[NEW:.*]] = arith.select %[[HIT]], %[[SUM]], %[[OUT]] : f32
// CHECK-NEXT:     linalg.yield %[[NEW]] : f32
// CHECK:        func.return %[[R]]
func.func @max_pool_grad(%x: tensor<4x4xf32>, %dy: tensor<2x2xf32>, %init: tensor<f32>) -> tensor<4x4xf32> {
  %r = "hlo.select_and_scatter"(%x, %dy, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>, padding = dense<1> : tensor<2x2xi64>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  func.return %r : tensor<4x4xf32>
}

// Max-pool gradient, windows side by side (stride = window).
// EXEC: PASS @max_pool_grad_f32
func.func @max_pool_grad_f32() {
  %x0 = hlo.constant dense<[[1.5, -2.0, 3.25, 0.5, 7.0, 1.0], [4.0, 0.25, -1.0, 2.0, 6.5, 8.0], [-3.0, -4.5, 9.0, 9.5, 0.0, -0.5], [-2.5, -3.5, 1.0, 2.5, 0.75, -1.25]]> : tensor<4x6xf32>
  %s0 = hlo.constant dense<[[0.5, 1.25, -2.0], [3.0, -0.75, 4.5]]> : tensor<2x3xf32>
  %init0 = hlo.constant dense<0.0> : tensor<f32>
  %x, %s, %init = hlo.optimization_barrier %x0, %s0, %init0 : tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  check.expect_almost_eq_const %r, dense<[[0.0, 0.0, 1.25, 0.0, 0.0, 0.0], [0.5, 0.0, 0.0, 0.0, 0.0, -2.0], [0.0, 0.0, 0.0, -0.75, 0.0, 0.0], [3.0, 0.0, 0.0, 0.0, 4.5, 0.0]]> : tensor<4x6xf32>
  func.return
}

// Overlapping windows (3x3, stride 1): the 6.0 is the maximum of four windows
// and receives the sum of their sources.
// EXEC: PASS @overlapping_f32
func.func @overlapping_f32() {
  %x0 = hlo.constant dense<[[0.5, 1.0, -1.0, 2.0, 0.0], [3.0, -2.0, 4.0, 0.25, 1.5], [1.0, 6.0, 2.5, -3.0, 5.0], [0.75, -1.5, 2.0, 7.0, -0.5], [2.25, 3.5, -4.0, 1.25, 0.0]]> : tensor<5x5xf32>
  %s0 = hlo.constant dense<[[1.0, 0.5, 0.25], [2.0, -1.0, 4.0], [0.125, 8.0, -2.0]]> : tensor<3x3xf32>
  %init0 = hlo.constant dense<0.0> : tensor<f32>
  %x, %s, %init = hlo.optimization_barrier %x0, %s0, %init0 : tensor<5x5xf32>, tensor<3x3xf32>, tensor<f32>
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 1>} : (tensor<5x5xf32>, tensor<3x3xf32>, tensor<f32>) -> tensor<5x5xf32>
  check.expect_almost_eq_const %r, dense<[[0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 3.625, 0.0, 0.0, 0.25], [0.0, 0.0, 0.0, 9.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<5x5xf32>
  func.return
}

// Windows of 3 at stride 2 along the rows, i32.
// EXEC: PASS @overlapping_i32
func.func @overlapping_i32() {
  %x0 = hlo.constant dense<[[3, 1, 4, 1, 5, 9, 2], [6, 5, 3, 5, 8, 9, 7]]> : tensor<2x7xi32>
  %s0 = hlo.constant dense<[[10, 20, 30], [1, 2, 3]]> : tensor<2x3xi32>
  %init0 = hlo.constant dense<0> : tensor<i32>
  %x, %s, %init = hlo.optimization_barrier %x0, %s0, %init0 : tensor<2x7xi32>, tensor<2x3xi32>, tensor<i32>
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %ge = hlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %sum = hlo.add %a, %b : tensor<i32>
    hlo.return %sum : tensor<i32>
  }) {window_dimensions = array<i64: 1, 3>, window_strides = array<i64: 1, 2>} : (tensor<2x7xi32>, tensor<2x3xi32>, tensor<i32>) -> tensor<2x7xi32>
  check.expect_eq_const %r, dense<[[0, 0, 10, 0, 20, 30, 0], [1, 0, 0, 0, 2, 3, 0]]> : tensor<2x7xi32>
  func.return
}

// Padding is never selected: every operand element is below the init value 0.
// EXEC: PASS @padded_i32
func.func @padded_i32() {
  %x0 = hlo.constant dense<[[-5, -3, -8, -2, -7], [-1, -9, -4, -6, -2], [-8, -2, -3, -1, -5], [-4, -6, -2, -9, -3]]> : tensor<4x5xi32>
  %s0 = hlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %init0 = hlo.constant dense<0> : tensor<i32>
  %x, %s, %init = hlo.optimization_barrier %x0, %s0, %init0 : tensor<4x5xi32>, tensor<2x3xi32>, tensor<i32>
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %ge = hlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %sum = hlo.add %a, %b : tensor<i32>
    hlo.return %sum : tensor<i32>
  }) {window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>, padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>} : (tensor<4x5xi32>, tensor<2x3xi32>, tensor<i32>) -> tensor<4x5xi32>
  check.expect_eq_const %r, dense<[[0, 0, 0, 5, 0], [5, 0, 0, 0, 0], [0, 0, 0, 11, 0], [0, 0, 0, 0, 0]]> : tensor<4x5xi32>
  func.return
}

// The gradient of a 2x2 max pool with SAME padding (high side), NHWC.
// EXEC: PASS @padded_nhwc_f32
func.func @padded_nhwc_f32() {
  %x0 = hlo.constant dense<[[[[1.0, -1.0], [2.0, -2.0], [0.5, -0.5]], [[3.0, -3.0], [0.0, 0.0], [4.0, -4.0]], [[-1.0, 1.0], [5.0, -5.0], [2.5, -2.5]]]]> : tensor<1x3x3x2xf32>
  %s0 = hlo.constant dense<[[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]]> : tensor<1x2x2x2xf32>
  %init0 = hlo.constant dense<0.0> : tensor<f32>
  %x, %s, %init = hlo.optimization_barrier %x0, %s0, %init0 : tensor<1x3x3x2xf32>, tensor<1x2x2x2xf32>, tensor<f32>
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>, padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>} : (tensor<1x3x3x2xf32>, tensor<1x2x2x2xf32>, tensor<f32>) -> tensor<1x3x3x2xf32>
  check.expect_almost_eq_const %r, dense<[[[[0.0, 0.0], [0.0, 0.0], [0.0, 4.0]], [[1.0, 0.0], [0.0, 2.0], [3.0, 0.0]], [[0.0, 6.0], [5.0, 0.0], [7.0, 8.0]]]]> : tensor<1x3x3x2xf32>
  func.return
}

// Negative low padding drops the first element.
// EXEC: PASS @negative_padding_i32
func.func @negative_padding_i32() {
  %x0 = hlo.constant dense<[4, 1, 7, 3, 9, 2]> : tensor<6xi32>
  %s0 = hlo.constant dense<[1, 2]> : tensor<2xi32>
  %init0 = hlo.constant dense<0> : tensor<i32>
  %x, %s, %init = hlo.optimization_barrier %x0, %s0, %init0 : tensor<6xi32>, tensor<2xi32>, tensor<i32>
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %ge = hlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %sum = hlo.add %a, %b : tensor<i32>
    hlo.return %sum : tensor<i32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<[[-1, 0]]> : tensor<1x2xi64>} : (tensor<6xi32>, tensor<2xi32>, tensor<i32>) -> tensor<6xi32>
  check.expect_eq_const %r, dense<[0, 0, 1, 0, 2, 0]> : tensor<6xi32>
  func.return
}

// Ties: a candidate replaces the selected element unless select(selected, candidate);
// with GE the first maximum in window (row-major) order stays.
// EXEC: PASS @ties_ge
func.func @ties_ge() {
  %x0 = hlo.constant dense<[[1, 7, 2, 2], [7, 0, 2, 2]]> : tensor<2x4xi32>
  %s0 = hlo.constant dense<[[10, 20]]> : tensor<1x2xi32>
  %init0 = hlo.constant dense<0> : tensor<i32>
  %x, %s, %init = hlo.optimization_barrier %x0, %s0, %init0 : tensor<2x4xi32>, tensor<1x2xi32>, tensor<i32>
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %ge = hlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %sum = hlo.add %a, %b : tensor<i32>
    hlo.return %sum : tensor<i32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<2x4xi32>, tensor<1x2xi32>, tensor<i32>) -> tensor<2x4xi32>
  check.expect_eq_const %r, dense<[[0, 10, 20, 0], [0, 0, 0, 0]]> : tensor<2x4xi32>
  func.return
}

// With GT each later maximum replaces it: the last one is selected.
// EXEC: PASS @ties_gt
func.func @ties_gt() {
  %x0 = hlo.constant dense<[[1, 7, 2, 2], [7, 0, 2, 2]]> : tensor<2x4xi32>
  %s0 = hlo.constant dense<[[10, 20]]> : tensor<1x2xi32>
  %init0 = hlo.constant dense<0> : tensor<i32>
  %x, %s, %init = hlo.optimization_barrier %x0, %s0, %init0 : tensor<2x4xi32>, tensor<1x2xi32>, tensor<i32>
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %gt = hlo.compare GT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %gt : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %sum = hlo.add %a, %b : tensor<i32>
    hlo.return %sum : tensor<i32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<2x4xi32>, tensor<1x2xi32>, tensor<i32>) -> tensor<2x4xi32>
  check.expect_eq_const %r, dense<[[0, 0, 0, 0], [10, 0, 0, 20]]> : tensor<2x4xi32>
  func.return
}

// An init value that is not the scatter's identity is combined once into
// each element, as the spec's reduce of the selecting windows' sources.
// EXEC: PASS @init_once_f32
func.func @init_once_f32() {
  %x0 = hlo.constant dense<[[1.0, 4.0, 2.0, 0.5]]> : tensor<1x4xf32>
  %s0 = hlo.constant dense<[[1.5, 2.5, 3.0]]> : tensor<1x3xf32>
  %init0 = hlo.constant dense<10.0> : tensor<f32>
  %x, %s, %init = hlo.optimization_barrier %x0, %s0, %init0 : tensor<1x4xf32>, tensor<1x3xf32>, tensor<f32>
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 1>} : (tensor<1x4xf32>, tensor<1x3xf32>, tensor<f32>) -> tensor<1x4xf32>
  check.expect_almost_eq_const %r, dense<[[10.0, 14.0, 13.0, 10.0]]> : tensor<1x4xf32>
  func.return
}

// Regions of several ops: select by magnitude, scatter acc + 2 * source.
// EXEC: PASS @regions_f32
func.func @regions_f32() {
  %x0 = hlo.constant dense<[[-5.0, 2.0, 3.0], [1.0, -4.0, 0.5]]> : tensor<2x3xf32>
  %s0 = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %init0 = hlo.constant dense<0.0> : tensor<f32>
  %x, %s, %init = hlo.optimization_barrier %x0, %s0, %init0 : tensor<2x3xf32>, tensor<2x2xf32>, tensor<f32>
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %abs_a = hlo.abs %a : tensor<f32>
    %abs_b = hlo.abs %b : tensor<f32>
    %ge = hlo.compare GE, %abs_a, %abs_b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %two = hlo.constant dense<2.0> : tensor<f32>
    %twice = hlo.multiply %two, %b : tensor<f32>
    %sum = hlo.add %a, %twice : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 1>} : (tensor<2x3xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %r, dense<[[2.0, 0.0, 4.0], [0.0, 14.0, 0.0]]> : tensor<2x3xf32>
  func.return
}

// A window wholly in the padding selects nothing (unspecified by StableHLO; its reference
// interpreter does the same): its source value is dropped.
// EXEC: PASS @padding_only_window
func.func @padding_only_window() {
  %x0 = hlo.constant dense<[4, 9]> : tensor<2xi32>
  %s0 = hlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %init0 = hlo.constant dense<0> : tensor<i32>
  %x, %s, %init = hlo.optimization_barrier %x0, %s0, %init0 : tensor<2xi32>, tensor<3xi32>, tensor<i32>
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %ge = hlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %sum = hlo.add %a, %b : tensor<i32>
    hlo.return %sum : tensor<i32>
  }) {window_dimensions = array<i64: 1>, padding = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<2xi32>, tensor<3xi32>, tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %r, dense<[2, 3]> : tensor<2xi32>
  func.return
}

// A rank-0 operand is one window of one element.
// EXEC: PASS @rank_0
func.func @rank_0() {
  %x0 = hlo.constant dense<3.0> : tensor<f32>
  %s0 = hlo.constant dense<2.5> : tensor<f32>
  %init0 = hlo.constant dense<1.0> : tensor<f32>
  %x, %s, %init = hlo.optimization_barrier %x0, %s0, %init0 : tensor<f32>, tensor<f32>, tensor<f32>
  %r = "hlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<f32>
  check.expect_almost_eq_const %r, dense<3.5> : tensor<f32>
  func.return
}

// EXEC: 12 of 12 functions passed
