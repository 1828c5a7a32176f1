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

// On long rows (k n >= 2^16 steps, and blocks halve them) the passes run over candidate blocks:
// the row's keys padded to blocks of 16 (a power of two near sqrt(n / k)) with the lowest i64,
// each block's maximum, k passes over the maxima, and a gather of the k blocks they came from
// (position >> 4): these hold the k greatest keys. Then k passes over those 256 keys, not 4100.
// CHECK-LABEL: func.func @top_k_from_blocks
// CHECK:         %[[KEYS:.*]] = hlo.or %{{.*}}, %{{.*}} : tensor<2x4100xi64>
// CHECK:         %[[PADDED:.*]] = hlo.pad %[[KEYS]], %[[LOWEST:.*]], low = [0, 0], high = [0, 12], interior = [0, 0] : (tensor<2x4100xi64>, tensor<i64>) -> tensor<2x4112xi64>
// CHECK:         %[[BLOCKS:.*]] = hlo.reshape %[[PADDED]] : (tensor<2x4112xi64>) -> tensor<2x257x16xi64>
// CHECK:         %[[MAXIMA:.*]] = hlo.reduce(%[[BLOCKS]] init: %[[LOWEST]]) applies hlo.maximum across dimensions = [2] : (tensor<2x257x16xi64>, tensor<i64>) -> tensor<2x257xi64>
// CHECK:         %{{.*}}, %{{.*}}, %[[BEST:.*]] = hlo.while
// CHECK:           hlo.subtract %[[MAXIMA]], %{{.*}} : tensor<2x257xi64>
// CHECK:         }
// CHECK:         hlo.and %[[BEST]]
// CHECK:         %[[WHICH:.*]] = hlo.shift_right_logical
// CHECK:         %[[IDS:.*]] = hlo.convert %[[WHICH]] : (tensor<2x16xi64>) -> tensor<2x16xi32>
// CHECK:         %[[TAKEN:.*]] = "hlo.gather"(%[[BLOCKS]], %[[IDS]]) <{dimension_numbers = #hlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 16>}> : (tensor<2x257x16xi64>, tensor<2x16xi32>) -> tensor<2x16x16xi64>
// CHECK:         %[[CANDIDATES:.*]] = hlo.reshape %[[TAKEN]] : (tensor<2x16x16xi64>) -> tensor<2x256xi64>
// CHECK:         hlo.while
// CHECK:           hlo.subtract %[[CANDIDATES]], %{{.*}} : tensor<2x256xi64>
// CHECK:         }
// CHECK:         hlo.bitcast_convert %{{.*}} : (tensor<2x16xi32>) -> tensor<2x16xf32>
func.func @top_k_from_blocks(%x: tensor<2x4100xf32>) -> (tensor<2x16xf32>, tensor<2x16xi32>) {
  %v, %i = chlo.top_k(%x, k = 16) : tensor<2x4100xf32> -> (tensor<2x16xf32>, tensor<2x16xi32>)
  func.return %v, %i : tensor<2x16xf32>, tensor<2x16xi32>
}
