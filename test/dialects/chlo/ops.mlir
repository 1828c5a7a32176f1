// RUN: strata-opt %s | filecheck %s
// RUN: strata-opt %s --generic | strata-opt | filecheck %s

// CHECK-LABEL: func.func @unary
// CHECK-SAME: (%[[X:.*]]: tensor<20x20xf32>, %[[H:.*]]: tensor<4xbf16>, %[[Z:.*]]: tensor<3xcomplex<f64>>)
func.func @unary(%x: tensor<20x20xf32>, %h: tensor<4xbf16>, %z: tensor<3xcomplex<f64>>) {
  // CHECK-NEXT: chlo.lgamma %[[X]] : tensor<20x20xf32> -> tensor<20x20xf32>
  %0 = chlo.lgamma %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK-NEXT: chlo.digamma %[[H]] : tensor<4xbf16> -> tensor<4xbf16>
  %1 = chlo.digamma %h : tensor<4xbf16> -> tensor<4xbf16>
  // CHECK-NEXT: chlo.erf_inv %[[X]] : tensor<20x20xf32> -> tensor<20x20xf32>
  %2 = chlo.erf_inv %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK-NEXT: chlo.acosh %[[Z]] : tensor<3xcomplex<f64>> -> tensor<3xcomplex<f64>>
  %3 = chlo.acosh %z : tensor<3xcomplex<f64>> -> tensor<3xcomplex<f64>>
  // CHECK-NEXT: chlo.bessel_i1e %[[H]] : tensor<4xbf16> -> tensor<4xbf16>
  %4 = chlo.bessel_i1e %h : tensor<4xbf16> -> tensor<4xbf16>
  // CHECK-NEXT: chlo.is_inf %[[H]] : tensor<4xbf16> -> tensor<4xi1>
  %5 = chlo.is_inf %h : tensor<4xbf16> -> tensor<4xi1>
  // The generic form parses too.
  // CHECK-NEXT: chlo.tan %[[X]] : tensor<20x20xf32> -> tensor<20x20xf32>
  %6 = "chlo.tan"(%x) : (tensor<20x20xf32>) -> tensor<20x20xf32>
  func.return
}

// CHECK-LABEL: func.func @binary
// CHECK-SAME: (%[[A:.*]]: tensor<20x20xf16>, %[[B:.*]]: tensor<20x20xf16>, %[[V:.*]]: tensor<20xf32>, %[[M:.*]]: tensor<2x20xf32>)
func.func @binary(%a: tensor<20x20xf16>, %b: tensor<20x20xf16>, %v: tensor<20xf32>, %m: tensor<2x20xf32>) {
  // CHECK-NEXT: chlo.next_after %[[A]], %[[B]] : tensor<20x20xf16>, tensor<20x20xf16> -> tensor<20x20xf16>
  %0 = chlo.next_after %a, %b : tensor<20x20xf16>, tensor<20x20xf16> -> tensor<20x20xf16>
  // CHECK-NEXT: chlo.polygamma %[[A]], %[[B]] : tensor<20x20xf16>, tensor<20x20xf16> -> tensor<20x20xf16>
  %1 = "chlo.polygamma"(%a, %b) : (tensor<20x20xf16>, tensor<20x20xf16>) -> tensor<20x20xf16>
  // CHECK-NEXT: chlo.broadcast_add %[[V]], %[[M]] : (tensor<20xf32>, tensor<2x20xf32>) -> tensor<2x20xf32>
  %2 = chlo.broadcast_add %v, %m : (tensor<20xf32>, tensor<2x20xf32>) -> tensor<2x20xf32>
  // CHECK-NEXT: chlo.broadcast_multiply %[[M]], %[[V]] {broadcast_dimensions = array<i64: 1>} : (tensor<2x20xf32>, tensor<20xf32>) -> tensor<2x20xf32>
  %3 = chlo.broadcast_multiply %m, %v {broadcast_dimensions = array<i64: 1>} : (tensor<2x20xf32>, tensor<20xf32>) -> tensor<2x20xf32>
  func.return
}

// CHECK-LABEL: func.func @top_k
// CHECK-SAME: (%[[X:.*]]: tensor<5x3xbf16>, %[[N:.*]]: tensor<6xi32>)
func.func @top_k(%x: tensor<5x3xbf16>, %n: tensor<6xi32>) {
  // CHECK-NEXT: %{{.*}}, %{{.*}} = chlo.top_k(%[[X]], k = 2) : tensor<5x3xbf16> -> (tensor<5x2xbf16>, tensor<5x2xi32>)
  %values, %indices = chlo.top_k(%x, k = 2) : tensor<5x3xbf16> -> (tensor<5x2xbf16>, tensor<5x2xi32>)
  // CHECK-NEXT: %{{.*}}, %{{.*}} = chlo.top_k(%[[N]], k = 6, is_stable = false) : tensor<6xi32> -> (tensor<6xi32>, tensor<6xi32>)
  %0:2 = chlo.top_k(%n, k = 6, is_stable = false) : tensor<6xi32> -> (tensor<6xi32>, tensor<6xi32>)
  // CHECK-NEXT: %{{.*}}, %{{.*}} = chlo.top_k(%[[N]], k = 1) : tensor<6xi32> -> (tensor<1xi32>, tensor<1xi32>)
  %1:2 = "chlo.top_k"(%n) {k = 1 : i64} : (tensor<6xi32>) -> (tensor<1xi32>, tensor<1xi32>)
  // CHECK-NEXT: chlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %2 = chlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  func.return
}
