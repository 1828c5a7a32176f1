// RUN: strata-opt %s -p tf-shape-inference --split-input-file | filecheck %s

// Static operands make every `?` downstream static, through to the function's result type.
// CHECK-LABEL: func.func @mlp
// CHECK-SAME:    (%[[X:[0-9a-z_]+]]: tensor<8x784xf32>, %[[W:[0-9a-z_]+]]: tensor<784x10xf32>, %[[B:[0-9a-z_]+]]: tensor<10xf32>) -> tensor<8x10xf32>
// CHECK-NEXT:    %[[MM:.*]] = "tf.MatMul"(%[[X]], %[[W]]) {{.*}} : (tensor<8x784xf32>, tensor<784x10xf32>) -> tensor<8x10xf32>
// CHECK-NEXT:    %[[BA:.*]] = "tf.BiasAdd"(%[[MM]], %[[B]]) {{.*}} : (tensor<8x10xf32>, tensor<10xf32>) -> tensor<8x10xf32>
// CHECK-NEXT:    %[[SM:.*]] = "tf.Softmax"(%[[BA]]) : (tensor<8x10xf32>) -> tensor<8x10xf32>
// CHECK-NEXT:    func.return %[[SM]] : tensor<8x10xf32>
func.func @mlp(%x: tensor<8x784xf32>, %w: tensor<784x10xf32>, %b: tensor<10xf32>) -> tensor<?x?xf32> {
  %0 = "tf.MatMul"(%x, %w) : (tensor<8x784xf32>, tensor<784x10xf32>) -> tensor<?x?xf32>
  %1 = "tf.BiasAdd"(%0, %b) : (tensor<?x?xf32>, tensor<10xf32>) -> tensor<?x?xf32>
  %2 = "tf.Softmax"(%1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %2 : tensor<?x?xf32>
}

// -----

// Dims the operands do not know stay `?`; arguments never change.
// CHECK-LABEL: func.func @partial
// CHECK-SAME:    (%[[X:[0-9a-z_]+]]: tensor<?x4xf32>, %[[Y:[0-9a-z_]+]]: tensor<4xf32>) -> tensor<?x4xi32>
// CHECK-NEXT:    %[[ADD:.*]] = "tf.AddV2"(%[[X]], %[[Y]]) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:    %[[CAST:.*]] = "tf.Cast"(%[[ADD]]) : (tensor<?x4xf32>) -> tensor<?x4xi32>
// CHECK-NEXT:    func.return %[[CAST]] : tensor<?x4xi32>
func.func @partial(%x: tensor<?x4xf32>, %y: tensor<4xf32>) -> tensor<?x?xi32> {
  %0 = "tf.AddV2"(%x, %y) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x?xf32>
  %1 = "tf.Cast"(%0) : (tensor<?x?xf32>) -> tensor<?x?xi32>
  func.return %1 : tensor<?x?xi32>
}

// -----

// Reshape reads its constant shape operand; IdentityN refines each result.
// CHECK-LABEL: func.func @reshape
// CHECK:         "tf.Reshape"(%{{.*}}, %{{.*}}) : (tensor<2x6xf32>, tensor<3xi32>) -> tensor<3x2x2xf32>
// CHECK-NEXT:    "tf.IdentityN"(%{{.*}}, %{{.*}}) : (tensor<3x2x2xf32>, tensor<2x6xf32>) -> (tensor<3x2x2xf32>, tensor<2x6xf32>)
// CHECK-NEXT:    func.return %{{.*}}, %{{.*}} : tensor<3x2x2xf32>, tensor<2x6xf32>
func.func @reshape(%x: tensor<2x6xf32>) -> (tensor<?x?x?xf32>, tensor<?x6xf32>) {
  %s = "tf.Const"() <{value = dense<[3, -1, 2]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %0 = "tf.Reshape"(%x, %s) : (tensor<2x6xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  %1:2 = "tf.IdentityN"(%0, %x) : (tensor<?x?x?xf32>, tensor<2x6xf32>) -> (tensor<?x?x?xf32>, tensor<?x6xf32>)
  func.return %1#0, %1#1 : tensor<?x?x?xf32>, tensor<?x6xf32>
}

// -----

// Ops other than tf ops are left as they are, and so are their uses.
// CHECK-LABEL: func.func @foreign
// CHECK-NEXT:    %[[T:.*]] = "test.op"() : () -> tensor<?xf32>
// CHECK-NEXT:    %[[R:.*]] = "tf.Relu"(%[[T]]) : (tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:    %[[N:.*]] = "tf.Neg"(%[[R]]) : (tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:    "test.op"(%[[N]]) : (tensor<?xf32>) -> ()
func.func @foreign() {
  %0 = "test.op"() : () -> tensor<?xf32>
  %1 = "tf.Relu"(%0) : (tensor<?xf32>) -> tensor<?xf32>
  %2 = "tf.Neg"(%1) : (tensor<?xf32>) -> tensor<?xf32>
  "test.op"(%2) : (tensor<?xf32>) -> ()
  func.return
}
