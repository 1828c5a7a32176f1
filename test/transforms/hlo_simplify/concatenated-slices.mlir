// RUN: strata-opt %s -p hlo-simplify | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=RUNS

// A concatenation of consecutive unit slices of one tensor, each reshaped so that its sliced dim
// sits at the concatenation's dim, is one slice of that tensor, transposed there: a loop's
// per-step outputs read back from the stack hlo-reroll-loops collects them in, then stacked
// again. Rows 0, 1, 2 of a 3x2x4 tensor, each made 2x1x4 and joined along dim 1, are the whole
// tensor transposed.
// CHECK-LABEL: func.func @restack
// CHECK:         %[[T:.*]] = hlo.transpose %x, dims = [1, 0, 2] : (tensor<3x2x4xi32>) -> tensor<2x3x4xi32>
// CHECK-NOT:     hlo.slice
// CHECK-NOT:     hlo.concatenate
// CHECK:         check.expect_eq_const %[[T]]
// RUNS: PASS @restack
func.func @restack() {
  %x0 = stablehlo.constant dense<[[[0, 1, 2, 3], [4, 5, 6, 7]], [[8, 9, 10, 11], [12, 13, 14, 15]], [[16, 17, 18, 19], [20, 21, 22, 23]]]> : tensor<3x2x4xi32>
  %x = stablehlo.optimization_barrier %x0 : tensor<3x2x4xi32>
  %s0 = stablehlo.slice %x [0:1, 0:2, 0:4] : (tensor<3x2x4xi32>) -> tensor<1x2x4xi32>
  %s1 = stablehlo.slice %x [1:2, 0:2, 0:4] : (tensor<3x2x4xi32>) -> tensor<1x2x4xi32>
  %s2 = stablehlo.slice %x [2:3, 0:2, 0:4] : (tensor<3x2x4xi32>) -> tensor<1x2x4xi32>
  %f0 = stablehlo.reshape %s0 : (tensor<1x2x4xi32>) -> tensor<2x4xi32>
  %f1 = stablehlo.reshape %s1 : (tensor<1x2x4xi32>) -> tensor<2x4xi32>
  %f2 = stablehlo.reshape %s2 : (tensor<1x2x4xi32>) -> tensor<2x4xi32>
  %r0 = stablehlo.reshape %f0 : (tensor<2x4xi32>) -> tensor<2x1x4xi32>
  %r1 = stablehlo.reshape %f1 : (tensor<2x4xi32>) -> tensor<2x1x4xi32>
  %r2 = stablehlo.reshape %f2 : (tensor<2x4xi32>) -> tensor<2x1x4xi32>
  %c = stablehlo.concatenate %r0, %r1, %r2, dim = 1 : (tensor<2x1x4xi32>, tensor<2x1x4xi32>, tensor<2x1x4xi32>) -> tensor<2x3x4xi32>
  check.expect_eq_const %c, dense<[[[0, 1, 2, 3], [8, 9, 10, 11], [16, 17, 18, 19]], [[4, 5, 6, 7], [12, 13, 14, 15], [20, 21, 22, 23]]]> : tensor<2x3x4xi32>
  func.return
}

// Only runs of consecutive pieces join, and other inputs keep their places: here rows 1 and 2
// of columns 1:3 (one slice, no transpose: the rows are sliced along the concatenation's dim),
// between %y and row 0, which comes after a gap. A piece reshaped into another layout (8x1 is
// not 2x4 with a unit dim put at dim 1) is not one.
// CHECK-LABEL: func.func @runs
// CHECK:         %[[J:.*]] = hlo.slice %x [1:3, 1:3] : (tensor<4x4xi32>) -> tensor<2x2xi32>
// CHECK:         %[[C:.*]] = hlo.concatenate %y, %[[J]], %{{.*}}, dim = 0 : (tensor<1x2xi32>, tensor<2x2xi32>, tensor<1x2xi32>) -> tensor<4x2xi32>
// CHECK-LABEL: func.func @other_layout
// CHECK-COUNT-2: hlo.slice
// CHECK:         hlo.concatenate
// RUNS: PASS @runs
// RUNS: PASS @other_layout
func.func @runs() {
  %x0 = stablehlo.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]> : tensor<4x4xi32>
  %x = stablehlo.optimization_barrier %x0 : tensor<4x4xi32>
  %y0 = stablehlo.constant dense<[[-1, -2]]> : tensor<1x2xi32>
  %y = stablehlo.optimization_barrier %y0 : tensor<1x2xi32>
  %s1 = stablehlo.slice %x [1:2, 1:3] : (tensor<4x4xi32>) -> tensor<1x2xi32>
  %s2 = stablehlo.slice %x [2:3, 1:3] : (tensor<4x4xi32>) -> tensor<1x2xi32>
  %s0 = stablehlo.slice %x [0:1, 1:3] : (tensor<4x4xi32>) -> tensor<1x2xi32>
  %c = stablehlo.concatenate %y, %s1, %s2, %s0, dim = 0 : (tensor<1x2xi32>, tensor<1x2xi32>, tensor<1x2xi32>, tensor<1x2xi32>) -> tensor<4x2xi32>
  check.expect_eq_const %c, dense<[[-1, -2], [5, 6], [9, 10], [1, 2]]> : tensor<4x2xi32>
  func.return
}

func.func @other_layout() {
  %x0 = stablehlo.constant dense<[[[0, 1, 2, 3], [4, 5, 6, 7]], [[8, 9, 10, 11], [12, 13, 14, 15]]]> : tensor<2x2x4xi32>
  %x = stablehlo.optimization_barrier %x0 : tensor<2x2x4xi32>
  %s0 = stablehlo.slice %x [0:1, 0:2, 0:4] : (tensor<2x2x4xi32>) -> tensor<1x2x4xi32>
  %s1 = stablehlo.slice %x [1:2, 0:2, 0:4] : (tensor<2x2x4xi32>) -> tensor<1x2x4xi32>
  %r0 = stablehlo.reshape %s0 : (tensor<1x2x4xi32>) -> tensor<8x1xi32>
  %r1 = stablehlo.reshape %s1 : (tensor<1x2x4xi32>) -> tensor<8x1xi32>
  %c = stablehlo.concatenate %r0, %r1, dim = 1 : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x2xi32>
  check.expect_eq_const %c, dense<[[0, 8], [1, 9], [2, 10], [3, 11], [4, 12], [5, 13], [6, 14], [7, 15]]> : tensor<8x2xi32>
  func.return
}

// A batch of one: the sliced dim is the one the pieces step along, not any dim of size 1.
// CHECK-LABEL: func.func @batch_of_one
// CHECK:         hlo.transpose %x, dims = [1, 0, 2] : (tensor<3x1x2xi32>) -> tensor<1x3x2xi32>
// CHECK-NOT:     hlo.concatenate
// RUNS: PASS @batch_of_one
func.func @batch_of_one() {
  %x0 = stablehlo.constant dense<[[[0, 1]], [[2, 3]], [[4, 5]]]> : tensor<3x1x2xi32>
  %x = stablehlo.optimization_barrier %x0 : tensor<3x1x2xi32>
  %s0 = stablehlo.slice %x [0:1, 0:1, 0:2] : (tensor<3x1x2xi32>) -> tensor<1x1x2xi32>
  %s1 = stablehlo.slice %x [1:2, 0:1, 0:2] : (tensor<3x1x2xi32>) -> tensor<1x1x2xi32>
  %s2 = stablehlo.slice %x [2:3, 0:1, 0:2] : (tensor<3x1x2xi32>) -> tensor<1x1x2xi32>
  %c = stablehlo.concatenate %s0, %s1, %s2, dim = 1 : (tensor<1x1x2xi32>, tensor<1x1x2xi32>, tensor<1x1x2xi32>) -> tensor<1x3x2xi32>
  check.expect_eq_const %c, dense<[[[0, 1], [2, 3], [4, 5]]]> : tensor<1x3x2xi32>
  func.return
}
