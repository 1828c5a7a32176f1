// RUN: strata-opt %s -p convert-hlo-to-linalg --split-input-file | filecheck %s

// hlo.if -> scf.if on the extracted predicate, branches moved as they are.

// CHECK-LABEL: func.func @choose
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[X:.*]]: tensor<2xf32>)
// CHECK-NEXT:  %[[FLAG:.*]] = tensor.extract %[[P]][] : tensor<i1>
// CHECK-NEXT:  %[[R:.*]] = scf.if %[[FLAG]] -> (tensor<2xf32>) {
// CHECK:         math.tanh
// CHECK:         scf.yield %{{.*}} : tensor<2xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    scf.yield %[[X]] : tensor<2xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %[[R]]
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

// hlo.case -> a chain of scf.if on index == k; the last branch is the final else, which also
// runs for an index out of range.

// CHECK-LABEL: func.func @pick
// CHECK-SAME: (%[[I:.*]]: tensor<i32>, %[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>, %[[C:.*]]: tensor<f32>)
// CHECK-NEXT:  %[[K:.*]] = tensor.extract %[[I]][] : tensor<i32>
// CHECK-NEXT:  %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:  %[[IS0:.*]] = arith.cmpi eq, %[[K]], %[[ZERO]] : i32
// CHECK-NEXT:  %[[R:.*]] = scf.if %[[IS0]] -> (tensor<f32>) {
// CHECK-NEXT:    scf.yield %[[A]] : tensor<f32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[IS1:.*]] = arith.cmpi eq, %[[K]], %[[ONE]] : i32
// CHECK-NEXT:    %[[R1:.*]] = scf.if %[[IS1]] -> (tensor<f32>) {
// CHECK-NEXT:      scf.yield %[[B]] : tensor<f32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[C]] : tensor<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.yield %[[R1]] : tensor<f32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %[[R]]
func.func @pick(%i: tensor<i32>, %a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>) -> tensor<f32> {
  %r = "hlo.case"(%i) ({
    hlo.return %a : tensor<f32>
  }, {
    hlo.return %b : tensor<f32>
  }, {
    hlo.return %c : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  func.return %r : tensor<f32>
}
