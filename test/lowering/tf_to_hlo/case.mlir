// RUN: strata-opt %s -p convert-tf-to-hlo | filecheck %s

// tf.CaseRegion (a Case whose branch index is known only at run time) -> hlo.case, one region
// per branch, the branches' tf ops lowered in place.

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[K:.*]]: tensor<i32>, %[[X:.*]]: tensor<2xf32>)
// CHECK-NEXT:  %[[R:.*]] = "hlo.case"(%[[K]]) ({
// CHECK-NEXT:    %[[T:.*]] = hlo.tanh %[[X]] : tensor<2xf32>
// CHECK-NEXT:    hlo.return %[[T]] : tensor<2xf32>
// CHECK-NEXT:  }, {
// CHECK-NEXT:    %[[S:.*]] = hlo.logistic %[[X]] : tensor<2xf32>
// CHECK-NEXT:    hlo.return %[[S]] : tensor<2xf32>
// CHECK-NEXT:  }, {
// CHECK-NEXT:    %[[N:.*]] = hlo.negate %[[X]] : tensor<2xf32>
// CHECK-NEXT:    hlo.return %[[N]] : tensor<2xf32>
// CHECK-NEXT:  }) : (tensor<i32>) -> tensor<2xf32>
// CHECK-NEXT:  func.return %[[R]]
func.func @main(%k: tensor<i32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "tf.CaseRegion"(%k) ({
    %t = "tf.Tanh"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "tf.Yield"(%t) : (tensor<2xf32>) -> ()
  }, {
    %s = "tf.Sigmoid"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "tf.Yield"(%s) : (tensor<2xf32>) -> ()
  }, {
    %n = "tf.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "tf.Yield"(%n) : (tensor<2xf32>) -> ()
  }) : (tensor<i32>) -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
