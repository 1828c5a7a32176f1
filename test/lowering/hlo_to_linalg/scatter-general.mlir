// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=EXEC

// hlo.scatter in StableHLO's general form: one generic over the operand (parallel) and the
// update scatter dims (reduction, in order); an update element applies where its window,
// placed at the scatter index's start, covers the operand element (inserted dims must match
// the start, batching dims the scatter index's own), through the update computation's ops.
// Elements of a window that fall outside the operand are skipped. Expected values: numpy,
// applying the updates one after another.

// CHECK-LABEL: func.func @partial_windows
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:    ins(%{{.*}} : tensor<4x2xi32>) outs(%{{.*}} : tensor<4x5xi32>)
// CHECK:         tensor.extract %{{.*}}[%{{.*}}, %{{.*}}] : tensor<4x2xi32>
// CHECK:         arith.cmpi sge
// CHECK:         arith.cmpi slt
// CHECK:         tensor.extract %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : tensor<4x2x2xi32>
// CHECK:         arith.muli
// CHECK:         arith.addi
// CHECK:         arith.select
// EXEC: PASS @partial_windows
func.func @partial_windows() {
  %operand0 = hlo.iota dim = 0 : tensor<20xi32>
  %operand1 = hlo.reshape %operand0 : (tensor<20xi32>) -> tensor<4x5xi32>
  %ids0 = hlo.constant dense<[[1, 2], [3, 4], [0, 0], [1, 2]]> : tensor<4x2xi32>
  %upd0 = hlo.constant dense<[[[100, 101], [102, 103]], [[104, 105], [106, 107]], [[108, 109], [110, 111]], [[112, 113], [114, 115]]]> : tensor<4x2x2xi32>
  %operand, %ids, %upd = hlo.optimization_barrier %operand1, %ids0, %upd0 : tensor<4x5xi32>, tensor<4x2xi32>, tensor<4x2x2xi32>
  %r = "hlo.scatter"(%operand, %ids, %upd) ({
  ^bb0(%old: tensor<i32>, %new: tensor<i32>):
    %two = hlo.constant dense<2> : tensor<i32>
    %twice = hlo.multiply %old, %two : tensor<i32>
    %sum = hlo.add %twice, %new : tensor<i32>
    hlo.return %sum : tensor<i32>
  }) {scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1, 2], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<4x5xi32>, tensor<4x2xi32>, tensor<4x2x2xi32>) -> tensor<4x5xi32>
  check.expect_eq_const %r, dense<[[108, 111, 2, 3, 4], [120, 123, 340, 347, 9], [10, 11, 366, 373, 14], [15, 16, 17, 18, 142]]> : tensor<4x5xi32>
  func.return
}

// StableHLO's own example (inserted dim 0, two scattered dims, an index out of range skipped),
// computed by the lowered code.
// EXEC: PASS @stablehlo_example
func.func @stablehlo_example() {
  %inputs0 = hlo.constant dense<[[[1, 2], [3, 4], [5, 6], [7, 8]], [[9, 10], [11, 12], [13, 14], [15, 16]], [[17, 18], [19, 20], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  %ids0 = hlo.constant dense<[[[0, 2], [1, 0], [2, 1]], [[0, 1], [1, 0], [0, 9]]]> : tensor<2x3x2xi64>
  %upd0 = hlo.constant dense<1> : tensor<2x3x2x2xi64>
  %inputs, %ids, %upd = hlo.optimization_barrier %inputs0, %ids0, %upd0 : tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>
  %r = "hlo.scatter"(%inputs, %ids, %upd) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = hlo.add %a, %b : tensor<i64>
    hlo.return %s : tensor<i64>
  }) {scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>, indices_are_sorted = false, unique_indices = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  check.expect_eq_const %r, dense<[[[1, 2], [5, 6], [7, 8], [7, 8]], [[10, 11], [12, 13], [14, 15], [16, 17]], [[18, 19], [20, 21], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  func.return
}
// EXEC: 2 of 2 functions passed
