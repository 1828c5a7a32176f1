// RUN: strata-opt %s -p convert-tf-to-hlo --split-input-file | filecheck %s

// NHWC: the bias runs along the last dim.
// CHECK-LABEL: func.func @bias_add_nhwc
// CHECK-SAME: (%[[X:.*]]: tensor<2x5x5x3xf32>, %[[B:.*]]: tensor<3xf32>)
// CHECK-NEXT:   %[[BB:.*]] = hlo.broadcast_in_dim %[[B]], dims = [3] : (tensor<3xf32>) -> tensor<2x5x5x3xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.add %[[X]], %[[BB]] : tensor<2x5x5x3xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @bias_add_nhwc(%x: tensor<2x5x5x3xf32>, %b: tensor<3xf32>) -> tensor<2x5x5x3xf32> {
  %0 = "tf.BiasAdd"(%x, %b) <{data_format = "NHWC"}> : (tensor<2x5x5x3xf32>, tensor<3xf32>) -> tensor<2x5x5x3xf32>
  func.return %0 : tensor<2x5x5x3xf32>
}

// -----

// NCHW: the bias runs along dim 1.
// CHECK-LABEL: func.func @bias_add_nchw
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x5x5xf32>, %[[B:.*]]: tensor<3xf32>)
// CHECK-NEXT:   %[[BB:.*]] = hlo.broadcast_in_dim %[[B]], dims = [1] : (tensor<3xf32>) -> tensor<2x3x5x5xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.add %[[X]], %[[BB]] : tensor<2x3x5x5xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @bias_add_nchw(%x: tensor<2x3x5x5xf32>, %b: tensor<3xf32>) -> tensor<2x3x5x5xf32> {
  %0 = "tf.BiasAdd"(%x, %b) <{data_format = "NCHW"}> : (tensor<2x3x5x5xf32>, tensor<3xf32>) -> tensor<2x3x5x5xf32>
  func.return %0 : tensor<2x3x5x5xf32>
}

// -----

// The default data format (NHWC) on a 2-D value: the dense-layer case.
// CHECK-LABEL: func.func @bias_add_2d
// CHECK-SAME: (%[[X:.*]]: tensor<8x10xf32>, %[[B:.*]]: tensor<10xf32>)
// CHECK-NEXT:   %[[BB:.*]] = hlo.broadcast_in_dim %[[B]], dims = [1] : (tensor<10xf32>) -> tensor<8x10xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.add %[[X]], %[[BB]] : tensor<8x10xf32>
func.func @bias_add_2d(%x: tensor<8x10xf32>, %b: tensor<10xf32>) -> tensor<8x10xf32> {
  %0 = "tf.BiasAdd"(%x, %b) : (tensor<8x10xf32>, tensor<10xf32>) -> tensor<8x10xf32>
  func.return %0 : tensor<8x10xf32>
}

// -----

// CHECK-LABEL: func.func @matmul_nn
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3x4xf32>)
// CHECK-NEXT:   %[[R:.*]] = hlo.dot_general %[[A]], %[[B]], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @matmul_nn(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = "tf.MatMul"(%a, %b) <{transpose_a = false, transpose_b = false}> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @matmul_tn
// CHECK-SAME: (%[[A:.*]]: tensor<3x2xf32>, %[[B:.*]]: tensor<3x4xf32>)
// CHECK-NEXT:   %[[R:.*]] = hlo.dot_general %[[A]], %[[B]], contracting_dims = [0] x [0] : (tensor<3x2xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @matmul_tn(%a: tensor<3x2xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = "tf.MatMul"(%a, %b) <{transpose_a = true, transpose_b = false}> : (tensor<3x2xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @matmul_nt
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<4x3xf32>)
// CHECK-NEXT:   %[[R:.*]] = hlo.dot_general %[[A]], %[[B]], contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @matmul_nt(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<2x4xf32> {
  %0 = "tf.MatMul"(%a, %b) <{transpose_a = false, transpose_b = true}> : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @matmul_tt
// CHECK-SAME: (%[[A:.*]]: tensor<3x2xf32>, %[[B:.*]]: tensor<4x3xf32>)
// CHECK-NEXT:   %[[R:.*]] = hlo.dot_general %[[A]], %[[B]], contracting_dims = [0] x [1] : (tensor<3x2xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @matmul_tt(%a: tensor<3x2xf32>, %b: tensor<4x3xf32>) -> tensor<2x4xf32> {
  %0 = "tf.MatMul"(%a, %b) <{transpose_a = true, transpose_b = true}> : (tensor<3x2xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// softmax(x) = exp(x - max(x)) / sum(exp(x - max(x))), reductions over the last dim.
// CHECK-LABEL: func.func @softmax
// CHECK-SAME: (%[[X:.*]]: tensor<2x10xf32>)
// CHECK-NEXT:   %[[NEGINF:.*]] = hlo.constant dense<0xff800000> : tensor<f32>
// CHECK-NEXT:   %[[MAX:.*]] = hlo.reduce(%[[X]] init: %[[NEGINF]]) applies hlo.maximum across dimensions = [1] : (tensor<2x10xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:   %[[MAXB:.*]] = hlo.broadcast_in_dim %[[MAX]], dims = [0] : (tensor<2xf32>) -> tensor<2x10xf32>
// CHECK-NEXT:   %[[SHIFT:.*]] = hlo.subtract %[[X]], %[[MAXB]] : tensor<2x10xf32>
// CHECK-NEXT:   %[[EXP:.*]] = hlo.exponential %[[SHIFT]] : tensor<2x10xf32>
// CHECK-NEXT:   %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[SUM:.*]] = hlo.reduce(%[[EXP]] init: %[[ZERO]]) applies hlo.add across dimensions = [1] : (tensor<2x10xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:   %[[SUMB:.*]] = hlo.broadcast_in_dim %[[SUM]], dims = [0] : (tensor<2xf32>) -> tensor<2x10xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.divide %[[EXP]], %[[SUMB]] : tensor<2x10xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @softmax(%x: tensor<2x10xf32>) -> tensor<2x10xf32> {
  %0 = "tf.Softmax"(%x) : (tensor<2x10xf32>) -> tensor<2x10xf32>
  func.return %0 : tensor<2x10xf32>
}

// -----

// log_softmax(x) = s - log(sum(exp(s))) with s = x - max(x).
// CHECK-LABEL: func.func @log_softmax
// CHECK-SAME: (%[[X:.*]]: tensor<2x10xf32>)
// CHECK-NEXT:   %[[NEGINF:.*]] = hlo.constant dense<0xff800000> : tensor<f32>
// CHECK-NEXT:   %[[MAX:.*]] = hlo.reduce(%[[X]] init: %[[NEGINF]]) applies hlo.maximum across dimensions = [1] : (tensor<2x10xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:   %[[MAXB:.*]] = hlo.broadcast_in_dim %[[MAX]], dims = [0] : (tensor<2xf32>) -> tensor<2x10xf32>
// CHECK-NEXT:   %[[SHIFT:.*]] = hlo.subtract %[[X]], %[[MAXB]] : tensor<2x10xf32>
// CHECK-NEXT:   %[[EXP:.*]] = hlo.exponential %[[SHIFT]] : tensor<2x10xf32>
// CHECK-NEXT:   %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[SUM:.*]] = hlo.reduce(%[[EXP]] init: %[[ZERO]]) applies hlo.add across dimensions = [1] : (tensor<2x10xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:   %[[SUMB:.*]] = hlo.broadcast_in_dim %[[SUM]], dims = [0] : (tensor<2xf32>) -> tensor<2x10xf32>
// CHECK-NEXT:   %[[LOG:.*]] = hlo.log %[[SUMB]] : tensor<2x10xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.subtract %[[SHIFT]], %[[LOG]] : tensor<2x10xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @log_softmax(%x: tensor<2x10xf32>) -> tensor<2x10xf32> {
  %0 = "tf.LogSoftmax"(%x) : (tensor<2x10xf32>) -> tensor<2x10xf32>
  func.return %0 : tensor<2x10xf32>
}
