// RUN: strata-opt %s | strata-opt --generic | strata-opt | filecheck %s

// CHECK-LABEL: func.func @gather_ops
// CHECK-SAME: (%[[P:.*]]: tensor<10x4xf32>, %[[I:.*]]: tensor<2x3xi32>, %[[B:.*]]: tensor<2x5x3xf32>, %[[J:.*]]: tensor<2x4xi64>)
func.func @gather_ops(%p: tensor<10x4xf32>, %i: tensor<2x3xi32>, %b: tensor<2x5x3xf32>, %j: tensor<2x4xi64>) -> (tensor<2x3x4xf32>, tensor<2x4x3xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<10x3xf32>) {
  // CHECK-NEXT: %[[A0:.*]] = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %a0 = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  // CHECK-NEXT: %[[A1:.*]] = "tf.Const"() <{value = dense<-2> : tensor<i64>}> : () -> tensor<i64>
  %a1 = "tf.Const"() <{value = dense<-2> : tensor<i64>}> : () -> tensor<i64>
  // CHECK-NEXT: "tf.GatherV2"(%[[P]], %[[I]], %[[A0]]) <{batch_dims = 0 : i64}> : (tensor<10x4xf32>, tensor<2x3xi32>, tensor<i32>) -> tensor<2x3x4xf32>
  %0 = "tf.GatherV2"(%p, %i, %a0) : (tensor<10x4xf32>, tensor<2x3xi32>, tensor<i32>) -> tensor<2x3x4xf32>
  // A negative axis counts from the end; batch_dims = 1 keeps the leading dim.
  // CHECK-NEXT: "tf.GatherV2"(%[[B]], %[[J]], %[[A1]]) <{batch_dims = 1 : i64}> : (tensor<2x5x3xf32>, tensor<2x4xi64>, tensor<i64>) -> tensor<2x4x3xf32>
  %1 = "tf.GatherV2"(%b, %j, %a1) <{batch_dims = 1 : i64}> : (tensor<2x5x3xf32>, tensor<2x4xi64>, tensor<i64>) -> tensor<2x4x3xf32>
  // CHECK-NEXT: "tf.Gather"(%[[P]], %[[I]]) <{validate_indices = true}> : (tensor<10x4xf32>, tensor<2x3xi32>) -> tensor<2x3x4xf32>
  %2 = "tf.Gather"(%p, %i) : (tensor<10x4xf32>, tensor<2x3xi32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: "tf.ResourceGather"(%[[P]], %[[I]]) <{batch_dims = 0 : i64, validate_indices = true}> : (tensor<10x4xf32>, tensor<2x3xi32>) -> tensor<2x3x4xf32>
  %3 = "tf.ResourceGather"(%p, %i) : (tensor<10x4xf32>, tensor<2x3xi32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %[[N:.*]] = "tf.Const"() <{value = dense<10> : tensor<i32>}> : () -> tensor<i32>
  %n = "tf.Const"() <{value = dense<10> : tensor<i32>}> : () -> tensor<i32>
  // CHECK-NEXT: %[[IDS:.*]] = "tf.Const"() <{value = dense<1> : tensor<2x5xi32>}> : () -> tensor<2x5xi32>
  %ids = "tf.Const"() <{value = dense<1> : tensor<2x5xi32>}> : () -> tensor<2x5xi32>
  // CHECK-NEXT: "tf.UnsortedSegmentSum"(%[[B]], %[[IDS]], %[[N]]) : (tensor<2x5x3xf32>, tensor<2x5xi32>, tensor<i32>) -> tensor<10x3xf32>
  %4 = "tf.UnsortedSegmentSum"(%b, %ids, %n) : (tensor<2x5x3xf32>, tensor<2x5xi32>, tensor<i32>) -> tensor<10x3xf32>
  func.return %0, %1, %2, %3, %4 : tensor<2x3x4xf32>, tensor<2x4x3xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<10x3xf32>
}

// CHECK-LABEL: func.func @nd_ops
// CHECK-SAME: (%[[P:.*]]: tensor<4x5x3xf32>, %[[I:.*]]: tensor<6x2xi32>, %[[U:.*]]: tensor<6x3xf32>)
func.func @nd_ops(%p: tensor<4x5x3xf32>, %i: tensor<6x2xi32>, %u: tensor<6x3xf32>) -> (tensor<6x3xf32>, tensor<4x5x3xf32>, tensor<4x5x3xf32>, tensor<4x5x3xf32>) {
  // CHECK-NEXT: %[[G:.*]] = "tf.GatherNd"(%[[P]], %[[I]]) : (tensor<4x5x3xf32>, tensor<6x2xi32>) -> tensor<6x3xf32>
  %0 = "tf.GatherNd"(%p, %i) : (tensor<4x5x3xf32>, tensor<6x2xi32>) -> tensor<6x3xf32>
  // CHECK-NEXT: %[[S:.*]] = "tf.Const"() <{value = dense<[4, 5, 3]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %s = "tf.Const"() <{value = dense<[4, 5, 3]> : tensor<3xi32>}> : () -> tensor<3xi32>
  // CHECK-NEXT: %[[N:.*]] = "tf.ScatterNd"(%[[I]], %[[U]], %[[S]]) : (tensor<6x2xi32>, tensor<6x3xf32>, tensor<3xi32>) -> tensor<4x5x3xf32>
  %1 = "tf.ScatterNd"(%i, %u, %s) : (tensor<6x2xi32>, tensor<6x3xf32>, tensor<3xi32>) -> tensor<4x5x3xf32>
  // CHECK-NEXT: %[[T:.*]] = "tf.TensorScatterUpdate"(%[[P]], %[[I]], %[[U]]) : (tensor<4x5x3xf32>, tensor<6x2xi32>, tensor<6x3xf32>) -> tensor<4x5x3xf32>
  %2 = "tf.TensorScatterUpdate"(%p, %i, %u) : (tensor<4x5x3xf32>, tensor<6x2xi32>, tensor<6x3xf32>) -> tensor<4x5x3xf32>
  // CHECK-NEXT: %[[A:.*]] = "tf.TensorScatterAdd"(%[[P]], %[[I]], %[[U]]) : (tensor<4x5x3xf32>, tensor<6x2xi32>, tensor<6x3xf32>) -> tensor<4x5x3xf32>
  %3 = "tf.TensorScatterAdd"(%p, %i, %u) : (tensor<4x5x3xf32>, tensor<6x2xi32>, tensor<6x3xf32>) -> tensor<4x5x3xf32>
  // CHECK-NEXT: func.return %[[G]], %[[N]], %[[T]], %[[A]]
  func.return %0, %1, %2, %3 : tensor<6x3xf32>, tensor<4x5x3xf32>, tensor<4x5x3xf32>, tensor<4x5x3xf32>
}

// SparseSegment reductions: rows of data at indices into segments; the result has max id + 1
// rows for constant ids, num_segments for the WithNumSegments forms.
// CHECK-LABEL: func.func @sparse_segment_ops
// CHECK: "tf.SparseSegmentSum"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<6x3xf32>, tensor<5xi32>, tensor<5xi32>) -> tensor<4x3xf32>
// CHECK: "tf.SparseSegmentMeanWithNumSegments"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<6x3xf32>, tensor<5xi32>, tensor<5xi32>, tensor<i32>) -> tensor<7x3xf32>
// CHECK: "tf.SparseSegmentSqrtN"
func.func @sparse_segment_ops(%d: tensor<6x3xf32>, %i: tensor<5xi32>, %s: tensor<5xi32>) -> (tensor<4x3xf32>, tensor<7x3xf32>, tensor<4x3xf32>) {
  %ids = "tf.Const"() <{value = dense<[0, 0, 1, 3, 3]> : tensor<5xi32>}> : () -> tensor<5xi32>
  %n = "tf.Const"() <{value = dense<7> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.SparseSegmentSum"(%d, %i, %ids) : (tensor<6x3xf32>, tensor<5xi32>, tensor<5xi32>) -> tensor<4x3xf32>
  %1 = "tf.SparseSegmentMeanWithNumSegments"(%d, %i, %s, %n) : (tensor<6x3xf32>, tensor<5xi32>, tensor<5xi32>, tensor<i32>) -> tensor<7x3xf32>
  %2 = "tf.SparseSegmentSqrtN"(%d, %i, %ids) : (tensor<6x3xf32>, tensor<5xi32>, tensor<5xi32>) -> tensor<4x3xf32>
  func.return %0, %1, %2 : tensor<4x3xf32>, tensor<7x3xf32>, tensor<4x3xf32>
}
