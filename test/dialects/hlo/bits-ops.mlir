// RUN: strata-opt %s | filecheck %s
// RUN: strata-opt %s --generic | strata-opt | filecheck %s

// CHECK-LABEL: func.func @bitcast_convert
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4x4xi8>, %[[D:.*]]: tensor<f64>, %[[B:.*]]: tensor<64xi1>)
func.func @bitcast_convert(%x: tensor<4xf32>, %y: tensor<4x4xi8>, %d: tensor<f64>, %b: tensor<64xi1>) {
  // CHECK-NEXT: hlo.bitcast_convert %[[X]] : (tensor<4xf32>) -> tensor<4xi32>
  %0 = hlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4xi32>
  // CHECK-NEXT: hlo.bitcast_convert %[[X]] : (tensor<4xf32>) -> tensor<4x4xi8>
  %1 = hlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4x4xi8>
  // CHECK-NEXT: hlo.bitcast_convert %[[Y]] : (tensor<4x4xi8>) -> tensor<4xf32>
  %2 = hlo.bitcast_convert %y : (tensor<4x4xi8>) -> tensor<4xf32>
  // CHECK-NEXT: hlo.bitcast_convert %[[D]] : (tensor<f64>) -> tensor<4xf16>
  %3 = hlo.bitcast_convert %d : (tensor<f64>) -> tensor<4xf16>
  // CHECK-NEXT: hlo.bitcast_convert %[[B]] : (tensor<64xi1>) -> tensor<i64>
  %4 = hlo.bitcast_convert %b : (tensor<64xi1>) -> tensor<i64>
  // A dynamic dim matches any size.
  // CHECK-NEXT: hlo.bitcast_convert %[[Y]] : (tensor<4x4xi8>) -> tensor<?xf32>
  %5 = hlo.bitcast_convert %y : (tensor<4x4xi8>) -> tensor<?xf32>
  // Generic form (StableHLO's).
  // CHECK-NEXT: hlo.bitcast_convert %[[X]] : (tensor<4xf32>) -> tensor<4x2xbf16>
  %6 = "hlo.bitcast_convert"(%x) : (tensor<4xf32>) -> tensor<4x2xbf16>
  func.return
}

// CHECK-LABEL: func.func @reduce_precision
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[H:.*]]: tensor<2x3xbf16>)
func.func @reduce_precision(%x: tensor<4xf32>, %h: tensor<2x3xbf16>) {
  // CHECK-NEXT: hlo.reduce_precision %[[X]], format = e5m10 : tensor<4xf32>
  %0 = hlo.reduce_precision %x, format = e5m10 : tensor<4xf32>
  // CHECK-NEXT: hlo.reduce_precision %[[H]], format = e5m0 : tensor<2x3xbf16>
  %1 = hlo.reduce_precision %h, format = e5m0 : tensor<2x3xbf16>
  // CHECK-NEXT: hlo.reduce_precision %[[X]], format = e8m7 : tensor<4xf32>
  %2 = "hlo.reduce_precision"(%x) {exponent_bits = 8 : i32, mantissa_bits = 7 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: hlo.reduce_precision %[[X]], format = e11m52 : tensor<4xf32>
  %3 = "hlo.reduce_precision"(%x) <{exponent_bits = 11 : i32, mantissa_bits = 52 : i32}> : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// CHECK-LABEL: func.func @tuples
// CHECK-SAME: (%[[X:.*]]: tensor<2xf64>, %[[I:.*]]: tensor<i64>)
func.func @tuples(%x: tensor<2xf64>, %i: tensor<i64>) {
  // CHECK-NEXT: %[[T:.*]] = hlo.tuple %[[I]] : tuple<tensor<i64>>
  %t = hlo.tuple %i : tuple<tensor<i64>>
  // CHECK-NEXT: %[[U:.*]] = hlo.tuple %[[X]], %[[T]] : tuple<tensor<2xf64>, tuple<tensor<i64>>>
  %u = hlo.tuple %x, %t : tuple<tensor<2xf64>, tuple<tensor<i64>>>
  // CHECK-NEXT: hlo.get_tuple_element %[[U]][0] : (tuple<tensor<2xf64>, tuple<tensor<i64>>>) -> tensor<2xf64>
  %0 = hlo.get_tuple_element %u[0] : (tuple<tensor<2xf64>, tuple<tensor<i64>>>) -> tensor<2xf64>
  // CHECK-NEXT: %[[V:.*]] = hlo.get_tuple_element %[[U]][1] : (tuple<tensor<2xf64>, tuple<tensor<i64>>>) -> tuple<tensor<i64>>
  %v = hlo.get_tuple_element %u[1] : (tuple<tensor<2xf64>, tuple<tensor<i64>>>) -> tuple<tensor<i64>>
  // CHECK-NEXT: hlo.get_tuple_element %[[V]][0] : (tuple<tensor<i64>>) -> tensor<i64>
  %1 = "hlo.get_tuple_element"(%v) <{index = 0 : i32}> : (tuple<tensor<i64>>) -> tensor<i64>
  // CHECK-NEXT: hlo.tuple : tuple<>
  %2 = "hlo.tuple"() : () -> tuple<>
  func.return
}
