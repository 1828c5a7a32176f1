// RUN: strata-opt %s -p convert-tf-to-hlo | filecheck %s

// tf.WhileRegion -> hlo.while with the regions' tf ops lowered in place; a TensorList read and
// write (XlaDynamicSlice / XlaDynamicUpdateSlice at a packed [index, 0] vector) take the packed
// scalars as StableHLO's start indices.

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<3x2xf32>)
// CHECK:      %{{.*}}, %[[OUT:.*]] = hlo.while(%[[I:.*]] = %{{.*}}, %[[L:.*]] = %{{.*}}) : tensor<i32>, tensor<3x2xf32>
// CHECK-NEXT:  cond {
// CHECK-NEXT:   %[[N:.*]] = hlo.constant dense<3> : tensor<i32>
// CHECK-NEXT:   %[[C:.*]] = hlo.compare LT, %[[I]], %[[N]], SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT:   hlo.return %[[C]] : tensor<i1>
// CHECK-NEXT: } do {
// CHECK:        %[[Z:.*]] = hlo.constant dense<0> : tensor<i32>
// CHECK:        %[[ROW:.*]] = hlo.dynamic_slice %[[X]], %[[I]], %[[Z]], sizes = [1, 2] : (tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
// CHECK:        %[[T:.*]] = hlo.tanh %[[ROW]] : tensor<1x2xf32>
// CHECK:        %[[W:.*]] = hlo.dynamic_update_slice %[[L]], %[[T]], %[[I]], %[[Z]] : (tensor<3x2xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<3x2xf32>
// CHECK:        hlo.return %{{.*}}, %[[W]] : tensor<i32>, tensor<3x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[OUT]]
// CHECK-NOT:  tf.Pack
func.func @main(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %list = "tf.Const"() <{value = dense<0.0> : tensor<3x2xf32>}> : () -> tensor<3x2xf32>
  %r:2 = "tf.WhileRegion"(%zero, %list) ({
  ^bb0(%i: tensor<i32>, %l: tensor<3x2xf32>):
    %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
    %c = "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>, %l: tensor<3x2xf32>):
    %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %next = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %z = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %at = "tf.Pack"(%i, %z) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
    %sizes = "tf.Const"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
    %row = "tf.XlaDynamicSlice"(%x, %at, %sizes) : (tensor<3x2xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<1x2xf32>
    %t = "tf.Tanh"(%row) : (tensor<1x2xf32>) -> tensor<1x2xf32>
    %w = "tf.XlaDynamicUpdateSlice"(%l, %t, %at) : (tensor<3x2xf32>, tensor<1x2xf32>, tensor<2xi32>) -> tensor<3x2xf32>
    "tf.Yield"(%next, %w) : (tensor<i32>, tensor<3x2xf32>) -> ()
  }) : (tensor<i32>, tensor<3x2xf32>) -> (tensor<i32>, tensor<3x2xf32>)
  func.return %r#1 : tensor<3x2xf32>
}
