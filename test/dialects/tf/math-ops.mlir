// RUN: strata-opt %s | strata-opt --generic | strata-opt | filecheck %s

// CHECK-LABEL: func.func @unary
func.func @unary(%x: tensor<2x3xf32>, %i: tensor<4xi32>, %b: tensor<4xi1>) {
  // CHECK-NEXT: "tf.Erf"(%{{.*}}) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %0 = "tf.Erf"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: "tf.Erfc"
  %1 = "tf.Erfc"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: "tf.Round"(%{{.*}}) : (tensor<4xi32>) -> tensor<4xi32>
  %2 = "tf.Round"(%i) : (tensor<4xi32>) -> tensor<4xi32>
  // CHECK-NEXT: "tf.Sign"(%{{.*}}) : (tensor<4xi32>) -> tensor<4xi32>
  %3 = "tf.Sign"(%i) : (tensor<4xi32>) -> tensor<4xi32>
  // CHECK-NEXT: "tf.LogicalNot"(%{{.*}}) : (tensor<4xi1>) -> tensor<4xi1>
  %4 = "tf.LogicalNot"(%b) : (tensor<4xi1>) -> tensor<4xi1>
  // CHECK-NEXT: "tf.LeakyRelu"(%{{.*}}) <{alpha = 1.000000e-01 : f32}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = "tf.LeakyRelu"(%x) <{alpha = 0.1 : f32}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: "tf.Softplus"
  %6 = "tf.Softplus"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// CHECK-LABEL: func.func @binary
func.func @binary(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %i: tensor<4xi32>, %b: tensor<4xi1>) {
  // CHECK-NEXT: "tf.Pow"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %0 = "tf.Pow"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: "tf.FloorMod"(%{{.*}}, %{{.*}}) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = "tf.FloorMod"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // CHECK-NEXT: "tf.GreaterEqual"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %2 = "tf.GreaterEqual"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // CHECK-NEXT: "tf.LogicalOr"(%{{.*}}, %{{.*}}) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %3 = "tf.LogicalOr"(%b, %b) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  func.return
}

// CHECK-LABEL: func.func @select_clip
func.func @select_clip(%c: tensor<2xi1>, %x: tensor<2x3xf32>, %s: tensor<f32>, %v: tensor<3xi1>) {
  // CHECK-NEXT: "tf.Select"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %0 = "tf.Select"(%c, %x, %x) : (tensor<2xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: "tf.SelectV2"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<3xi1>, tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "tf.SelectV2"(%v, %s, %x) : (tensor<3xi1>, tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: "tf.ClipByValue"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  %2 = "tf.ClipByValue"(%x, %s, %s) : (tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  func.return
}
