// RUN: strata-opt %s -p convert-tf-to-hlo | filecheck %s

// tf.BroadcastArgs of shapes known only at run time (tf.linspace's constant ones fold): both
// padded with leading 1s to the longer length, then per dim the second where the first is 1.
// CHECK-LABEL: func.func @main
// CHECK-SAME:  (%[[A:.*]]: tensor<2xi32>, %[[B:.*]]: tensor<3xi32>)
// CHECK-NEXT:    %[[ONE:.*]] = hlo.constant dense<1> : tensor<i32>
// CHECK-NEXT:    %[[PA:.*]] = hlo.pad %[[A]], %[[ONE]], low = [1], high = [0], interior = [0]
// CHECK-NEXT:    %[[PB:.*]] = hlo.pad %[[B]], %[[ONE]], low = [0], high = [0], interior = [0]
// CHECK-NEXT:    %[[ONES:.*]] = hlo.broadcast_in_dim %[[ONE]], dims = [] : (tensor<i32>) -> tensor<3xi32>
// CHECK-NEXT:    %[[IS:.*]] = hlo.compare EQ, %[[PA]], %[[ONES]], SIGNED
// CHECK-NEXT:    %[[S:.*]] = hlo.select %[[IS]], %[[PB]], %[[PA]] : tensor<3xi1>, tensor<3xi32>
// CHECK-NEXT:    func.return %[[S]]
func.func @main(%a: tensor<2xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %s = "tf.BroadcastArgs"(%a, %b) : (tensor<2xi32>, tensor<3xi32>) -> tensor<3xi32>
  func.return %s : tensor<3xi32>
}
