// RUN: not strata-opt %s -p convert-hlo-to-linalg 2>&1 | filecheck %s

// Scatters that are not the one-dim, whole-window form TensorFlow's segment ops make are left
// (a partial window, a two-op body); the pass names each, not the ops of their bodies.
// CHECK: error: convert-hlo-to-linalg: 2 hlo ops could not be lowered:
// CHECK-DAG: node 'partial_window' (hlo.scatter)
// CHECK-DAG: node 'two_op_body' (hlo.scatter)
// CHECK-NOT: hlo.add
func.func @partial_window(%z: tensor<3x4xf32>, %i: tensor<6xi32>, %u: tensor<6x2xf32>) -> tensor<3x4xf32> {
  %0 = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<3x4xf32>, tensor<6xi32>, tensor<6x2xf32>) -> tensor<3x4xf32> loc("partial_window")
  func.return %0 : tensor<3x4xf32>
}

func.func @two_op_body(%z: tensor<3x4xf32>, %i: tensor<6xi32>, %u: tensor<6x4xf32>) -> tensor<3x4xf32> {
  %0 = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.multiply %b, %b : tensor<f32>
    %s = hlo.add %a, %m : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<3x4xf32>, tensor<6xi32>, tensor<6x4xf32>) -> tensor<3x4xf32> loc("two_op_body")
  func.return %0 : tensor<3x4xf32>
}
