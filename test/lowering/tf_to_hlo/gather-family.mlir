// RUN: strata-opt %s -p convert-tf-to-hlo --split-input-file | filecheck %s

// GatherV2 on axis 0: a range check naming the node, then hlo.gather.
// CHECK-LABEL: func.func @gather_axis0
// CHECK-SAME: (%[[P:.*]]: tensor<10x4xf32>, %[[I:.*]]: tensor<2x3xi32>)
// CHECK-NEXT:   %[[N:.*]] = hlo.constant dense<10> : tensor<2x3xi32>
// CHECK-NEXT:   %[[GE:.*]] = hlo.compare GE, %[[I]], %[[N]], SIGNED : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
// CHECK-NEXT:   %[[ZERO:.*]] = hlo.constant dense<0> : tensor<2x3xi32>
// CHECK-NEXT:   %[[LT:.*]] = hlo.compare LT, %[[I]], %[[ZERO]], SIGNED : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
// CHECK-NEXT:   %[[BAD:.*]] = hlo.or %[[LT]], %[[GE]] : tensor<2x3xi1>
// CHECK-NEXT:   %[[FALSE:.*]] = hlo.constant dense<false> : tensor<i1>
// CHECK-NEXT:   %[[ANY:.*]] = hlo.reduce(%[[BAD]] init: %[[FALSE]]) applies hlo.or across dimensions = [0, 1] : (tensor<2x3xi1>, tensor<i1>) -> tensor<i1>
// CHECK-NEXT:   rt.check %[[ANY]], "node 'emb/GatherV2' (tf.GatherV2): index out of range [0, 10)" : tensor<i1>
// CHECK-NEXT:   %[[G:.*]] = "hlo.gather"(%[[P]], %[[I]]) <{dimension_numbers = #hlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 4>}> : (tensor<10x4xf32>, tensor<2x3xi32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:   func.return %[[G]]
func.func @gather_axis0(%p: tensor<10x4xf32>, %i: tensor<2x3xi32>) -> tensor<2x3x4xf32> {
  %a = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.GatherV2"(%p, %i, %a) : (tensor<10x4xf32>, tensor<2x3xi32>, tensor<i32>) -> tensor<2x3x4xf32> loc("emb/GatherV2")
  func.return %0 : tensor<2x3x4xf32>
}

// -----

// A middle axis: the params dims before it come first in the result, those after it last.
// CHECK-LABEL: func.func @gather_axis1
// CHECK:        rt.check %{{.*}}, "{{.*}}gather-family.mlir:{{[0-9]+}}:{{[0-9]+}}: 'tf.GatherV2' op index out of range [0, 6)"
// CHECK-NEXT:   "hlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #hlo.gather<offset_dims = [0, 3], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 3, 1, 2>}> : (tensor<3x6x2xf32>, tensor<4x5xi64>) -> tensor<3x4x5x2xf32>
func.func @gather_axis1(%p: tensor<3x6x2xf32>, %i: tensor<4x5xi64>) -> tensor<3x4x5x2xf32> {
  %a = "tf.Const"() <{value = dense<-2> : tensor<i64>}> : () -> tensor<i64>
  %0 = "tf.GatherV2"(%p, %i, %a) : (tensor<3x6x2xf32>, tensor<4x5xi64>, tensor<i64>) -> tensor<3x4x5x2xf32>
  func.return %0 : tensor<3x4x5x2xf32>
}

// -----

// batch_dims = 1: the leading dims are StableHLO batching dims.
// CHECK-LABEL: func.func @gather_batch_dims
// CHECK:        "hlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #hlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 3>}> : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
func.func @gather_batch_dims(%p: tensor<2x5x3xf32>, %i: tensor<2x4xi32>) -> tensor<2x4x3xf32> {
  %a = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.GatherV2"(%p, %i, %a) <{batch_dims = 1 : i64}> : (tensor<2x5x3xf32>, tensor<2x4xi32>, tensor<i32>) -> tensor<2x4x3xf32>
  func.return %0 : tensor<2x4x3xf32>
}

// -----

// TF1's Gather and a ResourceGather on a frozen table: GatherV2 on axis 0 (rank-0 ids need no reduce).
// CHECK-LABEL: func.func @gather_v1_and_resource
// CHECK:        %[[BAD:.*]] = hlo.or %{{.*}}, %{{.*}} : tensor<i1>
// CHECK-NEXT:   rt.check %[[BAD]], "node 'Gather' (tf.Gather): index out of range [0, 7)" : tensor<i1>
// CHECK-NEXT:   "hlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #hlo.gather<offset_dims = [0], collapsed_slice_dims = [0], start_index_map = [0]>, slice_sizes = array<i64: 1, 3>}> : (tensor<7x3xf32>, tensor<i32>) -> tensor<3xf32>
// CHECK:        rt.check %{{.*}}, "node 'emb/ResourceGather' (tf.ResourceGather): index out of range [0, 7)" : tensor<i1>
// CHECK-NEXT:   "hlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<7x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
func.func @gather_v1_and_resource(%i: tensor<i32>, %j: tensor<2xi32>) -> (tensor<3xf32>, tensor<2x3xf32>) {
  %t = "tf.Const"() <{value = dense<1.5> : tensor<7x3xf32>}> : () -> tensor<7x3xf32>
  %0 = "tf.Gather"(%t, %i) : (tensor<7x3xf32>, tensor<i32>) -> tensor<3xf32> loc("Gather")
  %1 = "tf.ResourceGather"(%t, %j) : (tensor<7x3xf32>, tensor<2xi32>) -> tensor<2x3xf32> loc("emb/ResourceGather")
  func.return %0, %1 : tensor<3xf32>, tensor<2x3xf32>
}

// -----

// UnsortedSegmentSum: only ids >= num_segments are an error (negative ids are dropped by the
// scatter); a scatter-add into zeros.
// CHECK-LABEL: func.func @segment_sum
// CHECK-SAME: (%[[D:.*]]: tensor<4x2x3xf32>, %[[I:.*]]: tensor<4x2xi32>)
// CHECK-NEXT:   %[[N:.*]] = hlo.constant dense<5> : tensor<4x2xi32>
// CHECK-NEXT:   %[[GE:.*]] = hlo.compare GE, %[[I]], %[[N]], SIGNED : (tensor<4x2xi32>, tensor<4x2xi32>) -> tensor<4x2xi1>
// CHECK-NEXT:   %[[FALSE:.*]] = hlo.constant dense<false> : tensor<i1>
// CHECK-NEXT:   %[[ANY:.*]] = hlo.reduce(%[[GE]] init: %[[FALSE]]) applies hlo.or across dimensions = [0, 1] : (tensor<4x2xi1>, tensor<i1>) -> tensor<i1>
// CHECK-NEXT:   rt.check %[[ANY]], "node 'seg' (tf.UnsortedSegmentSum): segment id out of range [0, 5)" : tensor<i1>
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<5x3xf32>
// CHECK-NEXT:   %[[S:.*]] = "hlo.scatter"(%[[Z]], %[[I]], %[[D]]) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>}> ({
// CHECK-NEXT:   ^{{.*}}(%[[OLD:.*]]: tensor<f32>, %[[NEW:.*]]: tensor<f32>):
// CHECK-NEXT:     %[[SUM:.*]] = hlo.add %[[OLD]], %[[NEW]] : tensor<f32>
// CHECK-NEXT:     hlo.return %[[SUM]] : tensor<f32>
// CHECK-NEXT:   }) : (tensor<5x3xf32>, tensor<4x2xi32>, tensor<4x2x3xf32>) -> tensor<5x3xf32>
// CHECK-NEXT:   func.return %[[S]]
func.func @segment_sum(%d: tensor<4x2x3xf32>, %i: tensor<4x2xi32>) -> tensor<5x3xf32> {
  %n = "tf.Const"() <{value = dense<5> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.UnsortedSegmentSum"(%d, %i, %n) : (tensor<4x2x3xf32>, tensor<4x2xi32>, tensor<i32>) -> tensor<5x3xf32> loc("seg")
  func.return %0 : tensor<5x3xf32>
}

// -----

// GatherNd: each component of the index vectors is checked against its own dim (a row of
// bounds broadcast along the last dim), then an hlo.gather collapsing the K indexed dims.
// CHECK-LABEL: func.func @gather_nd
// CHECK-SAME: (%[[P:.*]]: tensor<4x5x3xf32>, %[[I:.*]]: tensor<6x2xi32>)
// CHECK-NEXT:   %[[ROW:.*]] = hlo.constant dense<[4, 5]> : tensor<2xi32>
// CHECK-NEXT:   %[[HIGH:.*]] = hlo.broadcast_in_dim %[[ROW]], dims = [1] : (tensor<2xi32>) -> tensor<6x2xi32>
// CHECK-NEXT:   %[[GE:.*]] = hlo.compare GE, %[[I]], %[[HIGH]], SIGNED
// CHECK-NEXT:   %[[ZERO:.*]] = hlo.constant dense<0> : tensor<6x2xi32>
// CHECK-NEXT:   %[[LT:.*]] = hlo.compare LT, %[[I]], %[[ZERO]], SIGNED
// CHECK-NEXT:   %[[BAD:.*]] = hlo.or %[[LT]], %[[GE]] : tensor<6x2xi1>
// CHECK-NEXT:   %[[FALSE:.*]] = hlo.constant dense<false> : tensor<i1>
// CHECK-NEXT:   %[[ANY:.*]] = hlo.reduce(%[[BAD]] init: %[[FALSE]]) applies hlo.or across dimensions = [0, 1]
// CHECK-NEXT:   rt.check %[[ANY]], "node 'gnd' (tf.GatherNd): index out of range [0, 4) x [0, 5)" : tensor<i1>
// CHECK-NEXT:   %[[G:.*]] = "hlo.gather"(%[[P]], %[[I]]) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 3>}> : (tensor<4x5x3xf32>, tensor<6x2xi32>) -> tensor<6x3xf32>
// CHECK-NEXT:   func.return %[[G]]
func.func @gather_nd(%p: tensor<4x5x3xf32>, %i: tensor<6x2xi32>) -> tensor<6x3xf32> {
  %0 = "tf.GatherNd"(%p, %i) : (tensor<4x5x3xf32>, tensor<6x2xi32>) -> tensor<6x3xf32> loc("gnd")
  func.return %0 : tensor<6x3xf32>
}

// -----

// ScatterNd: rows added into zeros of the constant shape (repeated ids sum).
// CHECK-LABEL: func.func @scatter_nd
// CHECK-SAME: (%[[I:.*]]: tensor<2x3x1xi64>, %[[U:.*]]: tensor<2x3x4xf32>)
// CHECK:        rt.check %{{.*}}, "node 'snd' (tf.ScatterNd): index out of range [0, 8)" : tensor<i1>
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<8x4xf32>
// CHECK-NEXT:   %[[S:.*]] = "hlo.scatter"(%[[Z]], %[[I]], %[[U]]) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>}> ({
// CHECK-NEXT:   ^{{.*}}(%[[OLD:.*]]: tensor<f32>, %[[NEW:.*]]: tensor<f32>):
// CHECK-NEXT:     %[[SUM:.*]] = hlo.add %[[OLD]], %[[NEW]] : tensor<f32>
// CHECK-NEXT:     hlo.return %[[SUM]] : tensor<f32>
// CHECK-NEXT:   }) : (tensor<8x4xf32>, tensor<2x3x1xi64>, tensor<2x3x4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT:   func.return %[[S]]
func.func @scatter_nd(%i: tensor<2x3x1xi64>, %u: tensor<2x3x4xf32>) -> tensor<8x4xf32> {
  %s = "tf.Const"() <{value = dense<[8, 4]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.ScatterNd"(%i, %u, %s) : (tensor<2x3x1xi64>, tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<8x4xf32> loc("snd")
  func.return %0 : tensor<8x4xf32>
}

// -----

// TensorScatterUpdate: single elements replaced (the computation returns the update);
// TensorScatterAdd adds them instead.
// CHECK-LABEL: func.func @tensor_scatter
// CHECK-SAME: (%[[T:.*]]: tensor<4x5xi32>, %[[I:.*]]: tensor<3x2xi32>, %[[U:.*]]: tensor<3xi32>)
// CHECK:        rt.check %{{.*}}, "node 'tsu' (tf.TensorScatterUpdate): index out of range [0, 4) x [0, 5)" : tensor<i1>
// CHECK-NEXT:   %[[R:.*]] = "hlo.scatter"(%[[T]], %[[I]], %[[U]]) <{scatter_dimension_numbers = #hlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
// CHECK-NEXT:   ^{{.*}}(%{{.*}}: tensor<i32>, %[[NEW:.*]]: tensor<i32>):
// CHECK-NEXT:     hlo.return %[[NEW]] : tensor<i32>
// CHECK-NEXT:   })
// CHECK:        rt.check %{{.*}}, "node 'tsa' (tf.TensorScatterAdd): index out of range [0, 4) x [0, 5)" : tensor<i1>
// CHECK-NEXT:   %[[A:.*]] = "hlo.scatter"(%[[R]], %[[I]], %[[U]])
// CHECK-NEXT:   ^{{.*}}(%[[OLD2:.*]]: tensor<i32>, %[[NEW2:.*]]: tensor<i32>):
// CHECK-NEXT:     %[[SUM:.*]] = hlo.add %[[OLD2]], %[[NEW2]] : tensor<i32>
// CHECK-NEXT:     hlo.return %[[SUM]] : tensor<i32>
// CHECK:        func.return %[[A]]
func.func @tensor_scatter(%t: tensor<4x5xi32>, %i: tensor<3x2xi32>, %u: tensor<3xi32>) -> tensor<4x5xi32> {
  %0 = "tf.TensorScatterUpdate"(%t, %i, %u) : (tensor<4x5xi32>, tensor<3x2xi32>, tensor<3xi32>) -> tensor<4x5xi32> loc("tsu")
  %1 = "tf.TensorScatterAdd"(%0, %i, %u) : (tensor<4x5xi32>, tensor<3x2xi32>, tensor<3xi32>) -> tensor<4x5xi32> loc("tsa")
  func.return %1 : tensor<4x5xi32>
}

// -----

// TensorScatterSub, Max and Min: the scatter's computation subtracts the update from the element,
// or takes the larger or the smaller of the two.
// CHECK-LABEL: func.func @tensor_scatter_combiners
// CHECK:        rt.check %{{.*}}, "node 'tss' (tf.TensorScatterSub): index out of range [0, 4)" : tensor<i1>
// CHECK:        ^{{.*}}(%[[OLD:.*]]: tensor<f32>, %[[NEW:.*]]: tensor<f32>):
// CHECK-NEXT:     %[[D:.*]] = hlo.subtract %[[OLD]], %[[NEW]] : tensor<f32>
// CHECK-NEXT:     hlo.return %[[D]] : tensor<f32>
// CHECK:        ^{{.*}}(%[[OLD2:.*]]: tensor<f32>, %[[NEW2:.*]]: tensor<f32>):
// CHECK-NEXT:     %[[M:.*]] = hlo.maximum %[[OLD2]], %[[NEW2]] : tensor<f32>
// CHECK:        ^{{.*}}(%[[OLD3:.*]]: tensor<f32>, %[[NEW3:.*]]: tensor<f32>):
// CHECK-NEXT:     %[[N:.*]] = hlo.minimum %[[OLD3]], %[[NEW3]] : tensor<f32>
func.func @tensor_scatter_combiners(%t: tensor<4xf32>, %i: tensor<3x1xi32>, %u: tensor<3xf32>) -> tensor<4xf32> {
  %0 = "tf.TensorScatterSub"(%t, %i, %u) : (tensor<4xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<4xf32> loc("tss")
  %1 = "tf.TensorScatterMax"(%0, %i, %u) : (tensor<4xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<4xf32> loc("tsmax")
  %2 = "tf.TensorScatterMin"(%1, %i, %u) : (tensor<4xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<4xf32> loc("tsmin")
  func.return %2 : tensor<4xf32>
}

// -----

// UnsortedSegmentMax: the scatter combines with hlo.maximum into the type's lowest finite value
// (TensorFlow's value of an empty segment: -FLT_MAX, not -inf); Prod and Min likewise with 1
// and the highest value.
// CHECK-LABEL: func.func @segment_max
// CHECK-SAME: (%[[D:.*]]: tensor<6x2xf32>, %[[I:.*]]: tensor<6xi32>)
// CHECK:        rt.check %{{.*}}, "node 'segmax' (tf.UnsortedSegmentMax): segment id out of range [0, 4)" : tensor<i1>
// CHECK-NEXT:   %[[LOW:.*]] = hlo.constant dense<-3.40282347e+38> : tensor<4x2xf32>
// CHECK-NEXT:   %[[S:.*]] = "hlo.scatter"(%[[LOW]], %[[I]], %[[D]])
// CHECK-NEXT:   ^{{.*}}(%[[OLD:.*]]: tensor<f32>, %[[NEW:.*]]: tensor<f32>):
// CHECK-NEXT:     %[[M:.*]] = hlo.maximum %[[OLD]], %[[NEW]] : tensor<f32>
// CHECK-NEXT:     hlo.return %[[M]] : tensor<f32>
// CHECK:        func.return %[[S]]
func.func @segment_max(%d: tensor<6x2xf32>, %i: tensor<6xi32>) -> tensor<4x2xf32> {
  %n = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.UnsortedSegmentMax"(%d, %i, %n) : (tensor<6x2xf32>, tensor<6xi32>, tensor<i32>) -> tensor<4x2xf32> loc("segmax")
  func.return %0 : tensor<4x2xf32>
}

// -----

// DenseBincount: a run-time check that no value is negative (TensorFlow raises), the values
// spread along a new last dim and compared with iota(size), the weights kept where they match
// and summed over each row (values at or past size match nothing).
// CHECK-LABEL: func.func @dense_bincount
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi32>, %[[W:.*]]: tensor<2x3xf32>)
// CHECK:        %[[NEG:.*]] = hlo.compare LT, %[[X]], %{{.*}}, SIGNED
// CHECK:        rt.check %{{.*}}, "{{.*}}'tf.DenseBincount' op input has negative values"
// CHECK-NEXT:   %[[S:.*]] = hlo.broadcast_in_dim %[[X]], dims = [0, 1] : (tensor<2x3xi32>) -> tensor<2x3x4xi32>
// CHECK-NEXT:   %[[I:.*]] = hlo.iota dim = 2 : tensor<2x3x4xi32>
// CHECK-NEXT:   %[[H:.*]] = hlo.compare EQ, %[[S]], %[[I]], SIGNED
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<2x3x4xf32>
// CHECK-NEXT:   %[[WS:.*]] = hlo.broadcast_in_dim %[[W]], dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:   %[[K:.*]] = hlo.select %[[H]], %[[WS]], %[[Z]]
// CHECK-NEXT:   %[[Z0:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[C:.*]] = hlo.reduce(%[[K]] init: %[[Z0]]) applies hlo.add across dimensions = [1] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2x4xf32>
// CHECK-NEXT:   func.return %[[C]]
func.func @dense_bincount(%x: tensor<2x3xi32>, %w: tensor<2x3xf32>) -> tensor<2x4xf32> {
  %n = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.DenseBincount"(%x, %n, %w) <{binary_output = false}> : (tensor<2x3xi32>, tensor<i32>, tensor<2x3xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// RaggedTensorToTensor (ROW_SPLITS): rows start at splits[r] and hold splits[r + 1] - splits[r]
// values; 3 ragged rows in 5 output rows (the last two of length 0); cell (r, j) takes the value
// at start + j (clamped into [0, 9)) where j is below the row's length, the default elsewhere.
// CHECK-LABEL: func.func @ragged
// CHECK-SAME:    (%[[V:.*]]: tensor<9xi32>, %[[S:.*]]: tensor<4xi64>)
// CHECK:         %[[D:.*]] = hlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<i32>) -> tensor<5x4xi32>
// CHECK:         %[[START:.*]] = hlo.slice %[[S]] [0:3]
// CHECK:         %[[END:.*]] = hlo.slice %[[S]] [1:4]
// CHECK:         %[[LEN:.*]] = hlo.subtract %[[END]], %[[START]]
// CHECK:         %[[STARTS:.*]] = hlo.pad %[[START]], %{{.*}}, low = [0], high = [2]
// CHECK:         %[[LENS:.*]] = hlo.pad %[[LEN]], %{{.*}}, low = [0], high = [2]
// CHECK:         %[[J:.*]] = hlo.iota dim = 1 : tensor<5x4xi64>
// CHECK:         %[[S2:.*]] = hlo.broadcast_in_dim %[[STARTS]], dims = [0]
// CHECK:         %[[L2:.*]] = hlo.broadcast_in_dim %[[LENS]], dims = [0]
// CHECK:         %[[POS:.*]] = hlo.add %[[S2]], %[[J]]
// CHECK:         %[[IN:.*]] = hlo.compare LT, %[[J]], %[[L2]], SIGNED
// CHECK:         hlo.constant dense<8> : tensor<i64>
// CHECK:         %[[P:.*]] = hlo.clamp %{{.*}}, %[[POS]], %{{.*}}
// CHECK:         %[[G:.*]] = "hlo.gather"(%[[V]], %[[P]])
// CHECK:         hlo.select %[[IN]], %[[G]], %[[D]] : tensor<5x4xi1>, tensor<5x4xi32>
func.func @ragged(%values: tensor<9xi32>, %splits: tensor<4xi64>) -> tensor<5x4xi32> {
  %shape = "tf.Const"() <{value = dense<[5, 4]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %default = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.RaggedTensorToTensor"(%shape, %values, %default, %splits) : (tensor<2xi64>, tensor<9xi32>, tensor<i32>, tensor<4xi64>) -> tensor<5x4xi32>
  func.return %0 : tensor<5x4xi32>
}

// -----

// tf.Where: the running count r of the non-zero elements in log2(N) shifted adds (by 1, 2, 4),
// then, for every row j at once, a binary search over r for the (j+1)-th true element: steps
// of 4, 2 and 1, each a gather of r; rows past the count (r's last entry) are 0; the
// coordinates by division by the strides, modulo the sizes.
// CHECK-LABEL: func.func @where
// CHECK:       %[[NZ:.*]] = hlo.compare NE
// CHECK:       %[[ONES:.*]] = hlo.convert %[[NZ]] : (tensor<5xi1>) -> tensor<5xi64>
// CHECK:       hlo.pad {{.*}} low = [1]
// CHECK:       hlo.pad {{.*}} low = [2]
// CHECK:       hlo.pad {{.*}} low = [4]
// CHECK:       %[[R:.*]] = hlo.add
// CHECK:       hlo.constant dense<4> : tensor<5xi64>
// CHECK:       "hlo.gather"(%[[R]], %{{.*}})
// CHECK:       hlo.constant dense<2> : tensor<5xi64>
// CHECK:       "hlo.gather"(%[[R]], %{{.*}})
// CHECK:       hlo.constant dense<1> : tensor<5xi64>
// CHECK:       "hlo.gather"(%[[R]], %{{.*}})
// CHECK-NOT:   "hlo.gather"
// CHECK:       %[[LAST:.*]] = hlo.slice %[[R]] [4:5]
// CHECK:       %[[COUNT:.*]] = hlo.reshape %[[LAST]] : (tensor<1xi64>) -> tensor<i64>
// CHECK:       %[[I:.*]] = hlo.concatenate
// CHECK:       %[[N:.*]] = hlo.convert %[[COUNT]] : (tensor<i64>) -> tensor<i32>
// CHECK:       func.return %[[I]], %[[N]] : tensor<5x1xi64>, tensor<i32>
func.func @where(%c: tensor<5xi32>) -> (tensor<5x1xi64>, tensor<i32>) {
  %i, %n = "tf.Where"(%c) : (tensor<5xi32>) -> (tensor<5x1xi64>, tensor<i32>)
  func.return %i, %n : tensor<5x1xi64>, tensor<i32>
}

// -----

// SparseSegmentMeanWithNumSegments: range checks of the indices (rows of data) and of the
// segment ids naming the node, the rows at the indices gathered (GatherV2's hlo.gather), summed
// into their segments (UnsortedSegmentSum's scatter), divided by each segment's count (ones
// scattered alike, at least 1: an empty segment is 0).
// CHECK-LABEL: func.func @sparse_segment_mean
// CHECK:         rt.check %{{.*}}, "node 'mean' (tf.SparseSegmentMeanWithNumSegments): index out of range [0, 6)"
// CHECK:         rt.check %{{.*}}, "node 'mean' (tf.SparseSegmentMeanWithNumSegments): segment id out of range [0, 4)"
// CHECK:         %[[ROWS:.*]] = "hlo.gather"(%d, %i)
// CHECK:         %[[SUM:.*]] = "hlo.scatter"(%{{.*}}, %s, %[[ROWS]])
// CHECK:         %[[COUNTS:.*]] = "hlo.scatter"(%{{.*}}, %s, %{{.*}})
// CHECK:         %[[ONE:.*]] = hlo.maximum %[[COUNTS]], %{{.*}} : tensor<4xf32>
// CHECK:         %[[BY:.*]] = hlo.broadcast_in_dim %[[ONE]], dims = [0] : (tensor<4xf32>) -> tensor<4x3xf32>
// CHECK:         hlo.divide %[[SUM]], %[[BY]] : tensor<4x3xf32>
func.func @sparse_segment_mean(%d: tensor<6x3xf32>, %i: tensor<5xi32>, %s: tensor<5xi32>) -> tensor<4x3xf32> {
  %n = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.SparseSegmentMeanWithNumSegments"(%d, %i, %s, %n) : (tensor<6x3xf32>, tensor<5xi32>, tensor<5xi32>, tensor<i32>) -> tensor<4x3xf32> loc("mean")
  func.return %0 : tensor<4x3xf32>
}
