// RUN: strata-opt %s -p hlo-simplify | filecheck %s

// StableHLO's legacy hlo.dot becomes dot_general over lhs's last and rhs's first dim, keeping its
// precision config.
// CHECK-LABEL: func.func @matrix_vector
// CHECK-NEXT:    %[[D:.*]] = hlo.dot_general %a, %v, contracting_dims = [1] x [0], precision = [DEFAULT, HIGH] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
// CHECK-NEXT:    func.return %[[D]]
func.func @matrix_vector(%a: tensor<2x3xf32>, %v: tensor<3xf32>) -> tensor<2xf32> {
  %0 = hlo.dot %a, %v, precision = [DEFAULT, HIGH] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @vector_vector
// CHECK-NEXT:    hlo.dot_general %u, %v, contracting_dims = [0] x [0] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
func.func @vector_vector(%u: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<f32> {
  %0 = hlo.dot %u, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}
