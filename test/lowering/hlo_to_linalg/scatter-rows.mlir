// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=RUNS
// RUN: strata-opt %s -p 'convert-hlo-to-linalg{scatter-loop-elements=0}' | filecheck %s --check-prefix=GENERIC
// RUN: strata-opt %s -p 'convert-hlo-to-linalg{scatter-loop-elements=0}' -o %t.mlir
// RUN: strata-run %t.mlir --run-checks | filecheck %s --check-prefix=RUNS

// An hlo.scatter of whole rows (scattered dims that are all inserted, full windows: TensorFlow's segment ops,
// ScatterNd, TensorScatterUpdate) into an operand of at least `scatter-loop-elements` elements
// (16) is an hlo.while over its update rows, expanded before control flow lowers: read the row
// the id names (dynamic_slice), combine the update row into it, keep the old row where the id
// lies outside the operand, write it back (dynamic_update_slice, in place once bufferized).
// Work in proportion to the updates; the select-based generic (GENERIC) visits every (operand
// element, update row) pair. Both give the same bits: updates apply in index order. Expected
// values are numpy's (the inputs are quarters, so every sum and product is exact).

// CHECK-LABEL: func.func @segment_sum
// CHECK-NOT:     linalg.generic {{.*}}"reduction"
// CHECK:         scf.while
// CHECK:           arith.cmpi slt
// CHECK:         } do {
// CHECK:           linalg.generic
// CHECK:           arith.addf
// CHECK:           arith.select
// CHECK:           tensor.insert_slice {{.*}} : tensor<1x4xf32> into tensor<5x4xf32>
// GENERIC-LABEL: func.func @segment_sum
// GENERIC-NOT:   scf.while
// GENERIC:       linalg.generic {{.*}}"parallel", "parallel", "reduction"
// RUNS: PASS @segment_sum
// RUNS: PASS @segment_max_i64_ids
// RUNS: PASS @update_rows
// RUNS: PASS @two_scatter_dims
// RUNS: PASS @int_window_first
// RUNS: PASS @elements_add
// RUNS: PASS @elements_min_index_vector_first
// RUNS: PASS @small_operand
// RUNS: 8 of 8 functions passed

// A segment sum: ids repeat (0, 3), and -1, 5 and 7 lie outside the 5 rows: skipped.
func.func @segment_sum() {
  %z = hlo.constant dense<[[2.0, 0.5, 0.75, 2.0], [0.25, 1.25, 1.5, -1.25], [-2.0, -1.0, -1.0, 1.75], [2.0, -2.25, 0.0, 1.5], [-1.75, 1.5, -1.75, -0.25]]> : tensor<5x4xf32>
  %i = hlo.constant dense<[0, 3, 3, -1, 5, 4, 0, 7, 2]> : tensor<9xi32>
  %u = hlo.constant dense<[[1.5, -1.0, -0.75, -1.0], [1.0, -1.25, 2.25, -0.25], [0.0, 0.0, 0.5, 0.25], [0.0, 2.25, 1.5, 1.5], [1.0, 0.5, -0.75, 2.25], [-0.25, -1.25, 1.75, -1.5], [1.75, 0.5, -1.75, -2.25], [-0.25, -2.25, -1.75, 0.0], [2.25, -0.25, 1.5, 2.0]]> : tensor<9x4xf32>
  %r = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<9xi32>, tensor<9x4xf32>) -> tensor<5x4xf32>
  check.expect_eq_const %r, dense<[[5.25, 0.0, -1.75, -1.25], [0.25, 1.25, 1.5, -1.25], [0.25, -1.25, 0.5, 3.75], [3.0, -3.5, 2.75, 1.5], [-2.0, 0.25, 0.0, -1.75]]> : tensor<5x4xf32>
  func.return
}

// i64 ids with an index vector dim of 1 (ScatterNd's form).
func.func @segment_max_i64_ids() {
  %z = hlo.constant dense<[[1.5, 0.5, -0.25, 0.0], [-1.0, 0.0, -0.5, -1.25], [2.25, -2.25, -2.0, -1.5], [2.25, 1.0, 1.75, -1.5], [1.0, -0.5, 0.0, -2.25]]> : tensor<5x4xf32>
  %i = hlo.constant dense<[[2], [2], [4], [-3], [1], [2]]> : tensor<6x1xi64>
  %u = hlo.constant dense<[[0.5, 1.5, 0.75, -1.75], [0.25, -1.0, 2.25, 1.75], [-1.5, 0.0, 2.0, 1.75], [1.0, 0.75, -2.25, 1.25], [-0.25, -2.0, -1.25, 0.25], [1.0, 0.0, 0.5, 1.75]]> : tensor<6x4xf32>
  %r = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.maximum %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<6x1xi64>, tensor<6x4xf32>) -> tensor<5x4xf32>
  check.expect_eq_const %r, dense<[[1.5, 0.5, -0.25, 0.0], [-0.25, 0.0, -0.5, 0.25], [2.25, 1.5, 2.25, 1.75], [2.25, 1.0, 1.75, -1.5], [1.0, 0.0, 2.0, 1.75]]> : tensor<5x4xf32>
  func.return
}

// The body returns the update: the later write of row 1 wins (TensorScatterUpdate).
func.func @update_rows() {
  %z = hlo.constant dense<[[1.0, -0.75, 0.75], [0.5, -1.75, -2.0], [0.75, -0.5, 0.5], [-0.75, -1.25, -1.75], [-0.5, 1.5, -0.5], [-0.5, 0.25, 2.25]]> : tensor<6x3xf32>
  %i = hlo.constant dense<[1, 4, 1, 9]> : tensor<4xi32>
  %u = hlo.constant dense<[[-0.5, 0.5, -0.25], [0.5, -0.25, 0.75], [0.25, 0.75, 2.25], [-1.75, 0.25, -0.25]]> : tensor<4x3xf32>
  %r = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }) : (tensor<6x3xf32>, tensor<4xi32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  check.expect_eq_const %r, dense<[[1.0, -0.75, 0.75], [0.25, 0.75, 2.25], [0.75, -0.5, 0.5], [-0.75, -1.25, -1.75], [0.5, -0.25, 0.75], [-0.5, 0.25, 2.25]]> : tensor<6x3xf32>
  func.return
}

// Update rows over two scatter dims (ids 2x3), taken in row-major order.
func.func @two_scatter_dims() {
  %z = hlo.constant dense<[[-0.75, -1.25, -2.25, -0.5, 1.5], [-2.0, -0.5, 2.25, 2.25, -1.25], [-2.25, 0.75, -2.25, -1.0, 0.0], [1.75, -2.0, 0.75, 0.25, -1.75]]> : tensor<4x5xf32>
  %i = hlo.constant dense<[[0, 3, 1], [3, 3, 2]]> : tensor<2x3xi32>
  %u = hlo.constant dense<[[[1.75, 1.75, 0.0, 2.0, 0.5], [2.0, 2.25, 0.25, -1.0, -1.75], [0.25, -1.5, 1.25, 2.0, -1.25]], [[0.25, -2.25, -1.5, -0.5, 1.75], [2.25, 0.75, 0.5, 0.25, -2.0], [-0.5, 2.25, -0.5, -1.25, -1.25]]]> : tensor<2x3x5xf32>
  %r = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.multiply %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<2x3xi32>, tensor<2x3x5xf32>) -> tensor<4x5xf32>
  check.expect_eq_const %r, dense<[[-1.3125, -2.1875, -0.0, -1.0, 0.75], [-0.5, 0.75, 2.8125, 4.5, 1.5625], [1.125, 1.6875, 1.125, 1.25, -0.0], [1.96875, 7.59375, -0.140625, 0.03125, -10.71875]]> : tensor<4x5xf32>
  func.return
}

// i32 values; the updates hold the window dim first (4x6): transposed to rows.
func.func @int_window_first() {
  %z = hlo.constant dense<[[21, -47, 46, 37], [6, -4, 26, 4], [-3, -18, -6, 25], [-45, -48, 22, -13], [30, -47, 40, -38]]> : tensor<5x4xi32>
  %i = hlo.constant dense<[4, 0, 0, 2, 6, 1]> : tensor<6xi32>
  %u = hlo.constant dense<[[-9, 22, -7, -45, 36, 3], [46, -8, 37, 9, -15, 26], [-40, -43, 18, -23, 40, 28], [15, 2, -16, 18, 1, 40]]> : tensor<4x6xi32>
  %r = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [0], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.add %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }) : (tensor<5x4xi32>, tensor<6xi32>, tensor<4x6xi32>) -> tensor<5x4xi32>
  check.expect_eq_const %r, dense<[[36, -18, 21, 23], [9, 22, 54, 44], [-48, -9, -29, 43], [-45, -48, 22, -13], [21, -1, 0, -23]]> : tensor<5x4xi32>
  func.return
}

// Single elements by (row, column) (ScatterNd of index depth 2): (1, 2) twice; (4, 0) and
// (0, -1) lie outside in one component: skipped. A loop of 1x1 rows.
// CHECK-LABEL: func.func @elements_add
// CHECK:         scf.while
// CHECK:           tensor.insert_slice {{.*}} : tensor<1x1xf32> into tensor<4x5xf32>
func.func @elements_add() {
  %z = hlo.constant dense<[[-1.75, -1.75, 1.5, 0.0, 0.5], [0.5, 1.0, -2.25, 0.0, -1.75], [-0.5, 2.0, 0.25, -2.0, 0.25], [-1.75, 1.25, 2.25, 2.25, 0.5]]> : tensor<4x5xf32>
  %i = hlo.constant dense<[[1, 2], [3, 4], [1, 2], [4, 0], [0, -1], [2, 2]]> : tensor<6x2xi32>
  %u = hlo.constant dense<[1.75, -0.5, -1.75, 0.0, -0.25, 0.75]> : tensor<6xf32>
  %r = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<6x2xi32>, tensor<6xf32>) -> tensor<4x5xf32>
  check.expect_eq_const %r, dense<[[-1.75, -1.75, 1.5, 0.0, 0.5], [0.5, 1.0, -2.25, 0.0, -1.75], [-0.5, 2.0, 1.0, -2.0, 0.25], [-1.75, 1.25, 2.25, 2.25, 0.0]]> : tensor<4x5xf32>
  func.return
}


// The index vector dim first (indices 2x6): transposed to rows of (row, column).
func.func @elements_min_index_vector_first() {
  %z = hlo.constant dense<[[-1.75, -1.75, 1.5, 0.0, 0.5], [0.5, 1.0, -2.25, 0.0, -1.75], [-0.5, 2.0, 0.25, -2.0, 0.25], [-1.75, 1.25, 2.25, 2.25, 0.5]]> : tensor<4x5xf32>
  %i = hlo.constant dense<[[1, 3, 1, 4, 0, 2], [2, 4, 2, 0, -1, 2]]> : tensor<2x6xi32>
  %u = hlo.constant dense<[1.75, -0.5, -1.75, 0.0, -0.25, 0.75]> : tensor<6xf32>
  %r = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.minimum %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<2x6xi32>, tensor<6xf32>) -> tensor<4x5xf32>
  check.expect_eq_const %r, dense<[[-1.75, -1.75, 1.5, 0.0, 0.5], [0.5, 1.0, -2.25, 0.0, -1.75], [-0.5, 2.0, 0.25, -2.0, 0.25], [-1.75, 1.25, 2.25, 2.25, -0.5]]> : tensor<4x5xf32>
  func.return
}

// Below 16 operand elements the generic stays (as fast there).
// CHECK-LABEL: func.func @small_operand
// CHECK-NOT:     scf.while
// CHECK:         linalg.generic
func.func @small_operand() {
  %z = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %i = hlo.constant dense<[2, 0, 2, 3]> : tensor<4xi32>
  %u = hlo.constant dense<[[1.0, 1.0], [2.0, 2.0], [4.0, 4.0], [8.0, 8.0]]> : tensor<4x2xf32>
  %r = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<3x2xf32>, tensor<4xi32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  check.expect_eq_const %r, dense<[[3.0, 4.0], [3.0, 4.0], [10.0, 11.0]]> : tensor<3x2xf32>
  func.return
}
