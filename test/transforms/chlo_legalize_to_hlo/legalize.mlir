// RUN: strata-opt %s -p chlo-legalize-to-hlo | filecheck %s

// CHECK-LABEL: func.func @atan
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT:    %[[ONE:.*]] = hlo.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT:    %[[ONES:.*]] = hlo.broadcast_in_dim %[[ONE]], dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[R:.*]] = hlo.atan2 %[[X]], %[[ONES]] : tensor<4xf32>
// CHECK-NEXT:    func.return %[[R]]
func.func @atan(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.atan %x : tensor<4xf32> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @is_inf
// CHECK-SAME: (%[[X:.*]]: tensor<4xf64>)
// CHECK-NEXT:    %[[ABS:.*]] = hlo.abs %[[X]] : tensor<4xf64>
// CHECK-NEXT:    %[[INF:.*]] = hlo.constant dense<0x7ff0000000000000> : tensor<f64>
// CHECK-NEXT:    %[[INFS:.*]] = hlo.broadcast_in_dim %[[INF]]
// CHECK-NEXT:    %[[R:.*]] = hlo.compare EQ, %[[ABS]], %[[INFS]]
// CHECK-NEXT:    func.return %[[R]]
func.func @is_inf(%x: tensor<4xf64>) -> tensor<4xi1> {
  %0 = chlo.is_inf %x : tensor<4xf64> -> tensor<4xi1>
  func.return %0 : tensor<4xi1>
}

// top_k (f16, bf16, 64-bit types): a stable descending sort of (values, iota) along the last
// dim, then the first k.
// CHECK-LABEL: func.func @top_k
// CHECK-SAME: (%[[X:.*]]: tensor<5x3xf16>)
// CHECK-NEXT:    %[[IOTA:.*]] = hlo.iota dim = 1 : tensor<5x3xi32>
// CHECK-NEXT:    %[[V:.*]], %[[I:.*]] = "hlo.sort"(%[[X]], %[[IOTA]]) <{dimension = 1 : i64, is_stable = true}> ({
// CHECK-NEXT:    ^{{.*}}(%[[A:.*]]: tensor<f16>, %[[B:.*]]: tensor<f16>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>):
// CHECK-NEXT:      %[[GT:.*]] = hlo.compare GT, %[[A]], %[[B]], TOTALORDER
// CHECK-NEXT:      hlo.return %[[GT]] : tensor<i1>
// CHECK-NEXT:    })
// CHECK-NEXT:    %[[TOPV:.*]] = hlo.slice %[[V]] [0:5, 0:2] : (tensor<5x3xf16>) -> tensor<5x2xf16>
// CHECK-NEXT:    %[[TOPI:.*]] = hlo.slice %[[I]] [0:5, 0:2] : (tensor<5x3xi32>) -> tensor<5x2xi32>
// CHECK-NEXT:    func.return %[[TOPV]], %[[TOPI]]
func.func @top_k(%x: tensor<5x3xf16>) -> (tensor<5x2xf16>, tensor<5x2xi32>) {
  %v, %i = chlo.top_k(%x, k = 2) : tensor<5x3xf16> -> (tensor<5x2xf16>, tensor<5x2xi32>)
  func.return %v, %i : tensor<5x2xf16>, tensor<5x2xi32>
}

// f32 and 32-bit integers with k above what selection takes: a descending sort of their rank
// keys (one i64 operand compared as integers: no index operand), the first k read back.
// CHECK-LABEL: func.func @top_k_by_sorted_keys
// CHECK:         %[[KEYS:.*]] = hlo.or %{{.*}}, %{{.*}} : tensor<5x3xi64>
// CHECK-NEXT:    %[[SORTED:.*]] = "hlo.sort"(%[[KEYS]]) <{dimension = 1 : i64, is_stable = false}> ({
// CHECK-NEXT:    ^{{.*}}(%[[A:.*]]: tensor<i64>, %[[B:.*]]: tensor<i64>):
// CHECK-NEXT:      %[[GT:.*]] = hlo.compare GT, %[[A]], %[[B]], SIGNED
// CHECK-NEXT:      hlo.return %[[GT]] : tensor<i1>
// CHECK-NEXT:    })
// CHECK-NEXT:    %[[TOP:.*]] = hlo.slice %[[SORTED]] [0:5, 0:2] : (tensor<5x3xi64>) -> tensor<5x2xi64>
// CHECK:         hlo.bitcast_convert %{{.*}} : (tensor<5x2xi32>) -> tensor<5x2xf32>
func.func @top_k_by_sorted_keys(%x: tensor<5x3xf32>) -> (tensor<5x2xf32>, tensor<5x2xi32>) {
  %v, %i = chlo.top_k(%x, k = 2) : tensor<5x3xf32> -> (tensor<5x2xf32>, tensor<5x2xi32>)
  func.return %v, %i : tensor<5x2xf32>, tensor<5x2xi32>
}

// With its indices unread (tf.sort), top_k sorts the ordered 32 bits of the values alone: equal
// keys are equal values, so the order among them does not show. The indices are a constant
// nothing reads.
// CHECK-LABEL: func.func @top_k_values_only
// CHECK:         %[[KEYS:.*]] = hlo.xor %{{.*}}, %{{.*}} : tensor<5x3xi32>
// CHECK-NEXT:    %[[SORTED:.*]] = "hlo.sort"(%[[KEYS]]) <{dimension = 1 : i64, is_stable = false}> ({
// CHECK-NEXT:    ^{{.*}}(%[[A:.*]]: tensor<i32>, %[[B:.*]]: tensor<i32>):
// CHECK-NEXT:      %[[GT:.*]] = hlo.compare GT, %[[A]], %[[B]], SIGNED
// CHECK-NEXT:      hlo.return %[[GT]] : tensor<i1>
// CHECK-NEXT:    })
// CHECK-NEXT:    %[[TOP:.*]] = hlo.slice %[[SORTED]] [0:5, 0:2] : (tensor<5x3xi32>) -> tensor<5x2xi32>
// CHECK:         %[[V:.*]] = hlo.bitcast_convert %{{.*}} : (tensor<5x2xi32>) -> tensor<5x2xf32>
// CHECK:         func.return %[[V]]
func.func @top_k_values_only(%x: tensor<5x3xf32>) -> tensor<5x2xf32> {
  %v, %i = chlo.top_k(%x, k = 2) : tensor<5x3xf32> -> (tensor<5x2xf32>, tensor<5x2xi32>)
  func.return %v : tensor<5x2xf32>
}

// bf16 (and f16) are computed in f32: cosh(x) = e^(x + log 1/2) + e^(log 1/2 - x).
// CHECK-LABEL: func.func @cosh
// CHECK-SAME: (%[[X:.*]]: tensor<4xbf16>)
// CHECK-NEXT:    %[[W:.*]] = hlo.convert %[[X]] : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK-NEXT:    %[[C:.*]] = hlo.constant dense<-0.693147182> : tensor<f32>
// CHECK-NEXT:    %[[LOG_HALF:.*]] = hlo.broadcast_in_dim %[[C]]
// CHECK-NEXT:    %[[SUM:.*]] = hlo.add %[[W]], %[[LOG_HALF]] : tensor<4xf32>
// CHECK-NEXT:    %[[E1:.*]] = hlo.exponential %[[SUM]] : tensor<4xf32>
// CHECK-NEXT:    %[[DIFF:.*]] = hlo.subtract %[[LOG_HALF]], %[[W]] : tensor<4xf32>
// CHECK-NEXT:    %[[E2:.*]] = hlo.exponential %[[DIFF]] : tensor<4xf32>
// CHECK-NEXT:    %[[R:.*]] = hlo.add %[[E1]], %[[E2]] : tensor<4xf32>
// CHECK-NEXT:    %[[N:.*]] = hlo.convert %[[R]] : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK-NEXT:    func.return %[[N]]
func.func @cosh(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = chlo.cosh %x : tensor<4xbf16> -> tensor<4xbf16>
  func.return %0 : tensor<4xbf16>
}

// next_after steps the bits of x (as an integer of its width) by one toward y.
// CHECK-LABEL: func.func @next_after
// CHECK-SAME: (%[[X:.*]]: tensor<4xf16>, %[[Y:.*]]: tensor<4xf16>)
// CHECK-NEXT:    %[[XI:.*]] = hlo.bitcast_convert %[[X]] : (tensor<4xf16>) -> tensor<4xi16>
// CHECK-NEXT:    %[[YI:.*]] = hlo.bitcast_convert %[[Y]] : (tensor<4xf16>) -> tensor<4xi16>
// CHECK:         %[[STEP:.*]] = hlo.add %[[XI]], %{{.*}} : tensor<4xi16>
// CHECK:         %[[R:.*]] = hlo.bitcast_convert %{{.*}} : (tensor<4xi16>) -> tensor<4xf16>
// CHECK-NEXT:    func.return %[[R]]
func.func @next_after(%x: tensor<4xf16>, %y: tensor<4xf16>) -> tensor<4xf16> {
  %0 = chlo.next_after %x, %y : tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
  func.return %0 : tensor<4xf16>
}

// lgamma: Lanczos' series (8 terms) with reflection below 1/2, +inf at ±inf.
// CHECK-LABEL: func.func @lgamma
// CHECK-COUNT-8: hlo.divide
// CHECK:         hlo.log_plus_one
// CHECK:         hlo.sine
// CHECK:         hlo.is_finite
// CHECK:         %[[INF:.*]] = hlo.compare EQ
// CHECK:         %[[R:.*]] = hlo.select %[[INF]]
// CHECK-NEXT:    func.return %[[R]]
func.func @lgamma(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = chlo.lgamma %x : tensor<4xf64> -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// CHECK-LABEL: func.func @broadcast
// CHECK-SAME: (%[[V:.*]]: tensor<3xf32>, %[[M:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:    %[[B:.*]] = hlo.broadcast_in_dim %[[V]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[R:.*]] = hlo.subtract %[[B]], %[[M]] : tensor<2x3xf32>
// CHECK-NEXT:    func.return %[[R]]
func.func @broadcast(%v: tensor<3xf32>, %m: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = chlo.broadcast_subtract %v, %m : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @conj
// CHECK-SAME: (%[[Z:.*]]: tensor<4xcomplex<f32>>)
// CHECK-NEXT:    %[[RE:.*]] = hlo.real %[[Z]]
// CHECK-NEXT:    %[[IM:.*]] = hlo.imag %[[Z]]
// CHECK-NEXT:    %[[NEG:.*]] = hlo.negate %[[IM]] : tensor<4xf32>
// CHECK-NEXT:    %[[R:.*]] = hlo.complex %[[RE]], %[[NEG]] : tensor<4xcomplex<f32>>
// CHECK-NEXT:    func.return %[[R]]
func.func @conj(%z: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = chlo.conj %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  func.return %0 : tensor<4xcomplex<f32>>
}
