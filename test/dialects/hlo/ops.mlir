// RUN: strata-opt %s | filecheck %s
// RUN: strata-opt %s --generic | strata-opt | filecheck %s

// CHECK-LABEL: func.func @constant
func.func @constant() -> (tensor<2xf32>, tensor<i32>) {
  // CHECK: %{{.*}} = hlo.constant dense<1.000000e+00> : tensor<2xf32>
  // CHECK: %{{.*}} = hlo.constant dense<[1, 2]> : tensor<2xi32>
  %c = hlo.constant dense<1.0> : tensor<2xf32>
  %d = hlo.constant dense<[1, 2]> : tensor<2xi32>
  %e = "hlo.constant"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  func.return %c, %e : tensor<2xf32>, tensor<i32>
}

// CHECK-LABEL: func.func @binary
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>, %[[P:.*]]: tensor<4xi1>, %[[D:.*]]: tensor<?xf32>)
func.func @binary(%a: tensor<4xf32>, %b: tensor<4xf32>, %p: tensor<4xi1>, %d: tensor<?xf32>) -> tensor<4xf32> {
  // CHECK: %[[ADD:.*]] = hlo.add %[[A]], %[[B]] : tensor<4xf32>
  // CHECK: hlo.subtract %[[ADD]], %[[B]] : tensor<4xf32>
  // CHECK: hlo.multiply %[[A]], %[[B]] : tensor<4xf32>
  // CHECK: hlo.divide %[[A]], %[[B]] : tensor<4xf32>
  // CHECK: hlo.maximum %[[A]], %[[B]] : tensor<4xf32>
  // CHECK: hlo.minimum %[[A]], %[[B]] : tensor<4xf32>
  // CHECK: hlo.power %[[A]], %[[B]] : tensor<4xf32>
  // CHECK: hlo.remainder %[[A]], %[[B]] : tensor<4xf32>
  // CHECK: hlo.and %[[P]], %[[P]] : tensor<4xi1>
  // CHECK: hlo.or %[[P]], %[[P]] : tensor<4xi1>
  // CHECK: hlo.add %[[A]], %[[D]] : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  // CHECK: hlo.add %[[A]], %[[B]] : tensor<4xf32>
  %0 = hlo.add %a, %b : tensor<4xf32>
  %1 = hlo.subtract %0, %b : tensor<4xf32>
  %2 = hlo.multiply %a, %b : tensor<4xf32>
  %3 = hlo.divide %a, %b : tensor<4xf32>
  %4 = hlo.maximum %a, %b : tensor<4xf32>
  %5 = hlo.minimum %a, %b : tensor<4xf32>
  %6 = hlo.power %a, %b : tensor<4xf32>
  %7 = hlo.remainder %a, %b : tensor<4xf32>
  %8 = hlo.and %p, %p : tensor<4xi1>
  %9 = hlo.or %p, %p : tensor<4xi1>
  %10 = hlo.add %a, %d : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  %11 = hlo.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %1 : tensor<4xf32>
}

// CHECK-LABEL: func.func @unary
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<4xi32>)
func.func @unary(%a: tensor<4xf32>, %i: tensor<4xi32>) {
  // CHECK: hlo.negate %[[A]] : tensor<4xf32>
  // CHECK: hlo.abs %[[I]] : tensor<4xi32>
  // CHECK: hlo.exponential %[[A]] : tensor<4xf32>
  // CHECK: hlo.log %[[A]] : tensor<4xf32>
  // CHECK: hlo.sqrt %[[A]] : tensor<4xf32>
  // CHECK: hlo.rsqrt %[[A]] : tensor<4xf32>
  // CHECK: hlo.tanh %[[A]] : tensor<4xf32>
  // CHECK: hlo.logistic %[[A]] : tensor<4xf32>
  // CHECK: hlo.floor %[[A]] : tensor<4xf32>
  // CHECK: hlo.ceil %[[A]] : tensor<4xf32>
  // CHECK: hlo.sign %[[A]] : tensor<4xf32>
  // CHECK: hlo.not %[[I]] : tensor<4xi32>
  // CHECK: hlo.log_plus_one %[[A]] : tensor<4xf32>
  // CHECK: hlo.exponential_minus_one %[[A]] : tensor<4xf32>
  // CHECK: hlo.sine %[[A]] : tensor<4xf32>
  // CHECK: hlo.cosine %[[A]] : tensor<4xf32>
  %0 = hlo.negate %a : tensor<4xf32>
  %1 = hlo.abs %i : tensor<4xi32>
  %2 = hlo.exponential %a : tensor<4xf32>
  %3 = hlo.log %a : tensor<4xf32>
  %4 = hlo.sqrt %a : tensor<4xf32>
  %5 = hlo.rsqrt %a : tensor<4xf32>
  %6 = hlo.tanh %a : tensor<4xf32>
  %7 = hlo.logistic %a : tensor<4xf32>
  %8 = hlo.floor %a : tensor<4xf32>
  %9 = hlo.ceil %a : tensor<4xf32>
  %10 = hlo.sign %a : tensor<4xf32>
  %11 = hlo.not %i : tensor<4xi32>
  %12 = hlo.log_plus_one %a : tensor<4xf32>
  %13 = hlo.exponential_minus_one %a : tensor<4xf32>
  %14 = hlo.sine %a : tensor<4xf32>
  %15 = hlo.cosine %a : tensor<4xf32>
  func.return
}

// CHECK-LABEL: func.func @clamp_select_convert_compare
// CHECK-SAME: (%[[LO:.*]]: tensor<f32>, %[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<4xi32>)
func.func @clamp_select_convert_compare(%lo: tensor<f32>, %x: tensor<4xf32>, %y: tensor<4xf32>, %i: tensor<4xi32>) {
  // CHECK: hlo.clamp %[[LO]], %[[X]], %[[LO]] : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK: hlo.clamp %[[Y]], %[[X]], %[[Y]] : tensor<4xf32>
  // CHECK: hlo.convert %[[I]] : (tensor<4xi32>) -> tensor<4xf32>
  // CHECK: %[[GT:.*]] = hlo.compare GT, %[[X]], %[[Y]], FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK: hlo.compare EQ, %[[I]], %[[I]] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // CHECK: hlo.compare LT, %[[I]], %[[I]], SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // CHECK: hlo.select %[[GT]], %[[X]], %[[Y]] : tensor<4xi1>, tensor<4xf32>
  // CHECK: hlo.select %{{.*}}, %[[X]], %[[Y]] : tensor<i1>, tensor<4xf32>
  %0 = hlo.clamp %lo, %x, %lo : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = hlo.clamp %y, %x, %y : tensor<4xf32>
  %2 = hlo.convert %i : (tensor<4xi32>) -> tensor<4xf32>
  %3 = hlo.compare GT, %x, %y, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = hlo.compare EQ, %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %5 = "hlo.compare"(%i, %i) <{comparison_direction = #hlo<comparison_direction LT>, compare_type = #hlo<comparison_type SIGNED>}> : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %6 = hlo.select %3, %x, %y : tensor<4xi1>, tensor<4xf32>
  %p = hlo.constant dense<true> : tensor<i1>
  %7 = hlo.select %p, %x, %y : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// CHECK-LABEL: func.func @shapes
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[V:.*]]: tensor<3xf32>, %[[D:.*]]: tensor<?x3xf32>)
func.func @shapes(%x: tensor<2x3xf32>, %v: tensor<3xf32>, %d: tensor<?x3xf32>) {
  // CHECK: hlo.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<6xf32>
  // CHECK: hlo.transpose %[[X]], dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK: hlo.broadcast_in_dim %[[V]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: hlo.broadcast_in_dim %[[X]], dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x5x3xf32>
  // CHECK: hlo.transpose %[[D]], dims = [1, 0] : (tensor<?x3xf32>) -> tensor<3x?xf32>
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = hlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %3 = hlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x5x3xf32>
  %4 = hlo.transpose %d, dims = [1, 0] : (tensor<?x3xf32>) -> tensor<3x?xf32>
  func.return
}

// CHECK-LABEL: func.func @dot_general
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x4xf32>, %[[B:.*]]: tensor<2x4x5xf32>, %[[M:.*]]: tensor<3x4xf32>, %[[N:.*]]: tensor<4x5xf32>)
func.func @dot_general(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %m: tensor<3x4xf32>, %n: tensor<4x5xf32>) {
  // CHECK: hlo.dot_general %[[A]], %[[B]], batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  // CHECK: hlo.dot_general %[[M]], %[[N]], contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  // CHECK: hlo.dot_general %[[M]], %[[N]], contracting_dims = [] x [] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x4x4x5xf32>
  // CHECK: hlo.dot_general %[[M]], %[[N]], contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = hlo.dot_general %m, %n, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %2 = hlo.dot_general %m, %n, contracting_dims = [] x [] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x4x4x5xf32>
  %3 = "hlo.dot_general"(%m, %n) <{dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return
}

// CHECK-LABEL: func.func @reduce
// CHECK-SAME: (%[[X:.*]]: tensor<8x10xf32>, %[[Y:.*]]: tensor<8x10xi32>)
func.func @reduce(%x: tensor<8x10xf32>, %y: tensor<8x10xi32>) {
  // CHECK: %[[C:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
  // CHECK: %[[CI:.*]] = hlo.constant dense<0> : tensor<i32>
  // CHECK: hlo.reduce(%[[X]] init: %[[C]]) applies hlo.add across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
  // CHECK: hlo.reduce(%[[Y]] init: %[[CI]]) applies hlo.maximum across dimensions = [0, 1] : (tensor<8x10xi32>, tensor<i32>) -> tensor<i32>
  // CHECK: hlo.reduce(%[[X]] init: %[[C]]), (%[[Y]] init: %[[CI]]) across dimensions = [0] : (tensor<8x10xf32>, tensor<8x10xi32>, tensor<f32>, tensor<i32>) -> (tensor<10xf32>, tensor<10xi32>)
  // CHECK-NEXT: reducer(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>) (%[[AI:.*]]: tensor<i32>, %[[BI:.*]]: tensor<i32>) {
  // CHECK-NEXT:   %[[S:.*]] = hlo.add %[[A]], %[[B]] : tensor<f32>
  // CHECK-NEXT:   %[[SI:.*]] = hlo.maximum %[[AI]], %[[BI]] : tensor<i32>
  // CHECK-NEXT:   hlo.return %[[S]], %[[SI]] : tensor<f32>, tensor<i32>
  // CHECK-NEXT: }
  // CHECK: hlo.reduce(%[[X]] init: %[[C]]) across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
  // CHECK-NEXT: reducer(%[[L:.*]]: tensor<f32>, %[[R:.*]]: tensor<f32>) {
  // CHECK-NEXT:   %[[T:.*]] = hlo.add %[[R]], %[[L]] : tensor<f32>
  // CHECK-NEXT:   hlo.return %[[T]] : tensor<f32>
  // CHECK-NEXT: }
  // CHECK: hlo.reduce(%[[X]] init: %[[C]]) applies hlo.add across dimensions = [0] : (tensor<8x10xf32>, tensor<f32>) -> tensor<10xf32>
  %c = hlo.constant dense<0.0> : tensor<f32>
  %ci = hlo.constant dense<0> : tensor<i32>
  %0 = hlo.reduce(%x init: %c) applies hlo.add across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
  %1 = hlo.reduce(%y init: %ci) applies hlo.maximum across dimensions = [0, 1] : (tensor<8x10xi32>, tensor<i32>) -> tensor<i32>
  %2:2 = hlo.reduce(%x init: %c), (%y init: %ci) across dimensions = [0] : (tensor<8x10xf32>, tensor<8x10xi32>, tensor<f32>, tensor<i32>) -> (tensor<10xf32>, tensor<10xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %s = hlo.add %a, %b : tensor<f32>
    %si = hlo.maximum %ai, %bi : tensor<i32>
    hlo.return %s, %si : tensor<f32>, tensor<i32>
  }
  // Operands swapped: not the compact form.
  %3 = hlo.reduce(%x init: %c) across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
   reducer(%l: tensor<f32>, %r: tensor<f32>) {
    %t = hlo.add %r, %l : tensor<f32>
    hlo.return %t : tensor<f32>
  }
  %4 = "hlo.reduce"(%x, %c) <{dimensions = array<i64: 0>}> ({
  ^bb0(%acc: tensor<f32>, %elem: tensor<f32>):
    %sum = "hlo.add"(%acc, %elem) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "hlo.return"(%sum) : (tensor<f32>) -> ()
  }) : (tensor<8x10xf32>, tensor<f32>) -> tensor<10xf32>
  func.return
}

// CHECK-LABEL: func.func @shifts_rounding_finite
// CHECK-SAME: (%[[I:.*]]: tensor<4xi32>, %[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: hlo.shift_left %[[I]], %[[I]] : tensor<4xi32>
// CHECK-NEXT: hlo.shift_right_arithmetic %[[I]], %[[I]] : tensor<4xi32>
// CHECK-NEXT: hlo.shift_right_logical %[[I]], %[[I]] : tensor<4xi32>
// CHECK-NEXT: hlo.round_nearest_even %[[X]] : tensor<4xf32>
// CHECK-NEXT: hlo.round_nearest_afz %[[X]] : tensor<4xf32>
// CHECK-NEXT: hlo.tan %[[X]] : tensor<4xf32>
// CHECK-NEXT: hlo.is_finite %[[X]] : (tensor<4xf32>) -> tensor<4xi1>
func.func @shifts_rounding_finite(%i: tensor<4xi32>, %x: tensor<4xf32>) -> tensor<4xi1> {
  %0 = hlo.shift_left %i, %i : tensor<4xi32>
  %1 = hlo.shift_right_arithmetic %i, %i : tensor<4xi32>
  %2 = hlo.shift_right_logical %i, %i : tensor<4xi32>
  %3 = hlo.round_nearest_even %x : tensor<4xf32>
  %4 = hlo.round_nearest_afz %x : tensor<4xf32>
  %5 = hlo.tan %x : tensor<4xf32>
  %6 = hlo.is_finite %x : (tensor<4xf32>) -> tensor<4xi1>
  func.return %6 : tensor<4xi1>
}

// StableHLO's generic form of triangular_solve (attributes in the dictionary) reads; it prints
// with them as properties.
// CHECK-LABEL: func.func @triangular_solve
// CHECK:         "hlo.triangular_solve"(%{{.*}}, %{{.*}}) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose ADJOINT>}> : (tensor<2x3x3xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
func.func @triangular_solve(%a: tensor<2x3x3xf32>, %b: tensor<2x3x1xf32>) -> tensor<2x3x1xf32> {
  %x = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<2x3x3xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  func.return %x : tensor<2x3x1xf32>
}
