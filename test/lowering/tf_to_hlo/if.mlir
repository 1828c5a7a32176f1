// RUN: strata-opt %s -p convert-tf-to-hlo | filecheck %s

// tf.IfRegion (an If whose predicate is known only at run time) -> hlo.if, the branches' tf ops
// lowered in place.

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[X:.*]]: tensor<2xf32>)
// CHECK-NEXT:  %[[R:.*]] = "hlo.if"(%[[P]]) ({
// CHECK-NEXT:    %[[T:.*]] = hlo.tanh %[[X]] : tensor<2xf32>
// CHECK-NEXT:    hlo.return %[[T]] : tensor<2xf32>
// CHECK-NEXT:  }, {
// CHECK-NEXT:    %[[S:.*]] = hlo.logistic %[[X]] : tensor<2xf32>
// CHECK-NEXT:    hlo.return %[[S]] : tensor<2xf32>
// CHECK-NEXT:  }) : (tensor<i1>) -> tensor<2xf32>
// CHECK-NEXT:  func.return %[[R]]
func.func @main(%p: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "tf.IfRegion"(%p) ({
    %t = "tf.Tanh"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "tf.Yield"(%t) : (tensor<2xf32>) -> ()
  }, {
    %s = "tf.Sigmoid"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "tf.Yield"(%s) : (tensor<2xf32>) -> ()
  }) : (tensor<i1>) -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
