// RUN: not strata-opt %s -p convert-hlo-to-linalg 2>&1 | filecheck %s

// Scatters left unlowered (a dynamic shape; a body with an op that has no scalar form) are
// named by the pass, each once, not the ops of their bodies.
// CHECK: error: convert-hlo-to-linalg: 2 hlo ops could not be lowered:
// CHECK-DAG: node 'dynamic' (hlo.scatter)
// CHECK-DAG: node 'reshape_in_body' (hlo.scatter)
// CHECK-NOT: hlo.add
func.func @dynamic(%z: tensor<?x4xf32>, %i: tensor<6xi32>, %u: tensor<6x4xf32>) -> tensor<?x4xf32> {
  %0 = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<?x4xf32>, tensor<6xi32>, tensor<6x4xf32>) -> tensor<?x4xf32> loc("dynamic")
  func.return %0 : tensor<?x4xf32>
}

func.func @reshape_in_body(%z: tensor<3x4xf32>, %i: tensor<6xi32>, %u: tensor<6x4xf32>) -> tensor<3x4xf32> {
  %0 = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = hlo.reshape %b : (tensor<f32>) -> tensor<f32>
    %s = hlo.add %a, %r : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<3x4xf32>, tensor<6xi32>, tensor<6x4xf32>) -> tensor<3x4xf32> loc("reshape_in_body")
  func.return %0 : tensor<3x4xf32>
}
