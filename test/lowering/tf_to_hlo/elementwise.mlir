// RUN: strata-opt %s -p convert-tf-to-hlo --split-input-file | filecheck %s

// Same shapes: a one-to-one op, no broadcast.
// CHECK-LABEL: func.func @add_same_shape
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[Y:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   %[[R:.*]] = hlo.add %[[X]], %[[Y]] : tensor<2x3xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @add_same_shape(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tf.AddV2"(%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// Every row of the binary table (an integer RealDiv by zero fails the call: rt.check).
// CHECK-LABEL: func.func @binary_table
// CHECK-SAME: (%[[X:.*]]: tensor<4xi32>, %[[Y:.*]]: tensor<4xi32>)
// CHECK-NEXT:   %[[ADD:.*]] = hlo.add %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:   %[[SUB:.*]] = hlo.subtract %[[ADD]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:   %[[MUL:.*]] = hlo.multiply %[[SUB]], %[[Y]] : tensor<4xi32>
// CHECK:        rt.check {{.*}}'tf.RealDiv' op Integer division by zero
// CHECK-NEXT:   %[[DIV:.*]] = hlo.divide %[[MUL]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:   %[[MAX:.*]] = hlo.maximum %[[DIV]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:   %[[MIN:.*]] = hlo.minimum %[[MAX]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:   func.return %[[MIN]]
func.func @binary_table(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "tf.Add"(%x, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = "tf.Sub"(%0, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = "tf.Mul"(%1, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %3 = "tf.RealDiv"(%2, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %4 = "tf.Maximum"(%3, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %5 = "tf.Minimum"(%4, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  func.return %5 : tensor<4xi32>
}

// -----

// A lower-rank lhs is aligned to the trailing dims; the operand order is kept.
// CHECK-LABEL: func.func @broadcast_lhs_rank
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[Y:.*]]: tensor<3xf32>)
// CHECK-NEXT:   %[[B:.*]] = hlo.broadcast_in_dim %[[Y]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.subtract %[[B]], %[[X]] : tensor<2x3xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @broadcast_lhs_rank(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "tf.Sub"(%y, %x) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// A rank-0 operand broadcasts with empty dims.
// CHECK-LABEL: func.func @broadcast_scalar
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[S:.*]]: tensor<f32>)
// CHECK-NEXT:   %[[B:.*]] = hlo.broadcast_in_dim %[[S]], dims = [] : (tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.divide %[[X]], %[[B]] : tensor<2x3xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @broadcast_scalar(%x: tensor<2x3xf32>, %s: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "tf.RealDiv"(%x, %s) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// Size-1 dims on both sides: each operand broadcasts to the joint shape.
// CHECK-LABEL: func.func @broadcast_both_size_one
// CHECK-SAME: (%[[X:.*]]: tensor<2x1xf32>, %[[Y:.*]]: tensor<1x3xf32>)
// CHECK-NEXT:   %[[BX:.*]] = hlo.broadcast_in_dim %[[X]], dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:   %[[BY:.*]] = hlo.broadcast_in_dim %[[Y]], dims = [0, 1] : (tensor<1x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.maximum %[[BX]], %[[BY]] : tensor<2x3xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @broadcast_both_size_one(%x: tensor<2x1xf32>, %y: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %0 = "tf.Maximum"(%x, %y) : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @unary_table
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<4xi32>)
// CHECK-NEXT:   %[[NEG:.*]] = hlo.negate %[[X]] : tensor<4xf32>
// CHECK-NEXT:   %[[ABS:.*]] = hlo.abs %[[I]] : tensor<4xi32>
// CHECK-NEXT:   %[[EXP:.*]] = hlo.exponential %[[X]] : tensor<4xf32>
// CHECK-NEXT:   %[[LOG:.*]] = hlo.log %[[X]] : tensor<4xf32>
// CHECK-NEXT:   %[[SQRT:.*]] = hlo.sqrt %[[X]] : tensor<4xf32>
// CHECK-NEXT:   %[[RSQRT:.*]] = hlo.rsqrt %[[X]] : tensor<4xf32>
// CHECK-NEXT:   %[[TANH:.*]] = hlo.tanh %[[X]] : tensor<4xf32>
// CHECK-NEXT:   %[[SIG:.*]] = hlo.logistic %[[X]] : tensor<4xf32>
// CHECK-NEXT:   func.return %[[NEG]], %[[ABS]], %[[EXP]], %[[LOG]], %[[SQRT]], %[[RSQRT]], %[[TANH]], %[[SIG]]
func.func @unary_table(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "tf.Neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "tf.Abs"(%i) : (tensor<4xi32>) -> tensor<4xi32>
  %2 = "tf.Exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "tf.Log"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "tf.Sqrt"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %5 = "tf.Rsqrt"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %6 = "tf.Tanh"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %7 = "tf.Sigmoid"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @square
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT:   %[[R:.*]] = hlo.multiply %[[X]], %[[X]] : tensor<4xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @square(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.Square"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @relu
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<4xi32>)
// CHECK-NEXT:   %[[ZF:.*]] = hlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT:   %[[RF:.*]] = hlo.maximum %[[X]], %[[ZF]] : tensor<4xf32>
// CHECK-NEXT:   %[[ZI:.*]] = hlo.constant dense<0> : tensor<4xi32>
// CHECK-NEXT:   %[[RI:.*]] = hlo.maximum %[[I]], %[[ZI]] : tensor<4xi32>
// CHECK-NEXT:   func.return %[[RF]], %[[RI]]
func.func @relu(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0 = "tf.Relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "tf.Relu"(%i) : (tensor<4xi32>) -> tensor<4xi32>
  func.return %0, %1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// Relu6 clamps between rank-0 bounds, lower bound first.
// CHECK-LABEL: func.func @relu6
// CHECK-SAME: (%[[X:.*]]: tensor<2x4xf32>)
// CHECK-NEXT:   %[[LO:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[HI:.*]] = hlo.constant dense<6.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[R:.*]] = hlo.clamp %[[LO]], %[[X]], %[[HI]] : (tensor<f32>, tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @relu6(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = "tf.Relu6"(%x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @cast
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<4xi32>, %[[B:.*]]: tensor<4xi1>)
// CHECK-NEXT:   %[[F2I:.*]] = hlo.convert %[[X]] : (tensor<4xf32>) -> tensor<4xi32>
// CHECK-NEXT:   %[[I2F:.*]] = hlo.convert %[[I]] : (tensor<4xi32>) -> tensor<4xf32>
// CHECK-NEXT:   %[[B2F:.*]] = hlo.convert %[[B]] : (tensor<4xi1>) -> tensor<4xf32>
// CHECK-NEXT:   func.return %[[F2I]], %[[I2F]], %[[B2F]], %[[X]]
func.func @cast(%x: tensor<4xf32>, %i: tensor<4xi32>, %b: tensor<4xi1>) -> (tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "tf.Cast"(%x) : (tensor<4xf32>) -> tensor<4xi32>
  %1 = "tf.Cast"(%i) : (tensor<4xi32>) -> tensor<4xf32>
  %2 = "tf.Cast"(%b) : (tensor<4xi1>) -> tensor<4xf32>
  %3 = "tf.Cast"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// f64 to f16 (or bf16) through f32, rounded twice as TensorFlow's kernel rounds (Eigen's half
// from a double goes through float: 1 + 2^-11 + 2^-40 becomes 1, where one rounding gives
// 1 + 2^-10).
// CHECK-LABEL: func.func @cast_double_to_half
// CHECK-NEXT:   %[[F:.*]] = hlo.convert %d : (tensor<2xf64>) -> tensor<2xf32>
// CHECK-NEXT:   %[[H:.*]] = hlo.convert %[[F]] : (tensor<2xf32>) -> tensor<2xf16>
// CHECK-NEXT:   %[[F2:.*]] = hlo.convert %d : (tensor<2xf64>) -> tensor<2xf32>
// CHECK-NEXT:   %[[B:.*]] = hlo.convert %[[F2]] : (tensor<2xf32>) -> tensor<2xbf16>
// CHECK-NEXT:   func.return %[[H]], %[[B]]
func.func @cast_double_to_half(%d: tensor<2xf64>) -> (tensor<2xf16>, tensor<2xbf16>) {
  %0 = "tf.Cast"(%d) : (tensor<2xf64>) -> tensor<2xf16>
  %1 = "tf.Cast"(%d) : (tensor<2xf64>) -> tensor<2xbf16>
  func.return %0, %1 : tensor<2xf16>, tensor<2xbf16>
}

// -----

// Cast to bool is x != 0, not a truncating convert: floats compare FLOAT, ints SIGNED.
// CHECK-LABEL: func.func @cast_to_bool
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<4xi32>)
// CHECK-NEXT:   %[[ZF:.*]] = hlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT:   %[[BF:.*]] = hlo.compare NE, %[[X]], %[[ZF]], FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:   %[[ZI:.*]] = hlo.constant dense<0> : tensor<4xi32>
// CHECK-NEXT:   %[[BI:.*]] = hlo.compare NE, %[[I]], %[[ZI]], SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK-NEXT:   func.return %[[BF]], %[[BI]]
func.func @cast_to_bool(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = "tf.Cast"(%x) : (tensor<4xf32>) -> tensor<4xi1>
  %1 = "tf.Cast"(%i) : (tensor<4xi32>) -> tensor<4xi1>
  func.return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// Identity-like ops forward their operands; NoOp disappears.
// CHECK-LABEL: func.func @forwarding
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<2xi32>)
// CHECK-NEXT:   func.return %[[X]], %[[Y]] : tensor<4xf32>, tensor<2xi32>
func.func @forwarding(%x: tensor<4xf32>, %y: tensor<2xi32>) -> (tensor<4xf32>, tensor<2xi32>) {
  %0 = "tf.Identity"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "tf.StopGradient"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2:2 = "tf.IdentityN"(%1, %y) : (tensor<4xf32>, tensor<2xi32>) -> (tensor<4xf32>, tensor<2xi32>)
  "tf.NoOp"() : () -> ()
  func.return %2#0, %2#1 : tensor<4xf32>, tensor<2xi32>
}
