// RUN: strata-opt %s -p convert-tf-to-hlo | filecheck %s

// NonMaxSuppressionV3: the boxes in decreasing score (chlo.top_k: ties by index), their
// ordered corners and areas; one hlo.while step per candidate while candidates and room are
// left (k < 4 boxes, count < min(3, 4)): the candidate's IoU with every kept slot at once
// (slots past the count masked off, a box of no area overlapping nothing), kept when its score
// is above the threshold and no IoU is above the IoU threshold; its index written to the next
// slot. The results: the slots and the count.
// CHECK-LABEL: func.func @nms
// CHECK:       %[[S:.*]], %[[ORDER:.*]] = chlo.top_k(%{{.*}}, k = 4) : tensor<4xf32> -> (tensor<4xf32>, tensor<4xi32>)
// CHECK:       "hlo.gather"(%{{.*}}, %[[ORDER]])
// CHECK-COUNT-2: hlo.minimum
// CHECK-COUNT-2: hlo.maximum
// CHECK:       %{{[^ ,]+}}, %[[N:[^ ,]+]], %[[I:[^ ,]+]], %{{.*}} = hlo.while({{.*}}) : tensor<i32>, tensor<i32>, tensor<3xi32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
// CHECK:        cond {
// CHECK:         hlo.compare LT
// CHECK:         hlo.compare LT
// CHECK:         hlo.and
// CHECK:       } do {
// CHECK:         %[[IOU:.*]] = hlo.divide
// CHECK:         hlo.compare LE
// CHECK:         hlo.compare LE
// CHECK:         %[[NONE:.*]] = hlo.or
// CHECK:         %[[Z:.*]] = hlo.select %[[NONE]], %{{.*}}, %[[IOU]]
// CHECK:         %[[OVER:.*]] = hlo.compare GT, %[[Z]], %{{.*}}, FLOAT
// CHECK:         %[[FILLED:.*]] = hlo.compare LT
// CHECK:         hlo.and %[[OVER]], %[[FILLED]]
// CHECK:         %[[HIT:.*]] = hlo.reduce({{.*}}) applies hlo.or
// CHECK:         %[[ABOVE:.*]] = hlo.compare GT, %{{.*}}, %s, FLOAT
// CHECK:         %[[FREE:.*]] = hlo.not %[[HIT]]
// CHECK:         %[[KEEP:.*]] = hlo.and %[[ABOVE]], %[[FREE]]
// CHECK:         hlo.dynamic_update_slice
// CHECK:         hlo.select %[[KEEP]]
// CHECK:       func.return %[[I]], %[[N]] : tensor<3xi32>, tensor<i32>
func.func @nms(%boxes: tensor<4x4xf32>, %scores: tensor<4xf32>, %iou: tensor<f32>, %s: tensor<f32>) -> (tensor<3xi32>, tensor<i32>) {
  %max = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %i, %n = "tf.NonMaxSuppressionV3"(%boxes, %scores, %max, %iou, %s) : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<3xi32>, tensor<i32>)
  func.return %i, %n : tensor<3xi32>, tensor<i32>
}
