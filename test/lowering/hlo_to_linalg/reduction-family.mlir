// RUN: strata-opt %s -p convert-hlo-to-linalg --split-input-file | filecheck %s

// Any over every dim of an i1 tensor: a rank-0 output, both loops reductions, body ori.
// CHECK-LABEL: func.func @reduce_any_all_dims
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi1>)
// CHECK-NEXT:   %[[F:.*]] = arith.constant false
// CHECK:        %[[INIT:.*]] = linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []}
// CHECK:        %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%[[X]] : tensor<2x3xi1>) outs(%[[INIT]] : tensor<i1>)
// CHECK-NEXT:   ^bb0(%[[E:.*]]: i1, %[[ACC:.*]]: i1):
// CHECK-NEXT:     %[[OR:.*]] = arith.ori %[[ACC]], %[[E]] : i1
// CHECK-NEXT:     linalg.yield %[[OR]] : i1
func.func @reduce_any_all_dims(%x: tensor<2x3xi1>) -> tensor<i1> {
  %f = hlo.constant dense<false> : tensor<i1>
  %0 = hlo.reduce(%x init: %f) applies hlo.or across dimensions = [0, 1] : (tensor<2x3xi1>, tensor<i1>) -> tensor<i1>
  func.return %0 : tensor<i1>
}

// -----

// All: andi from true.
// CHECK-LABEL: func.func @reduce_all
// CHECK:        %[[T:.*]] = arith.constant true
// CHECK:        arith.andi
func.func @reduce_all(%x: tensor<2x3xi1>) -> tensor<3xi1> {
  %t = hlo.constant dense<true> : tensor<i1>
  %0 = hlo.reduce(%x init: %t) applies hlo.and across dimensions = [0] : (tensor<2x3xi1>, tensor<i1>) -> tensor<3xi1>
  func.return %0 : tensor<3xi1>
}

// -----

// Two non-adjacent reduced dims of an i64 tensor: the kept dim is the outer parallel loop.
// CHECK-LABEL: func.func @reduce_min_int_outer
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xi64>)
// CHECK-NEXT:   %[[MAX:.*]] = arith.constant 9223372036854775807 : i64
// CHECK:        %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%[[X]] : tensor<2x3x4xi64>)
// CHECK-NEXT:   ^bb0(%[[E:.*]]: i64, %[[ACC:.*]]: i64):
// CHECK-NEXT:     %[[M:.*]] = arith.minsi %[[ACC]], %[[E]] : i64
func.func @reduce_min_int_outer(%x: tensor<2x3x4xi64>) -> tensor<3xi64> {
  %m = hlo.constant dense<9223372036854775807> : tensor<i64>
  %0 = hlo.reduce(%x init: %m) applies hlo.minimum across dimensions = [0, 2] : (tensor<2x3x4xi64>, tensor<i64>) -> tensor<3xi64>
  func.return %0 : tensor<3xi64>
}
