// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=EXEC

// hlo.triangular_solve becomes a loop over the rows of the solution (an hlo.while, lowered as
// any other): row i is (b_i - t_i . x) / a_ii, with t the triangle of a without its diagonal
// (the other triangle, which the op does not read, masked to zero) and x zero where not yet
// solved. A right-side solve and a transposed a are brought to that form by transposes.
// The values below are numpy's (np.linalg.solve on the triangle the op reads): the entries of
// a outside it are not zero, and are ignored.

// CHECK-LABEL: func.func @right_upper_transposed
// CHECK:         arith.cmpi slt
// CHECK:         scf.while
// CHECK:           arith.cmpi slt
// CHECK:           scf.condition
// CHECK:         } do {
// An upper triangle is solved from the last row up: row = (m - 1) - step.
// CHECK:           arith.subi
// CHECK:           tensor.extract
// CHECK:           arith.mulf
// CHECK:           arith.subf
// CHECK:           arith.divf
// CHECK:           tensor.insert_slice
// CHECK:           scf.yield
// EXEC: PASS @right_upper_transposed
func.func @right_upper_transposed() {
  %a0 = hlo.constant dense<[[[ 2. , -1.1,  1.2],  [ 0.3, -1.5, -0.3],  [-0.1, -1.4,  3. ]], [[ 4. , -0.4,  0.1],  [-0.3, -3. ,  1. ],  [ 1.8, -0.9,  6. ]]]> : tensor<2x3x3xf64>
  %b0 = hlo.constant dense<[[[ 1.2, -1.2, -3. ],  [ 2.8, -1.2, -1.1]], [[ 2.4,  0.5, -0.2],  [ 1.6, -2.8,  1.2]]]> : tensor<2x2x3xf64>
  %a, %b = hlo.optimization_barrier %a0, %b0 : tensor<2x3x3xf64>, tensor<2x2x3xf64>
  %x = "hlo.triangular_solve"(%a, %b) {left_side = false, lower = false, unit_diagonal = false, transpose_a = #hlo<transpose TRANSPOSE>} : (tensor<2x3x3xf64>, tensor<2x2x3xf64>) -> tensor<2x2x3xf64>
  check.expect_almost_eq_const %x, dense<[[[ 1.75, 1.0, -1.0],  [ 2.1003333333333334, 0.8733333333333333, -0.3666666666666667]], [[ 0.5830555555555555, -0.17777777777777776, -0.03333333333333333],  [ 0.495, 1.0, 0.19999999999999998]]]> : tensor<2x2x3xf64>
  func.return
}

// EXEC: PASS @left_lower_unit_diagonal
func.func @left_lower_unit_diagonal() {
  %a0 = hlo.constant dense<[[[ 2. , -1.1,  1.2],  [ 0.3, -1.5, -0.3],  [-0.1, -1.4,  3. ]], [[ 4. , -0.4,  0.1],  [-0.3, -3. ,  1. ],  [ 1.8, -0.9,  6. ]]]> : tensor<2x3x3xf32>
  %c0 = hlo.constant dense<[[[-0.8, -2.5],  [ 1. ,  2.6],  [-1.8,  0.8]], [[-1.2,  1.5],  [ 1.3, -1.7],  [ 2. ,  0.9]]]> : tensor<2x3x2xf32>
  %a, %c = hlo.optimization_barrier %a0, %c0 : tensor<2x3x3xf32>, tensor<2x3x2xf32>
  %x = "hlo.triangular_solve"(%a, %c) {left_side = true, lower = true, unit_diagonal = true, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<2x3x2xf32>) -> tensor<2x3x2xf32>
  check.expect_almost_eq_const %x, dense<[[[-0.8, -2.5],  [ 1.24, 3.35],  [-0.144, 5.24]], [[-1.2, 1.5],  [ 0.94, -1.25],  [ 5.006, -2.925]]]> : tensor<2x3x2xf32>
  func.return
}
// EXEC: 2 of 2 functions passed
