// RUN: strata-opt %s -p convert-hlo-to-linalg --split-input-file | filecheck %s
// RUN: strata-opt %s -p convert-hlo-to-linalg --split-input-file --mlir-print-debuginfo \
// RUN:   | filecheck %s --check-prefix=LOC

// A tree of elementwise ops (each result read only by the next op, of the same shape) becomes
// one generic at its root: an operand read twice is one input, a splat constant a scalar. Inputs
// and ops come in the order linalg-fuse-elementwise would give the generics fused: an op's own
// operands from outside the tree first, and the ops computing its last operand first.

// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[X:.*]]: tensor<8xf32>, %[[Y:.*]]: tensor<8xf32>)
// CHECK:        %[[R:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[Y]] : tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT:   ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[B]], %[[A]] : f32
// CHECK-NEXT:     %[[E:.*]] = math.exp %[[A]] : f32
// CHECK-NEXT:     %[[S:.*]] = arith.addf %[[E]], %[[M]] : f32
// CHECK-NEXT:     %[[T:.*]] = math.tanh %[[S]] : f32
// CHECK-NEXT:     %[[H:.*]] = arith.mulf %[[T]], %{{.*}} : f32
// CHECK-NEXT:     linalg.yield %[[H]] : f32
// CHECK-NEXT:   } -> tensor<8xf32>
// CHECK-NOT:    linalg.generic
// CHECK:        func.return %[[R]]
func.func @chain(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %half = hlo.constant dense<0.5> : tensor<8xf32>
  %e = hlo.exponential %x : tensor<8xf32>
  %m = hlo.multiply %y, %x : tensor<8xf32>
  %s = hlo.add %e, %m : tensor<8xf32>
  %t = hlo.tanh %s : tensor<8xf32>
  %h = hlo.multiply %t, %half : tensor<8xf32>
  func.return %h : tensor<8xf32>
}

// -----

// A value read twice is its own generic (linalg-fuse-elementwise decides where it goes), and
// so is one of another shape (a rank-0 predicate broadcast by its map).

// CHECK-LABEL: func.func @shared
// CHECK:        %[[E:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<8xf32>)
// CHECK:          math.exp
// CHECK:        %[[P:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<i32>, tensor<i32>)
// CHECK:          arith.cmpi slt
// CHECK:        linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]{{.*}} ins(%[[P]], %[[E]] : tensor<i1>, tensor<8xf32>)
// CHECK-NEXT:   ^bb0(%[[C:.*]]: i1, %[[V:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:     %[[Q:.*]] = arith.mulf %[[V]], %[[V]] : f32
// CHECK-NEXT:     %[[N:.*]] = arith.negf %[[V]] : f32
// CHECK-NEXT:     arith.select %[[C]], %[[N]], %[[Q]] : f32
func.func @shared(%x: tensor<8xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<8xf32> {
  %e = hlo.exponential %x : tensor<8xf32>
  %p = hlo.compare LT, %i, %j : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %n = hlo.negate %e : tensor<8xf32>
  %q = hlo.multiply %e, %e : tensor<8xf32>
  %r = hlo.select %p, %n, %q : tensor<i1>, tensor<8xf32>
  func.return %r : tensor<8xf32>
}

// -----

// Each op's scalar ops keep its location; the generic has its root's.

// LOC-LABEL: func.func @located
// LOC:         linalg.generic
// LOC:           math.exp {{.*}} loc("inner")
// LOC-NEXT:      math.tanh {{.*}} loc("outer")
// LOC-NEXT:      linalg.yield {{.*}} loc("outer")
// LOC-NEXT:    } -> tensor<4xf32> loc("outer")
func.func @located(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = hlo.exponential %x : tensor<4xf32> loc("inner")
  %t = hlo.tanh %e : tensor<4xf32> loc("outer")
  func.return %t : tensor<4xf32>
}
