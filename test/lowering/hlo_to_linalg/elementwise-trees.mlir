// RUN: strata-opt %s -p convert-hlo-to-linalg --split-input-file | filecheck %s
// RUN: strata-opt %s -p convert-hlo-to-linalg --split-input-file --mlir-print-debuginfo \
// RUN:   | filecheck %s --check-prefix=LOC

// A tree of elementwise ops (each result read only by the next op, of the same shape) becomes
// one generic at its root: an operand read twice is one input, a splat constant a scalar. Inputs
// and ops come in the order linalg-fuse-elementwise would give the generics fused: an op's own
// operands from outside the tree first, and the ops computing its last operand first.
// The file round-trips: generics of several results parse back.
// RUN: strata-opt %s -p convert-hlo-to-linalg --split-input-file | strata-opt --split-input-file | filecheck %s

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

// A graph of elementwise ops of one shape is one generic too: a value read twice is computed
// once, and an operand of another shape (a rank-0 predicate) is an input broadcast by its map.

// CHECK-LABEL: func.func @shared
// CHECK:        %[[P:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<i32>, tensor<i32>)
// CHECK:          arith.cmpi slt
// CHECK:        linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]{{.*}} ins(%[[P]], %{{.*}} : tensor<i1>, tensor<8xf32>)
// CHECK-NEXT:   ^bb0(%[[C:.*]]: i1, %[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:     %[[V:.*]] = math.exp %[[X]] : f32
// CHECK-NEXT:     %[[Q:.*]] = arith.mulf %[[V]], %[[V]] : f32
// CHECK-NEXT:     %[[N:.*]] = arith.negf %[[V]] : f32
// CHECK-NEXT:     %[[R:.*]] = arith.select %[[C]], %[[N]], %[[Q]] : f32
// CHECK-NEXT:     linalg.yield %[[R]] : f32
// CHECK-NOT:    linalg.generic
func.func @shared(%x: tensor<8xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<8xf32> {
  %p = hlo.compare LT, %i, %j : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %e = hlo.exponential %x : tensor<8xf32>
  %n = hlo.negate %e : tensor<8xf32>
  %q = hlo.multiply %e, %e : tensor<8xf32>
  %r = hlo.select %p, %n, %q : tensor<i1>, tensor<8xf32>
  func.return %r : tensor<8xf32>
}

// -----

// A member read outside the group is a result of its generic too (computed once, written once),
// which then stands before the group's first op, with its location.

// CHECK-LABEL: func.func @kept
// CHECK:        %[[E:.*]], %[[S:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<8xf32>) outs(%{{.*}}, %{{.*}} : tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %{{.*}}: f32, %{{.*}}: f32):
// CHECK-NEXT:     %[[V:.*]] = math.exp %[[X]] : f32
// CHECK-NEXT:     %[[N:.*]] = arith.negf %[[V]] : f32
// CHECK-NEXT:     %[[A:.*]] = arith.addf %[[N]], %[[V]] : f32
// CHECK-NEXT:     linalg.yield %[[V]], %[[A]] : f32, f32
// CHECK-NEXT:   } -> (tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT:   func.return %[[S]], %[[E]]
// LOC-LABEL: func.func @kept
// LOC:         } -> (tensor<8xf32>, tensor<8xf32>) loc("e")
func.func @kept(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = hlo.exponential %x : tensor<8xf32> loc("e")
  %n = hlo.negate %e : tensor<8xf32> loc("n")
  %s = hlo.add %n, %e : tensor<8xf32> loc("s")
  func.return %s, %e : tensor<8xf32>, tensor<8xf32>
}

// -----

// The generic stands after every input and before every outside reader of its results. Where
// only its last op is read outside, that op's place does, even after an input computed late
// (the predicate). Else the place before its first op must do: where an input is computed after
// that (the sum of the exponentials that the division reads), the group falls back to its
// trees, here one generic per op.

// CHECK-LABEL: func.func @after_first
// CHECK:        %[[P:.*]] = linalg.generic
// CHECK:          arith.cmpi
// CHECK:        linalg.generic {{.*}} ins(%[[P]], %{{.*}} : tensor<i1>, tensor<8xf32>)
// CHECK-NEXT:   ^bb0(%[[C:.*]]: i1, %[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:     %[[E:.*]] = math.exp %[[X]]
// CHECK-NEXT:     arith.select %[[C]], %[[E]], %[[X]]
// CHECK-NEXT:     linalg.yield
func.func @after_first(%x: tensor<8xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<8xf32> {
  %e = hlo.exponential %x : tensor<8xf32>
  %p = hlo.compare LT, %i, %j : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %r = hlo.select %p, %e, %x : tensor<i1>, tensor<8xf32>
  func.return %r : tensor<8xf32>
}

// CHECK-LABEL: func.func @through_a_reduction
// CHECK:        %[[E:.*]] = linalg.generic
// CHECK:          math.exp
// CHECK:        %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[E]]
// CHECK:        %[[B:.*]] = linalg.generic {{.*}} ins(%[[SUM]]
// CHECK:        linalg.generic {{.*}} ins(%[[E]], %[[B]] :
// CHECK-NEXT:   ^bb0
// CHECK-NEXT:     arith.divf
func.func @through_a_reduction(%x: tensor<8xf32>) -> tensor<8xf32> {
  %e = hlo.exponential %x : tensor<8xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%e init: %zero) applies hlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
  %b = hlo.broadcast_in_dim %sum, dims = [] : (tensor<f32>) -> tensor<8xf32>
  %d = hlo.divide %e, %b : tensor<8xf32>
  func.return %d : tensor<8xf32>
}

// -----

// A group whose results would include one that a reduction reads is split into trees: the
// exponentials are their own generic, which linalg-fuse-elementwise computes inside the sum,
// and the shifted values, read twice, another (a log-softmax).

// CHECK-LABEL: func.func @into_a_reduction
// CHECK:        %[[S:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x8xf32>, tensor<2x8xf32>)
// CHECK-NEXT:   ^bb0
// CHECK-NEXT:     arith.subf
// CHECK-NEXT:     linalg.yield
// CHECK:        %[[E:.*]] = linalg.generic {{.*}} ins(%[[S]] : tensor<2x8xf32>)
// CHECK-NEXT:   ^bb0
// CHECK-NEXT:     math.exp
// CHECK-NEXT:     linalg.yield
// CHECK:        iterator_types = ["parallel", "reduction"]} ins(%[[E]]
func.func @into_a_reduction(%x: tensor<2x8xf32>, %m: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %s = hlo.subtract %x, %m : tensor<2x8xf32>
  %e = hlo.exponential %s : tensor<2x8xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%e init: %zero) applies hlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %b = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  %l = hlo.log %b : tensor<2x8xf32>
  %r = hlo.subtract %s, %l : tensor<2x8xf32>
  func.return %r : tensor<2x8xf32>
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
