// RUN: strata-opt %s -p convert-hlo-to-linalg --split-input-file | filecheck %s

// Inner dim: the output starts filled with the init value; the body is combiner(acc, elem).
// CHECK-LABEL: func.func @reduce_add_inner
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   %[[INIT:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[EMPTY:.*]] = tensor.empty() : tensor<2xf32>
// CHECK-NEXT:   %[[FILL:.*]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%[[EMPTY]] : tensor<2xf32>) {
// CHECK-NEXT:   ^bb0(%{{.*}}: f32):
// CHECK-NEXT:     linalg.yield %[[INIT]] : f32
// CHECK-NEXT:   } -> tensor<2xf32>
// CHECK-NEXT:   %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[FILL]] : tensor<2xf32>) {
// CHECK-NEXT:   ^bb0(%[[E:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:     %[[S:.*]] = arith.addf %[[ACC]], %[[E]] : f32
// CHECK-NEXT:     linalg.yield %[[S]] : f32
// CHECK-NEXT:   } -> tensor<2xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @reduce_add_inner(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// Outer dim, the innermost kept: the loops keep the input's order (reduction, parallel), so the
// innermost loop runs along contiguous elements into contiguous outputs.
// CHECK-LABEL: func.func @reduce_max_outer
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   %[[INIT:.*]] = arith.constant -1.000000e+00 : f32
// CHECK:        %[[FILL:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<3xf32>)
// CHECK:        %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[FILL]] : tensor<3xf32>) {
// CHECK-NEXT:   ^bb0(%[[E:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:     %[[M:.*]] = arith.maximumf %[[ACC]], %[[E]] : f32
// CHECK-NEXT:     linalg.yield %[[M]] : f32
func.func @reduce_max_outer(%x: tensor<2x3xf32>) -> tensor<3xf32> {
  %c = hlo.constant dense<-1.0> : tensor<f32>
  %0 = hlo.reduce(%x init: %c) applies hlo.maximum across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// Every dim reduced: a rank-0 result; an init that is not a constant is read with tensor.extract.
// CHECK-LABEL: func.func @reduce_all_dynamic_init
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xi32>, %[[I:.*]]: tensor<i32>)
// CHECK-NEXT:   %[[INIT:.*]] = tensor.extract %[[I]][] : tensor<i32>
// CHECK-NEXT:   %[[EMPTY:.*]] = tensor.empty() : tensor<i32>
// CHECK-NEXT:   %[[FILL:.*]] = linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%[[EMPTY]] : tensor<i32>)
// CHECK-NEXT:   ^bb0(%{{.*}}: i32):
// CHECK-NEXT:     linalg.yield %[[INIT]] : i32
// CHECK:        linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> ()>], iterator_types = ["reduction", "reduction", "reduction"]} ins(%[[X]] : tensor<2x3x4xi32>) outs(%[[FILL]] : tensor<i32>)
// CHECK-NEXT:   ^bb0(%[[E:.*]]: i32, %[[ACC:.*]]: i32):
// CHECK-NEXT:     %[[S:.*]] = arith.addi %[[ACC]], %[[E]] : i32
func.func @reduce_all_dynamic_init(%x: tensor<2x3x4xi32>, %i: tensor<i32>) -> tensor<i32> {
  %0 = hlo.reduce(%x init: %i) applies hlo.add across dimensions = [0, 1, 2] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<i32>
  func.return %0 : tensor<i32>
}

// -----

// Middle and outer dims of a rank-3 input, the innermost reduced: loops (kept, reduced...).
// CHECK-LABEL: func.func @reduce_two_dims
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK:        linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%[[X]] : tensor<2x3x4xf32>)
func.func @reduce_two_dims(%x: tensor<2x3x4xf32>) -> tensor<3xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [0, 2] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// NHWC pooling over H and W: the innermost dim (C) is kept, so the loops keep the input's order
// (N parallel, H and W reduction, C parallel) and the outputs are indexed by N and C.
// CHECK-LABEL: func.func @reduce_nhwc_pool
// CHECK:        linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3)>], iterator_types = ["parallel", "reduction", "reduction", "parallel"]} ins(%{{.*}} : tensor<2x5x5x8xf32>)
func.func @reduce_nhwc_pool(%x: tensor<2x5x5x8xf32>) -> tensor<2x8xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [1, 2] : (tensor<2x5x5x8xf32>, tensor<f32>) -> tensor<2x8xf32>
  func.return %0 : tensor<2x8xf32>
}

// -----

// A body that names its arguments in (elem, acc) order keeps that order in the scalar op.
// CHECK-LABEL: func.func @reduce_body_operand_order
// CHECK:        ^bb0(%[[E:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:     %[[S:.*]] = arith.subf %[[E]], %[[ACC]] : f32
// CHECK-NEXT:     linalg.yield %[[S]] : f32
func.func @reduce_body_operand_order(%x: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<2xf32> {
  %0 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    reducer(%acc: tensor<f32>, %e: tensor<f32>) {
      %s = hlo.subtract %e, %acc : tensor<f32>
      hlo.return %s : tensor<f32>
    }
  func.return %0 : tensor<2xf32>
}
