// RUN: strata-opt %s -p convert-hlo-to-linalg 2>&1 | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=RUNS

// batch_norm_inference, _training and _grad (StableHLO's generic form) expand into hlo ops before
// they lower: sums over every dim but feature_index, feature vectors broadcast back along it. The
// expected values are float64 numpy's; the gradients also agree with finite differences of
// sum(grad_output * batch_norm_training(operand)) to 1e-9.
// CHECK-LABEL: func.func @training
// CHECK-NOT:     batch_norm
// CHECK:         linalg.generic
// RUNS: PASS @inference
// RUNS: PASS @training
// RUNS: PASS @grad
// RUNS: 3 of 3 functions passed
func.func @inference() {
  %x = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %scale = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %offset = hlo.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %mean = hlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %var = hlo.constant dense<[4.0, 1.0]> : tensor<2xf32>
  %y = "hlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %y, dense<[[-0.5, -5.0], [0.5, -1.0], [1.5, 3.0]]> : tensor<3x2xf32>
  func.return
}

func.func @training() {
  %x = hlo.constant dense<[[[1.0, -2.0], [0.5, 3.0]], [[2.0, 1.0], [-1.5, 0.25]], [[0.0, 4.0], [1.0, -1.0]]]> : tensor<3x2x2xf32>
  %scale = hlo.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %offset = hlo.constant dense<[0.25, 1.0]> : tensor<2xf32>
  %y, %mean, %var = "hlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 0.01 : f32, feature_index = 2 : i64} : (tensor<3x2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<3x2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  check.expect_almost_eq_const %mean, dense<[0.5, 0.875]> : tensor<2xf32>
  check.expect_almost_eq_const %var, dense<[1.1666666, 4.4114585]> : tensor<2xf32>
  check.expect_almost_eq_const %y, dense<[[[0.9414082, 1.6836363], [0.25, 0.49470365]], [[2.3242247, 0.9702767], [-2.5156329, 1.1486166]], [[-0.44140822, 0.25691712], [0.9414082, 1.4458498]]]> : tensor<3x2x2xf32>
  func.return
}

func.func @grad() {
  %x = hlo.constant dense<[[[1.0, -2.0], [0.5, 3.0]], [[2.0, 1.0], [-1.5, 0.25]], [[0.0, 4.0], [1.0, -1.0]]]> : tensor<3x2x2xf32>
  %scale = hlo.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %mean = hlo.constant dense<[0.5, 0.875]> : tensor<2xf32>
  %var = hlo.constant dense<[1.1666666, 4.4114585]> : tensor<2xf32>
  %dy = hlo.constant dense<[[[0.5, 1.0], [-1.0, 2.0]], [[0.25, -0.5], [1.5, 0.0]], [[1.0, 1.0], [-2.0, 0.5]]]> : tensor<3x2x2xf32>
  %gx, %gs, %go = "hlo.batch_norm_grad"(%x, %scale, %mean, %var, %dy) {epsilon = 0.01 : f32, feature_index = 2 : i64} : (tensor<3x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3x2x2xf32>) -> (tensor<3x2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  check.expect_almost_eq_const %gx, dense<[[[1.013282, -0.1694559], [-1.4404337, -0.25038376]], [[1.4265599, 0.28133908], [0.4986431, 0.13891701]], [[0.94570804, 0.01877449], [-2.4437592, -0.01919091]]]> : tensor<3x2x2xf32>
  check.expect_almost_eq_const %gs, dense<[-3.5722759, 1.6645056]> : tensor<2xf32>
  check.expect_almost_eq_const %go, dense<[0.25, 4.0]> : tensor<2xf32>
  func.return
}
