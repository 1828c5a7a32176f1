// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s

// hlo.while -> scf.while on tensors (the cond's tensor<i1> read with tensor.extract);
// dynamic_slice -> a generic reading the operand at the clamped start + linalg.index;
// dynamic_update_slice -> tensor.insert_slice at clamped run-time offsets.

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<4x2xf32>, %[[N:.*]]: tensor<i32>)
// CHECK:      %{{.*}}, %[[R:.*]] = scf.while (%[[I:.*]] = %{{.*}}, %[[L:.*]] = %[[X]]) : (tensor<i32>, tensor<4x2xf32>) -> (tensor<i32>, tensor<4x2xf32>) {
// CHECK:        %[[C:.*]] = linalg.generic
// CHECK:          arith.cmpi slt
// CHECK:        %[[FLAG:.*]] = tensor.extract %[[C]][] : tensor<i1>
// CHECK-NEXT:   scf.condition(%[[FLAG]]) %[[I]], %[[L]] : tensor<i32>, tensor<4x2xf32>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[I2:.*]]: tensor<i32>, %[[L2:.*]]: tensor<4x2xf32>):
// CHECK:        %[[ROW:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:     ins(%[[I2]], %{{.*}} : tensor<i32>, tensor<i32>)
// CHECK:          %[[START:.*]] = arith.index_cast
// CHECK-NEXT:     %{{.*}} = arith.constant 0 : index
// CHECK-NEXT:     %[[LOW:.*]] = arith.maxsi %[[START]], %{{.*}} : index
// CHECK-NEXT:     %[[HIGH:.*]] = arith.constant 3 : index
// CHECK-NEXT:     %[[CLAMPED:.*]] = arith.minsi %[[LOW]], %[[HIGH]] : index
// CHECK-NEXT:     %[[D0:.*]] = linalg.index 0 : index
// CHECK-NEXT:     %[[AT:.*]] = arith.addi %[[CLAMPED]], %[[D0]] : index
// CHECK:          tensor.extract %[[L2]][%[[AT]], %{{.*}}] : tensor<4x2xf32>
// CHECK:        %[[K:.*]] = tensor.extract %[[I2]][] : tensor<i32>
// CHECK-NEXT:   %[[KI:.*]] = arith.index_cast %[[K]] : i32 to index
// CHECK-NEXT:   %{{.*}} = arith.constant 0 : index
// CHECK-NEXT:   %[[KL:.*]] = arith.maxsi %[[KI]], %{{.*}} : index
// CHECK-NEXT:   %{{.*}} = arith.constant 3 : index
// CHECK-NEXT:   %[[KC:.*]] = arith.minsi %[[KL]], %{{.*}} : index
// CHECK:        %[[W:.*]] = tensor.insert_slice %{{.*}} into %[[L2]][%[[KC]], %{{.*}}] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<4x2xf32>
// CHECK:        scf.yield %{{.*}}, %[[W]] : tensor<i32>, tensor<4x2xf32>
// CHECK:      func.return %[[R]]
// CHECK-NOT:  hlo.
func.func @main(%x: tensor<4x2xf32>, %n: tensor<i32>) -> tensor<4x2xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %l = %x) : tensor<i32>, tensor<4x2xf32>
   cond {
    %c = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %row = hlo.dynamic_slice %l, %i, %zero, sizes = [1, 2] : (tensor<4x2xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
    %t = hlo.tanh %row : tensor<1x2xf32>
    %w = hlo.dynamic_update_slice %l, %t, %i, %zero : (tensor<4x2xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x2xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.return %i1, %w : tensor<i32>, tensor<4x2xf32>
  }
  func.return %r#1 : tensor<4x2xf32>
}
