// RUN: strata-opt %s | strata-opt --generic | strata-opt | filecheck %s

// CHECK-LABEL: func.func @reductions
func.func @reductions(%x: tensor<2x3x4xf32>, %b: tensor<2x3xi1>) {
  %axes = "tf.Const"() <{value = dense<[0, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  // CHECK: "tf.Sum"(%{{.*}}, %{{.*}}) <{keep_dims = false}> : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<3xf32>
  %0 = "tf.Sum"(%x, %axes) <{keep_dims = false}> : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<3xf32>
  // CHECK-NEXT: "tf.Mean"(%{{.*}}, %{{.*}}) <{keep_dims = true}> : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<1x3x1xf32>
  %1 = "tf.Mean"(%x, %axes) <{keep_dims = true}> : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<1x3x1xf32>
  // CHECK-NEXT: "tf.Any"(%{{.*}}, %{{.*}}) <{keep_dims = false}> : (tensor<2x3xi1>, tensor<i32>) -> tensor<2xi1>
  %2 = "tf.Any"(%b, %one) <{keep_dims = false}> : (tensor<2x3xi1>, tensor<i32>) -> tensor<2xi1>
  // CHECK-NEXT: "tf.ArgMax"(%{{.*}}, %{{.*}}) : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<2x4xi64>
  %3 = "tf.ArgMax"(%x, %one) : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<2x4xi64>
  // CHECK-NEXT: "tf.ArgMin"(%{{.*}}, %{{.*}}) : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<2x4xi32>
  %4 = "tf.ArgMin"(%x, %one) : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<2x4xi32>
  func.return
}
