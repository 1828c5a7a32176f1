// RUN: strata-opt %s -p convert-hlo-to-linalg,bufferize --split-input-file | filecheck %s

// Loops (scf.while) and branches (scf.if) on buffers.

// A loop value lives in one buffer for the whole loop. A list written one row per iteration is
// updated in place (an scf.for storing the row into the loop's buffer, no copy of the list);
// the result is that buffer, so the entry's output buffer takes its place. The counter's
// increment, last to read it, writes into its buffer: no copy at the end of the trip.

// CHECK-LABEL: func.func @rows
// CHECK-SAME: (%[[X:.*]]: memref<2xf32>, %[[OUT:.*]]: memref<8x2xf32>) -> i32
// CHECK:      %[[I:.*]] = memref.alloc() : memref<i32>
// CHECK-NEXT: "memref.copy"(%{{.*}}, %[[I]])
// CHECK-NEXT: "memref.copy"(%{{.*}}, %[[OUT]])
// CHECK-NEXT: scf.while () : () -> () {
// CHECK:        %[[FLAG:.*]] = memref.load %{{.*}}[] : memref<i1>
// CHECK-NEXT:   scf.condition(%[[FLAG]])
// CHECK-NEXT: } do {
// CHECK-NOT:    memref.copy
// CHECK:        scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:     %{{.*}} = arith.constant 2 : index
// CHECK-NEXT:     scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:       %[[V:.*]] = memref.load %{{.*}}[%[[J]], %[[K]]] : memref<1x2xf32>
// CHECK-NEXT:       %[[R:.*]] = arith.addi %{{.*}}, %[[J]] : index
// CHECK-NEXT:       %[[C:.*]] = arith.addi %{{.*}}, %[[K]] : index
// CHECK-NEXT:       memref.store %[[V]], %[[OUT]][%[[R]], %[[C]]] : memref<8x2xf32>
// CHECK:        linalg.generic {{.*}} ins(%[[I]] : memref<i32>) outs(%[[I]] : memref<i32>)
// CHECK:        scf.yield
// CHECK-NEXT: }
// CHECK-NOT:  memref.copy
// CHECK:      func.return
func.func @rows(%x: tensor<2xf32>) -> tensor<8x2xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %eight = hlo.constant dense<8> : tensor<i32>
  %init = hlo.constant dense<0.0> : tensor<8x2xf32>
  %r:2 = hlo.while(%i = %zero, %l = %init) : tensor<i32>, tensor<8x2xf32>
   cond {
    %c = hlo.compare LT, %i, %eight : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %row = hlo.reshape %x : (tensor<2xf32>) -> tensor<1x2xf32>
    %w = hlo.dynamic_update_slice %l, %row, %i, %zero : (tensor<8x2xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<8x2xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.return %i1, %w : tensor<i32>, tensor<8x2xf32>
  }
  func.return %r#1 : tensor<8x2xf32>
}

// -----

// (a, b) -> (b, a + b): `b` is yielded into `a`'s place while `b`'s buffer gets the sum, so `b`
// is saved to a temporary first. The loop values' buffers are the entry's output buffers.

// CHECK-LABEL: func.func @swap
// CHECK-SAME: %[[A:[0-9a-z_]+]]: memref<2xf32>, %[[B:[0-9a-z_]+]]: memref<2xf32>) -> i32
// CHECK:      "memref.copy"(%{{.*}}, %[[A]])
// CHECK-NEXT: "memref.copy"(%{{.*}}, %[[B]])
// CHECK-NEXT: scf.while () : () -> () {
// CHECK:      } do {
// CHECK:        linalg.generic {{.*}} ins(%[[A]], %[[B]] : memref<2xf32>, memref<2xf32>) outs(%[[SUM:.*]] : memref<2xf32>)
// CHECK:        %[[SAVED:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT:   "memref.copy"(%[[B]], %[[SAVED]])
// CHECK-NEXT:   "memref.copy"(%[[SAVED]], %[[A]])
// CHECK-NEXT:   "memref.copy"(%[[SUM]], %[[B]])
// CHECK-NEXT:   scf.yield
func.func @swap(%a0: tensor<2xf32>, %b0: tensor<2xf32>, %n: tensor<i32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %r:3 = hlo.while(%i = %zero, %a = %a0, %b = %b0) : tensor<i32>, tensor<2xf32>, tensor<2xf32>
   cond {
    %c = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %i1 = hlo.add %i, %one : tensor<i32>
    %s = hlo.add %a, %b : tensor<2xf32>
    hlo.return %i1, %b, %s : tensor<i32>, tensor<2xf32>, tensor<2xf32>
  }
  func.return %r#1, %r#2 : tensor<2xf32>, tensor<2xf32>
}

// -----

// scf.if: the result gets a buffer before the branch (here the entry's output buffer takes its
// place), and each branch copies the value it yields into it.

// CHECK-LABEL: func.func @choose
// CHECK-SAME: (%[[P:.*]]: memref<i1>, %[[X:.*]]: memref<2xf32>, %[[OUT:.*]]: memref<2xf32>) -> i32
// CHECK-NEXT:  %[[FLAG:.*]] = memref.load %[[P]][] : memref<i1>
// CHECK-NEXT:  scf.if %[[FLAG]] {
// CHECK:         linalg.generic {{.*}} ins(%[[X]] : memref<2xf32>) outs(%[[T:.*]] : memref<2xf32>)
// CHECK:         "memref.copy"(%[[T]], %[[OUT]])
// CHECK-NEXT:  } else {
// CHECK-NEXT:    "memref.copy"(%[[X]], %[[OUT]])
// CHECK-NEXT:  }
func.func @choose(%p: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "hlo.if"(%p) ({
    %t = hlo.tanh %x : tensor<2xf32>
    hlo.return %t : tensor<2xf32>
  }, {
    hlo.return %x : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}

// -----

// The last generic of a trip computes the new loop value straight into the loop's buffer when
// every reader of the old value runs before it or reads it element for element: the reversal
// reads %v at other positions, into a temporary; then the subtraction and negation (one
// generic: a tree of elementwise ops) read the temporary and %v element for element and write
// %v's buffer. No copy at the end of the trip (a bitonic sort's rounds alternate between the
// two buffers).

// CHECK-LABEL: func.func @ping_pong
// CHECK-SAME: (%{{.*}}: memref<4xf32>, %[[OUT:.*]]: memref<4xf32>) -> i32
// CHECK:      } do {
// CHECK:        linalg.generic {{.*}} ins(%[[OUT]] : memref<4xf32>) outs(%[[T:.*]] : memref<4xf32>)
// CHECK:        linalg.generic {{.*}} ins(%[[T]], %[[OUT]] : memref<4xf32>, memref<4xf32>) outs(%[[OUT]] : memref<4xf32>)
// CHECK:        arith.subf
// CHECK-NEXT:   arith.negf
// CHECK-NOT:    memref.copy
// CHECK:        scf.yield
func.func @ping_pong(%v0: tensor<4xf32>) -> tensor<4xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %three = hlo.constant dense<3> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %v = %v0) : tensor<i32>, tensor<4xf32>
   cond {
    %c = hlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %rev = hlo.reverse %v, dims = [0] : tensor<4xf32>
    %d = hlo.subtract %rev, %v : tensor<4xf32>
    %n = hlo.negate %d : tensor<4xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.return %i1, %n : tensor<i32>, tensor<4xf32>
  }
  func.return %r#1 : tensor<4xf32>
}

// -----

// The new value reads the old one reversed (one generic, as fusion makes it): writing it into
// the loop's buffer would overwrite elements it has yet to read, so it goes to a temporary that
// is copied into the loop's buffer at the end of the trip.

// CHECK-LABEL: func.func @reads_elsewhere
// CHECK-SAME: (%{{.*}}: memref<4xf32>, %[[OUT:.*]]: memref<4xf32>) -> i32
// CHECK:      } do {
// CHECK:        linalg.generic {{.*}} ins(%[[OUT]], %[[OUT]] : memref<4xf32>, memref<4xf32>) outs(%[[T:.*]] : memref<4xf32>)
// CHECK:        "memref.copy"(%[[T]], %[[OUT]])
// CHECK-NEXT:   scf.yield
func.func @reads_elsewhere(%v0: tensor<4xf32>) -> tensor<4xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %three = hlo.constant dense<3> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %v = %v0) : tensor<i32>, tensor<4xf32>
   cond {
    %c = hlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %e = tensor.empty() : tensor<4xf32>
    %d = linalg.generic {indexing_maps = [affine_map<(d0) -> (3 - d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v, %v : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.subf %a, %b : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.return %i1, %d : tensor<i32>, tensor<4xf32>
  }
  func.return %r#1 : tensor<4xf32>
}

// -----

// An scf.if whose branches each make a result with a generic into a fresh tensor: the generics
// write the result's buffer themselves (no copy in the branches). In a loop, when the if makes
// the new loop value and the old one is read only before it (here by the reversal), that
// buffer is the loop's own: no copy at the end of the trip either (a bitonic sort's round
// whose partner reads pick a form per round).

// CHECK-LABEL: func.func @if_in_place
// CHECK-SAME: (%{{.*}}: memref<4xf32>, %[[OUT:.*]]: memref<4xf32>) -> i32
// CHECK:      } do {
// CHECK:        linalg.generic {{.*}} ins(%[[OUT]] : memref<4xf32>) outs(%[[T:.*]] : memref<4xf32>)
// CHECK:        scf.if
// CHECK-NEXT:     linalg.generic {{.*}} ins(%[[T]] : memref<4xf32>) outs(%[[OUT]] : memref<4xf32>)
// CHECK:          arith.negf
// CHECK-NOT:      memref.copy
// CHECK:        } else {
// CHECK-NEXT:     linalg.generic {{.*}} ins(%[[T]] : memref<4xf32>) outs(%[[OUT]] : memref<4xf32>)
// CHECK:          math.absf
// CHECK-NOT:    memref.copy
// CHECK:        scf.yield
func.func @if_in_place(%v0: tensor<4xf32>) -> tensor<4xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %three = hlo.constant dense<3> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %v = %v0) : tensor<i32>, tensor<4xf32>
   cond {
    %c = hlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %rev = hlo.reverse %v, dims = [0] : tensor<4xf32>
    %p = hlo.compare EQ, %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %n = "hlo.if"(%p) ({
      %a = hlo.negate %rev : tensor<4xf32>
      hlo.return %a : tensor<4xf32>
    }, {
      %b = hlo.abs %rev : tensor<4xf32>
      hlo.return %b : tensor<4xf32>
    }) : (tensor<i1>) -> tensor<4xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.return %i1, %n : tensor<i32>, tensor<4xf32>
  }
  func.return %r#1 : tensor<4xf32>
}

// -----

// The branches read the old loop value themselves: the if's result does not get the loop's
// buffer, which is given only when every reader of the old value runs before the if (a read
// inside a branch might follow the write). The branches write a temporary, copied into the
// loop's buffer at the end of the trip.

// CHECK-LABEL: func.func @if_reads_loop_value
// CHECK-SAME: (%{{.*}}: memref<4xf32>, %[[OUT:.*]]: memref<4xf32>) -> i32
// CHECK:      } do {
// CHECK:        scf.if
// CHECK-NEXT:     linalg.generic {{.*}} ins(%[[OUT]] : memref<4xf32>) outs(%[[T:.*]] : memref<4xf32>)
// CHECK:        } else {
// CHECK-NEXT:     linalg.generic {{.*}} ins(%[[OUT]] : memref<4xf32>) outs(%[[T]] : memref<4xf32>)
// CHECK:        "memref.copy"(%[[T]], %[[OUT]])
// CHECK-NEXT:   scf.yield
func.func @if_reads_loop_value(%v0: tensor<4xf32>) -> tensor<4xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %three = hlo.constant dense<3> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %v = %v0) : tensor<i32>, tensor<4xf32>
   cond {
    %c = hlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %p = hlo.compare EQ, %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %n = "hlo.if"(%p) ({
      %a = hlo.negate %v : tensor<4xf32>
      hlo.return %a : tensor<4xf32>
    }, {
      %b = hlo.abs %v : tensor<4xf32>
      hlo.return %b : tensor<4xf32>
    }) : (tensor<i1>) -> tensor<4xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.return %i1, %n : tensor<i32>, tensor<4xf32>
  }
  func.return %r#1 : tensor<4xf32>
}
