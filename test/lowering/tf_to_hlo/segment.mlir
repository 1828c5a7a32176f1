// RUN: strata-opt %s -p convert-tf-to-hlo --split-input-file | filecheck %s

// Sorted segments with constant ids [0, 0, 1, 3]: 4 rows (max id + 1), segment 2 empty. A max is
// the UnsortedSegmentMax scatter, then 0 where the constant counts say a segment is empty.
// CHECK-LABEL: func.func @max
// CHECK:         %[[S:.*]] = "hlo.scatter"
// CHECK:           hlo.maximum
// CHECK:         %[[K:.*]] = hlo.constant dense<[true, true, false, true]> : tensor<4xi1>
// CHECK-NEXT:    %[[M:.*]] = hlo.broadcast_in_dim %[[K]], dims = [0] : (tensor<4xi1>) -> tensor<4x3xi1>
// CHECK:         %[[R:.*]] = hlo.select %[[M]], %[[S]], %{{.*}} : tensor<4x3xi1>, tensor<4x3xf32>
// CHECK-NEXT:    func.return %[[R]]
func.func @max(%d: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %ids = "tf.Const"() <{value = dense<[0, 0, 1, 3]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %y = "tf.SegmentMax"(%d, %ids) : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<4x3xf32>
  func.return %y : tensor<4x3xf32>
}

// -----

// A mean sums, then divides by the counts (at least 1: the empty segment stays 0).
// CHECK-LABEL: func.func @mean
// CHECK:         %[[S:.*]] = "hlo.scatter"
// CHECK:           hlo.add
// CHECK:         %[[C:.*]] = hlo.constant dense<[2.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    %[[B:.*]] = hlo.broadcast_in_dim %[[C]], dims = [0] : (tensor<4xf32>) -> tensor<4x3xf32>
// CHECK-NEXT:    %[[R:.*]] = hlo.divide %[[S]], %[[B]]
// CHECK-NEXT:    func.return %[[R]]
func.func @mean(%d: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %ids = "tf.Const"() <{value = dense<[0, 0, 1, 3]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %y = "tf.SegmentMean"(%d, %ids) : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<4x3xf32>
  func.return %y : tensor<4x3xf32>
}
