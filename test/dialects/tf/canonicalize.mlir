// RUN: strata-opt %s -p canonicalize --split-input-file | filecheck %s

// Identity, StopGradient and IdentityN fold away; NoOp is erased.
// CHECK-LABEL: func.func @forward
// CHECK-SAME:    (%[[X:[0-9a-z_]+]]: tensor<4xf32>, %[[Y:[0-9a-z_]+]]: tensor<2xi32>)
// CHECK-NEXT:    %[[R:.*]] = "tf.Relu"(%[[X]]) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[R]], %[[Y]] : tensor<4xf32>, tensor<2xi32>
func.func @forward(%x: tensor<4xf32>, %y: tensor<2xi32>) -> (tensor<4xf32>, tensor<2xi32>) {
  "tf.NoOp"() : () -> ()
  %0 = "tf.Identity"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "tf.StopGradient"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2:2 = "tf.IdentityN"(%1, %y) : (tensor<4xf32>, tensor<2xi32>) -> (tensor<4xf32>, tensor<2xi32>)
  %3 = "tf.Relu"(%2#0) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %3, %2#1 : tensor<4xf32>, tensor<2xi32>
}

// -----

// An Identity that changes the static type stays: forwarding would break the return's types.
// CHECK-LABEL: func.func @type_change
// CHECK-NEXT:    %[[I:.*]] = "tf.Identity"(%{{.*}}) : (tensor<4xf32>) -> tensor<?xf32>
// CHECK-NEXT:    func.return %[[I]] : tensor<?xf32>
func.func @type_change(%x: tensor<4xf32>) -> tensor<?xf32> {
  %0 = "tf.Identity"(%x) : (tensor<4xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}
