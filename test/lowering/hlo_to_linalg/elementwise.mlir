// RUN: strata-opt %s -p convert-hlo-to-linalg --split-input-file | filecheck %s

// CHECK-LABEL: func.func @add
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   %[[INIT:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:   %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<2x3xf32>) outs(%[[INIT]] : tensor<2x3xf32>) {
// CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:     %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT:     linalg.yield %[[S]] : f32
// CHECK-NEXT:   } -> tensor<2x3xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @add(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.add %a, %b : tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// Integers take the signed arith ops; negate is 0 - x. Division runs on a divisor made 1 where
// it is 0 or the quotient overflows (MIN / -1), which LLVM leaves undefined and x86 traps on:
// x / 0 is -1 and MIN / -1 is MIN, as XLA defines them.
// CHECK-LABEL: func.func @integer_ops
// CHECK:         ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:      %[[BY0:.*]] = arith.cmpi eq, %[[Y]], %[[ZERO]] : i32
// CHECK-NEXT:      %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT:      %[[M1:.*]] = arith.constant -1 : i32
// CHECK-NEXT:      %[[XMIN:.*]] = arith.cmpi eq, %[[X]], %[[MIN]] : i32
// CHECK-NEXT:      %[[YM1:.*]] = arith.cmpi eq, %[[Y]], %[[M1]] : i32
// CHECK-NEXT:      %[[OVER:.*]] = arith.andi %[[XMIN]], %[[YM1]] : i1
// CHECK-NEXT:      %[[BAD:.*]] = arith.ori %[[BY0]], %[[OVER]] : i1
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:      %[[SAFE:.*]] = arith.select %[[BAD]], %[[ONE]], %[[Y]] : i32
// CHECK-NEXT:      %[[ALL:.*]] = arith.constant -1 : i32
// CHECK-NEXT:      %[[Q:.*]] = arith.divsi %[[X]], %[[SAFE]] : i32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[BY0]], %[[ALL]], %[[Q]] : i32
// CHECK-NEXT:      linalg.yield %[[R]] : i32
// CHECK:         ^bb0(%[[X2:.*]]: i32, %[[Y2:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT:      %[[M:.*]] = arith.maxsi %[[X2]], %[[Y2]] : i32
// CHECK-NEXT:      linalg.yield %[[M]] : i32
// CHECK:         ^bb0(%[[X3:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:      %[[N:.*]] = arith.subi %[[ZERO]], %[[X3]] : i32
// CHECK-NEXT:      linalg.yield %[[N]] : i32
func.func @integer_ops(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %0 = hlo.divide %a, %b : tensor<4xi32>
  %1 = hlo.maximum %a, %b : tensor<4xi32>
  %2 = hlo.negate %a : tensor<4xi32>
  func.return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @unary_float
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[N:.*]] = arith.negf %[[X]] : f32
// CHECK-NEXT:      linalg.yield %[[N]] : f32
// CHECK:         ^bb0(%[[X2:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[X2]] : f32
// CHECK-NEXT:      linalg.yield %[[E]] : f32
// CHECK:         ^bb0(%[[X3:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[RS:.*]] = math.rsqrt %[[X3]] : f32
// CHECK-NEXT:      linalg.yield %[[RS]] : f32
func.func @unary_float(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = hlo.negate %x : tensor<4xf32>
  %1 = hlo.exponential %x : tensor<4xf32>
  %2 = hlo.rsqrt %x : tensor<4xf32>
  func.return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// logistic(x) = 1 / (1 + exp(-x))
// CHECK-LABEL: func.func @logistic
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[NEG:.*]] = arith.negf %[[X]] : f32
// CHECK-NEXT:      %[[EXP:.*]] = math.exp %[[NEG]] : f32
// CHECK-NEXT:      %[[DEN:.*]] = arith.addf %[[ONE]], %[[EXP]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.divf %[[ONE]], %[[DEN]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @logistic(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.logistic %x : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// Predicates: ordered for float (NE is unordered: NaN != x), signed / unsigned by compare type.
// CHECK-LABEL: func.func @compare
// CHECK:         ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT:      %[[GT:.*]] = arith.cmpf ogt, %[[A]], %[[B]] : f32
// CHECK-NEXT:      linalg.yield %[[GT]] : i1
// CHECK:         ^bb0(%[[A2:.*]]: f32, %[[B2:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT:      %[[NE:.*]] = arith.cmpf une, %[[A2]], %[[B2]] : f32
// CHECK-NEXT:      linalg.yield %[[NE]] : i1
// CHECK:         ^bb0(%[[I:.*]]: i32, %[[J:.*]]: i32, %{{.*}}: i1):
// CHECK-NEXT:      %[[LT:.*]] = arith.cmpi slt, %[[I]], %[[J]] : i32
// CHECK-NEXT:      linalg.yield %[[LT]] : i1
// CHECK:         ^bb0(%[[I2:.*]]: i32, %[[J2:.*]]: i32, %{{.*}}: i1):
// CHECK-NEXT:      %[[GE:.*]] = arith.cmpi uge, %[[I2]], %[[J2]] : i32
// CHECK-NEXT:      linalg.yield %[[GE]] : i1
// CHECK:         } -> tensor<4xi1>
func.func @compare(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<4xi32>, %j: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = hlo.compare GT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = hlo.compare NE, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = hlo.compare LT, %i, %j, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %3 = hlo.compare GE, %i, %j, UNSIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  func.return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @select
// CHECK-SAME: (%[[P:.*]]: tensor<4xi1>, %[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[P]], %[[A]], %[[B]] : tensor<4xi1>, tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT:    ^bb0(%[[PE:.*]]: i1, %[[AE:.*]]: f32, %[[BE:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[PE]], %[[AE]], %[[BE]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @select(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// Rank-0 bounds are read through a map with no results; clamp = min(max(x, lo), hi).
// CHECK-LABEL: func.func @clamp
// CHECK-SAME: (%[[LO:.*]]: tensor<f32>, %[[X:.*]]: tensor<2x4xf32>, %[[HI:.*]]: tensor<f32>)
// CHECK:         linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[LO]], %[[X]], %[[HI]] : tensor<f32>, tensor<2x4xf32>, tensor<f32>)
// CHECK-NEXT:    ^bb0(%[[L:.*]]: f32, %[[V:.*]]: f32, %[[H:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[MAX:.*]] = arith.maximumf %[[V]], %[[L]] : f32
// CHECK-NEXT:      %[[MIN:.*]] = arith.minimumf %[[MAX]], %[[H]] : f32
// CHECK-NEXT:      linalg.yield %[[MIN]] : f32
func.func @clamp(%lo: tensor<f32>, %x: tensor<2x4xf32>, %hi: tensor<f32>) -> tensor<2x4xf32> {
  %0 = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// The body converts to the result's element type (float -> int truncates toward zero).
// CHECK-LABEL: func.func @convert
// CHECK:         ^bb0(%[[F:.*]]: f32, %{{.*}}: i32):
// CHECK-NEXT:      %[[F2I:.*]] = arith.fptosi %[[F]] : f32 to i32
// CHECK-NEXT:      linalg.yield %[[F2I]] : i32
// CHECK:         ^bb0(%[[I:.*]]: i32, %{{.*}}: f32):
// CHECK-NEXT:      %[[I2F:.*]] = arith.sitofp %[[I]] : i32 to f32
// CHECK-NEXT:      linalg.yield %[[I2F]] : f32
// CHECK:         ^bb0(%[[B:.*]]: i1, %{{.*}}: f32):
// CHECK-NEXT:      %[[B2F:.*]] = arith.uitofp %[[B]] : i1 to f32
// CHECK-NEXT:      linalg.yield %[[B2F]] : f32
// CHECK:         ^bb0(%[[F2:.*]]: f32, %{{.*}}: f64):
// CHECK-NEXT:      %[[EXT:.*]] = arith.extf %[[F2]] : f32 to f64
// CHECK-NEXT:      linalg.yield %[[EXT]] : f64
// CHECK:         ^bb0(%[[F3:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[NZ:.*]] = arith.cmpf une, %[[F3]], %[[Z]] : f32
// CHECK-NEXT:      linalg.yield %[[NZ]] : i1
func.func @convert(%x: tensor<4xf32>, %i: tensor<4xi32>, %b: tensor<4xi1>) -> (tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf64>, tensor<4xi1>) {
  %0 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xi32>
  %1 = hlo.convert %i : (tensor<4xi32>) -> tensor<4xf32>
  %2 = hlo.convert %b : (tensor<4xi1>) -> tensor<4xf32>
  %3 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xf64>
  %4 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xi1>
  func.return %0, %1, %2, %3, %4 : tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf64>, tensor<4xi1>
}

// -----

// A splat-constant operand is not read from memory: its scalar is used in the body and the
// generic has one input.
// CHECK-LABEL: func.func @splat_operand
// CHECK-SAME: (%[[X:.*]]: tensor<2x4xf32>)
// CHECK-NEXT:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[INIT:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK-NEXT:   linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x4xf32>) outs(%[[INIT]] : tensor<2x4xf32>)
// CHECK-NEXT:   ^bb0(%[[E:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:     %[[R:.*]] = arith.maximumf %[[E]], %[[ZERO]] : f32
// CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @splat_operand(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %c = hlo.constant dense<0.0> : tensor<2x4xf32>
  %0 = hlo.maximum %x, %c : tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// A non-splat constant becomes an arith.constant tensor read like any operand.
// CHECK-LABEL: func.func @dense_constant_operand
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>)
// CHECK-NEXT:   %[[C:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:   %[[INIT:.*]] = tensor.empty() : tensor<2xf32>
// CHECK-NEXT:   linalg.generic {{.*}} ins(%[[X]], %[[C]] : tensor<2xf32>, tensor<2xf32>) outs(%[[INIT]] : tensor<2xf32>)
func.func @dense_constant_operand(%x: tensor<2xf32>) -> tensor<2xf32> {
  %c = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = hlo.add %x, %c : tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
