// RUN: strata-opt %s -p chlo-legalize-to-hlo | filecheck %s

// top_k with k at most half the last dim (f32, 32-bit integers): k passes over i64 rank keys
// (the value's ordered bits: a float's magnitude bits flipped where its sign is set, above
// 0x7FFFFFFF - index), each taking the greatest key below the one the last pass took; the keys
// taken give back the values and indices. k n steps per row where the sort takes n^2 / 2.
// A pass is a plain max-reduction of keys - shift (shift = last key xor the sign bit, wrapping):
// the keys below the last one land above all the others, and + shift gives the key back.
// CHECK-LABEL: func.func @top_k_by_selection
// CHECK-NOT:     hlo.sort
// CHECK:         %[[BITS:.*]] = hlo.bitcast_convert %{{.*}} : (tensor<2x8xf32>) -> tensor<2x8xi32>
// CHECK:         hlo.xor %[[BITS]]
// CHECK:         %[[HIGH:.*]] = hlo.shift_left %{{.*}} : tensor<2x8xi64>
// CHECK:         %[[IOTA:.*]] = hlo.iota dim = 1 : tensor<2x8xi64>
// CHECK:         %[[LOW:.*]] = hlo.subtract %{{.*}}, %[[IOTA]]
// CHECK:         %[[KEYS:.*]] = hlo.or %[[HIGH]], %[[LOW]] : tensor<2x8xi64>
// CHECK:         hlo.while
// CHECK:         } do {
// CHECK:           %[[SHIFT:.*]] = hlo.xor %{{.*}}, %{{.*}} : tensor<2xi64>
// CHECK:           %[[ALONG:.*]] = hlo.broadcast_in_dim %[[SHIFT]], dims = [0]
// CHECK:           %[[SHIFTED:.*]] = hlo.subtract %[[KEYS]], %[[ALONG]] : tensor<2x8xi64>
// CHECK-NOT:       hlo.select
// CHECK:           %[[MAX:.*]] = hlo.reduce(%[[SHIFTED]] init: %{{.*}}) applies hlo.maximum across dimensions = [1]
// CHECK:           hlo.add %[[MAX]], %[[SHIFT]] : tensor<2xi64>
// CHECK:           hlo.dynamic_update_slice
// CHECK:         }
// CHECK:         hlo.bitcast_convert %{{.*}} : (tensor<2x3xi32>) -> tensor<2x3xf32>
func.func @top_k_by_selection(%x: tensor<2x8xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x8xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  func.return %v, %i : tensor<2x3xf32>, tensor<2x3xi32>
}
