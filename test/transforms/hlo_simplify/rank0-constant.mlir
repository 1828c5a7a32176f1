// RUN: strata-opt %s -p hlo-simplify | filecheck %s

// A reshape of a constant to rank 0 folds to a rank-0 constant (numpy's ascontiguousarray makes a
// 0-d array 1-d: the fold once returned tensor<1xf32> for tensor<f32>; JAX's squeeze test).
// CHECK-LABEL: func.func @to_scalar
// CHECK-NEXT:    %[[C:.*]] = hlo.constant dense<0.980981469> : tensor<f32>
// CHECK-NEXT:    %[[T:.*]] = hlo.constant dense<{{\[}}[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>
// CHECK-NEXT:    func.return %[[C]], %[[T]] : tensor<f32>, tensor<1x2xf32>
func.func @to_scalar() -> (tensor<f32>, tensor<1x2xf32>) {
  %c = hlo.constant dense<0.980981469> : tensor<1xf32>
  %r = hlo.reshape %c : (tensor<1xf32>) -> tensor<f32>
  %d = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %t = hlo.reshape %d : (tensor<2xf32>) -> tensor<1x2xf32>
  func.return %r, %t : tensor<f32>, tensor<1x2xf32>
}
