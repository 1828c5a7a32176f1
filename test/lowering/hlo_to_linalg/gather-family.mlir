// RUN: strata-opt %s -p convert-hlo-to-linalg --split-input-file | filecheck %s

// An embedding lookup: a generic over the result reads the table at the clamped id.
// CHECK-LABEL: func.func @gather_rows
// CHECK-SAME: (%[[T:.*]]: tensor<1000x16xf32>, %[[I:.*]]: tensor<8x5xi32>)
// CHECK-NEXT:   %[[E:.*]] = tensor.empty() : tensor<8x5x16xf32>
// CHECK-NEXT:   %[[G:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[I]] : tensor<8x5xi32>) outs(%[[E]] : tensor<8x5x16xf32>) {
// CHECK-NEXT:   ^{{.*}}(%[[ID:.*]]: i32, %{{.*}}: f32):
// CHECK-NEXT:     %[[IX:.*]] = arith.index_cast %[[ID]] : i32 to index
// CHECK-NEXT:     %[[HI:.*]] = arith.constant 999 : index
// CHECK-NEXT:     %[[LO:.*]] = arith.constant 0 : index
// CHECK-NEXT:     %[[MAX:.*]] = arith.maxsi %[[IX]], %[[LO]] : index
// CHECK-NEXT:     %[[ROW:.*]] = arith.minsi %[[MAX]], %[[HI]] : index
// CHECK-NEXT:     %[[COL:.*]] = linalg.index 2 : index
// CHECK-NEXT:     %[[V:.*]] = tensor.extract %[[T]][%[[ROW]], %[[COL]]] : tensor<1000x16xf32>
// CHECK-NEXT:     linalg.yield %[[V]] : f32
// CHECK-NEXT:   } -> tensor<8x5x16xf32>
// CHECK-NEXT:   func.return %[[G]]
func.func @gather_rows(%t: tensor<1000x16xf32>, %i: tensor<8x5xi32>) -> tensor<8x5x16xf32> {
  %0 = "hlo.gather"(%t, %i) <{dimension_numbers = #hlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 16>}> : (tensor<1000x16xf32>, tensor<8x5xi32>) -> tensor<8x5x16xf32>
  func.return %0 : tensor<8x5x16xf32>
}

// -----

// Batching dims read the loop index of their indices dim.
// CHECK-LABEL: func.func @gather_batching
// CHECK-SAME: (%[[P:.*]]: tensor<2x5x3xf32>, %[[I:.*]]: tensor<2x4xi64>)
// CHECK:        ^{{.*}}(%[[ID:.*]]: i64, %{{.*}}: f32):
// CHECK-NEXT:     %[[IX:.*]] = arith.index_cast %[[ID]] : i64 to index
// CHECK-NEXT:     %[[B:.*]] = linalg.index 0 : index
// CHECK:          %[[ROW:.*]] = arith.minsi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:     %[[COL:.*]] = linalg.index 2 : index
// CHECK-NEXT:     tensor.extract %[[P]][%[[B]], %[[ROW]], %[[COL]]] : tensor<2x5x3xf32>
func.func @gather_batching(%p: tensor<2x5x3xf32>, %i: tensor<2x4xi64>) -> tensor<2x4x3xf32> {
  %0 = "hlo.gather"(%p, %i) <{dimension_numbers = #hlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 3>}> : (tensor<2x5x3xf32>, tensor<2x4xi64>) -> tensor<2x4x3xf32>
  func.return %0 : tensor<2x4x3xf32>
}

// -----

// Two index components along index_vector_dim = 1: one input per component (a constant map
// result), each start clamped so the 2x2 window fits.
// CHECK-LABEL: func.func @gather_windows
// CHECK:        linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 0)>, affine_map<(d0, d1, d2) -> (d0, 1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>]
// CHECK:          arith.constant 4 : index
// CHECK:          %[[R:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK:          arith.constant 5 : index
// CHECK:          %[[C:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:     tensor.extract %{{.*}}[%[[R]], %[[C]]] : tensor<6x7xf32>
func.func @gather_windows(%p: tensor<6x7xf32>, %i: tensor<3x2xi32>) -> tensor<3x2x2xf32> {
  %0 = "hlo.gather"(%p, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 2>}> : (tensor<6x7xf32>, tensor<3x2xi32>) -> tensor<3x2x2xf32>
  func.return %0 : tensor<3x2x2xf32>
}

// -----

// Scatter-add into zeros: operand dims parallel, the ids' dims reductions; each output element
// adds the updates whose id equals its row, in order.
// CHECK-LABEL: func.func @scatter_add
// CHECK-SAME: (%[[I:.*]]: tensor<6xi32>, %[[U:.*]]: tensor<6x4xf32>)
// CHECK:        %[[Z:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<3x4xf32>)
// CHECK:        %[[S:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[I]], %[[U]] : tensor<6xi32>, tensor<6x4xf32>) outs(%[[Z]] : tensor<3x4xf32>) {
// CHECK-NEXT:   ^{{.*}}(%[[ID:.*]]: i32, %[[UPD:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:     %[[ROW:.*]] = linalg.index 0 : index
// CHECK-NEXT:     %[[IX:.*]] = arith.index_cast %[[ID]] : i32 to index
// CHECK-NEXT:     %[[HIT:.*]] = arith.cmpi eq, %[[IX]], %[[ROW]] : index
// CHECK-NEXT:     %[[SUM:.*]] = arith.addf %[[ACC]], %[[UPD]] : f32
// CHECK-NEXT:     %[[NEW:.*]] = arith.select %[[HIT]], %[[SUM]], %[[ACC]] : f32
// CHECK-NEXT:     linalg.yield %[[NEW]] : f32
// CHECK-NEXT:   } -> tensor<3x4xf32>
// CHECK-NEXT:   func.return %[[S]]
func.func @scatter_add(%i: tensor<6xi32>, %u: tensor<6x4xf32>) -> tensor<3x4xf32> {
  %z = hlo.constant dense<0.0> : tensor<3x4xf32>
  %0 = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<3x4xf32>, tensor<6xi32>, tensor<6x4xf32>) -> tensor<3x4xf32>
  func.return %0 : tensor<3x4xf32>
}

// -----

// Into a computed operand, with the body's operands swapped (update, old): the operand is the
// generic's init and the combiner keeps its order.
// CHECK-LABEL: func.func @scatter_max
// CHECK-SAME: (%[[Z:.*]]: tensor<3x4xi32>, %[[I:.*]]: tensor<2x3xi64>, %[[U:.*]]: tensor<2x3x4xi32>)
// CHECK-NEXT:   linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%[[I]], %[[U]] : tensor<2x3xi64>, tensor<2x3x4xi32>) outs(%[[Z]] : tensor<3x4xi32>) {
// CHECK-NEXT:   ^{{.*}}(%{{.*}}: i64, %[[UPD:.*]]: i32, %[[ACC:.*]]: i32):
// CHECK:          arith.maxsi %[[UPD]], %[[ACC]] : i32
func.func @scatter_max(%z: tensor<3x4xi32>, %i: tensor<2x3xi64>, %u: tensor<2x3x4xi32>) -> tensor<3x4xi32> {
  %0 = "hlo.scatter"(%z, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.maximum %b, %a : tensor<i32>
    hlo.return %s : tensor<i32>
  }) : (tensor<3x4xi32>, tensor<2x3xi64>, tensor<2x3x4xi32>) -> tensor<3x4xi32>
  func.return %0 : tensor<3x4xi32>
}
