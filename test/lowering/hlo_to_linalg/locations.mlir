// RUN: strata-opt %s -p convert-hlo-to-linalg --print-debuginfo | filecheck %s

// Every op a pattern creates (init tensors, fills, generics and their bodies) keeps the location.
// CHECK-LABEL: func.func @located
// CHECK:        arith.constant {{.*}} loc("dense/MatMul")
// CHECK-NEXT:   tensor.empty() {{.*}} loc("dense/MatMul")
// CHECK:        linalg.yield {{.*}} loc("dense/MatMul")
// CHECK-NEXT:   } -> tensor<2x4xf32> loc("dense/MatMul")
// CHECK:          arith.mulf {{.*}} loc("dense/MatMul")
// CHECK:        } -> tensor<2x4xf32> loc("dense/MatMul")
// CHECK:          math.exp {{.*}} loc("dense/Exp")
// CHECK:        } -> tensor<2x4xf32> loc("dense/Exp")
func.func @located(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32> loc("dense/MatMul")
  %1 = hlo.exponential %0 : tensor<2x4xf32> loc("dense/Exp")
  func.return %1 : tensor<2x4xf32>
}
