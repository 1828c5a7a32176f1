// RUN: strata-opt %s --split-input-file -p convert-tf-to-hlo | filecheck %s

// Soft labels: s = f - max(f), loss = sum(labels * (log(sum(exp(s))) - s)), backprop =
// exp(s) / sum(exp(s)) - labels, reductions over the classes.
// CHECK-LABEL: func.func @dense
// CHECK-SAME:  (%[[F:.*]]: tensor<4x5xf32>, %[[L:.*]]: tensor<4x5xf32>)
// CHECK:         %[[M:.*]] = hlo.reduce(%[[F]] init: %{{.*}}) applies hlo.maximum across dimensions = [1]
// CHECK:         %[[S:.*]] = hlo.subtract %[[F]], %{{.*}} : tensor<4x5xf32>
// CHECK-NEXT:    %[[E:.*]] = hlo.exponential %[[S]]
// CHECK:         %[[T:.*]] = hlo.reduce(%[[E]] init: %{{.*}}) applies hlo.add across dimensions = [1]
// CHECK-NEXT:    %[[TB:.*]] = hlo.broadcast_in_dim %[[T]], dims = [0]
// CHECK-NEXT:    %[[LOG:.*]] = hlo.log %[[TB]]
// CHECK-NEXT:    %[[SUR:.*]] = hlo.subtract %[[LOG]], %[[S]]
// CHECK-NEXT:    %[[TERMS:.*]] = hlo.multiply %[[L]], %[[SUR]]
// CHECK:         %[[LOSS:.*]] = hlo.reduce(%[[TERMS]] init: %{{.*}}) applies hlo.add across dimensions = [1]
// CHECK-NEXT:    %[[SM:.*]] = hlo.divide %[[E]], %[[TB]]
// CHECK-NEXT:    %[[BP:.*]] = hlo.subtract %[[SM]], %[[L]]
// CHECK-NEXT:    func.return %[[LOSS]], %[[BP]]
func.func @dense(%f: tensor<4x5xf32>, %l: tensor<4x5xf32>) -> (tensor<4xf32>, tensor<4x5xf32>) {
  %0, %1 = "tf.SoftmaxCrossEntropyWithLogits"(%f, %l) : (tensor<4x5xf32>, tensor<4x5xf32>) -> (tensor<4xf32>, tensor<4x5xf32>)
  func.return %0, %1 : tensor<4xf32>, tensor<4x5xf32>
}

// -----

// Class ids: checked against [0, 5) (TensorFlow's CPU raises), one-hot by a compare with an
// iota over the classes, the labelled term selected (a -inf logit elsewhere adds no NaN).
// CHECK-LABEL: func.func @sparse
// CHECK-SAME:  (%[[F:.*]]: tensor<4x5xf32>, %[[L:.*]]: tensor<4xi32>)
// CHECK:         rt.check %{{.*}}, "{{.*}}'tf.SparseSoftmaxCrossEntropyWithLogits' op label out of range [0, 5)"
// CHECK-NEXT:    %[[IDS:.*]] = hlo.broadcast_in_dim %[[L]], dims = [0] : (tensor<4xi32>) -> tensor<4x5xi32>
// CHECK-NEXT:    %[[IOTA:.*]] = hlo.iota dim = 1 : tensor<4x5xi32>
// CHECK-NEXT:    %[[HOT:.*]] = hlo.compare EQ, %[[IDS]], %[[IOTA]], SIGNED
// CHECK-NEXT:    %[[ONE:.*]] = hlo.convert %[[HOT]] : (tensor<4x5xi1>) -> tensor<4x5xf32>
// CHECK:         %[[LOG:.*]] = hlo.log
// CHECK-NEXT:    %[[SUR:.*]] = hlo.subtract %[[LOG]], %{{.*}} : tensor<4x5xf32>
// CHECK-NEXT:    %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<4x5xf32>
// CHECK-NEXT:    %[[TERMS:.*]] = hlo.select %[[HOT]], %[[SUR]], %[[Z]]
// CHECK:         hlo.subtract %{{.*}}, %[[ONE]] : tensor<4x5xf32>
func.func @sparse(%f: tensor<4x5xf32>, %l: tensor<4xi32>) -> (tensor<4xf32>, tensor<4x5xf32>) {
  %0, %1 = "tf.SparseSoftmaxCrossEntropyWithLogits"(%f, %l) : (tensor<4x5xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4x5xf32>)
  func.return %0, %1 : tensor<4xf32>, tensor<4x5xf32>
}

// -----

// L2Loss: each square halved, then summed over every dim.
// CHECK-LABEL: func.func @l2
// CHECK-SAME:  (%[[T:.*]]: tensor<3x4xf32>)
// CHECK-NEXT:    %[[SQ:.*]] = hlo.multiply %[[T]], %[[T]] : tensor<3x4xf32>
// CHECK-NEXT:    %[[H:.*]] = hlo.constant dense<5.000000e-01> : tensor<3x4xf32>
// CHECK-NEXT:    %[[HALF:.*]] = hlo.multiply %[[SQ]], %[[H]]
// CHECK-NEXT:    %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:    %[[S:.*]] = hlo.reduce(%[[HALF]] init: %[[Z]]) applies hlo.add across dimensions = [0, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT:    func.return %[[S]]
func.func @l2(%t: tensor<3x4xf32>) -> tensor<f32> {
  %0 = "tf.L2Loss"(%t) : (tensor<3x4xf32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}
