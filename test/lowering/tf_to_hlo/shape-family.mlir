// RUN: strata-opt %s -p convert-tf-to-hlo --split-input-file | filecheck %s

// Shape, Size and Rank of a static tensor are constants.
// CHECK-LABEL: func.func @shape_folds
// CHECK-NEXT:   %[[S:.*]] = hlo.constant dense<[2, 3]> : tensor<2xi64>
// CHECK-NEXT:   %[[N:.*]] = hlo.constant dense<6> : tensor<i32>
// CHECK-NEXT:   %[[R:.*]] = hlo.constant dense<2> : tensor<i32>
// CHECK-NEXT:   func.return %[[S]], %[[N]], %[[R]]
func.func @shape_folds(%x: tensor<2x3xf32>) -> (tensor<2xi64>, tensor<i32>, tensor<i32>) {
  %0 = "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<2xi64>
  %1 = "tf.Size"(%x) : (tensor<2x3xf32>) -> tensor<i32>
  %2 = "tf.Rank"(%x) : (tensor<2x3xf32>) -> tensor<i32>
  func.return %0, %1, %2 : tensor<2xi64>, tensor<i32>, tensor<i32>
}

// -----

// The axis is the last operand; -1 is the last dim.
// CHECK-LABEL: func.func @concat
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x1xf32>)
// CHECK-NEXT:   %[[C:.*]] = hlo.concatenate %[[A]], %[[B]], dim = 1 : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:   func.return %[[C]]
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>) -> tensor<2x4xf32> {
  %axis = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.ConcatV2"(%a, %b, %axis) : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<i32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @pack
// CHECK-SAME: (%[[A:.*]]: tensor<3xf32>, %[[B:.*]]: tensor<3xf32>)
// CHECK-NEXT:   %[[RA:.*]] = hlo.reshape %[[A]] : (tensor<3xf32>) -> tensor<3x1xf32>
// CHECK-NEXT:   %[[RB:.*]] = hlo.reshape %[[B]] : (tensor<3xf32>) -> tensor<3x1xf32>
// CHECK-NEXT:   %[[C:.*]] = hlo.concatenate %[[RA]], %[[RB]], dim = 1 : (tensor<3x1xf32>, tensor<3x1xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:   func.return %[[C]]
func.func @pack(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3x2xf32> {
  %0 = "tf.Pack"(%a, %b) <{axis = 1 : i64}> : (tensor<3xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @unpack
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   %[[S0:.*]] = hlo.slice %[[X]] [0:1, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT:   %[[R0:.*]] = hlo.reshape %[[S0]] : (tensor<1x3xf32>) -> tensor<3xf32>
// CHECK-NEXT:   %[[S1:.*]] = hlo.slice %[[X]] [1:2, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT:   %[[R1:.*]] = hlo.reshape %[[S1]] : (tensor<1x3xf32>) -> tensor<3xf32>
// CHECK-NEXT:   func.return %[[R0]], %[[R1]]
func.func @unpack(%x: tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0:2 = "tf.Unpack"(%x) <{num = 2 : i64, axis = 0 : i64}> : (tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  func.return %0#0, %0#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// The -1 in size_splits takes the rest of the dim.
// CHECK-LABEL: func.func @split_v
// CHECK-SAME: (%[[X:.*]]: tensor<2x6xf32>)
// CHECK-NEXT:   %[[A:.*]] = hlo.slice %[[X]] [0:2, 0:1] : (tensor<2x6xf32>) -> tensor<2x1xf32>
// CHECK-NEXT:   %[[B:.*]] = hlo.slice %[[X]] [0:2, 1:6] : (tensor<2x6xf32>) -> tensor<2x5xf32>
// CHECK-NEXT:   func.return %[[A]], %[[B]]
func.func @split_v(%x: tensor<2x6xf32>) -> (tensor<2x1xf32>, tensor<2x5xf32>) {
  %axis = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %sizes = "tf.Const"() <{value = dense<[1, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0:2 = "tf.SplitV"(%x, %sizes, %axis) <{num_split = 2 : i64}> : (tensor<2x6xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<2x1xf32>, tensor<2x5xf32>)
  func.return %0#0, %0#1 : tensor<2x1xf32>, tensor<2x5xf32>
}

// -----

// x[1, ::-2]: the negative stride reverses the dim, then slices it forward; the shrunk dim goes.
// CHECK-LABEL: func.func @strided_slice
// CHECK-SAME: (%[[X:.*]]: tensor<4x5xf32>)
// CHECK-NEXT:   %[[REV:.*]] = hlo.reverse %[[X]], dims = [1] : tensor<4x5xf32>
// CHECK-NEXT:   %[[S:.*]] = hlo.slice %[[REV]] [1:2, 0:5:2] : (tensor<4x5xf32>) -> tensor<1x3xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.reshape %[[S]] : (tensor<1x3xf32>) -> tensor<3xf32>
func.func @strided_slice(%x: tensor<4x5xf32>) -> tensor<1x3xf32> {
  %b = "tf.Const"() <{value = dense<[1, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %e = "tf.Const"() <{value = dense<[0, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "tf.Const"() <{value = dense<[1, -2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) <{begin_mask = 2 : i64, end_mask = 2 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64, ellipsis_mask = 0 : i64}> : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3xf32>
  %n = "tf.Const"() <{value = dense<[1, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %1 = "tf.Reshape"(%0, %n) : (tensor<3xf32>, tensor<2xi32>) -> tensor<1x3xf32>
  func.return %1 : tensor<1x3xf32>
}

// -----

// CHECK-LABEL: func.func @pad
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[P:.*]] = hlo.pad %[[X]], %[[ZERO]], low = [1, 2], high = [0, 1], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x6xf32>
// CHECK-NEXT:   func.return %[[P]]
func.func @pad(%x: tensor<2x3xf32>) -> tensor<3x6xf32> {
  %p = "tf.Const"() <{value = dense<[[1, 0], [2, 1]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  %0 = "tf.Pad"(%x, %p) : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<3x6xf32>
  func.return %0 : tensor<3x6xf32>
}

// -----

// REFLECT of [a, b, c] by (2, 1): [c, b] ++ [a, b, c] ++ [b].
// CHECK-LABEL: func.func @mirror_pad
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>)
// CHECK-NEXT:   %[[LO:.*]] = hlo.slice %[[X]] [1:3] : (tensor<3xf32>) -> tensor<2xf32>
// CHECK-NEXT:   %[[LOR:.*]] = hlo.reverse %[[LO]], dims = [0] : tensor<2xf32>
// CHECK-NEXT:   %[[HI:.*]] = hlo.slice %[[X]] [1:2] : (tensor<3xf32>) -> tensor<1xf32>
// CHECK-NEXT:   %[[HIR:.*]] = hlo.reverse %[[HI]], dims = [0] : tensor<1xf32>
// CHECK-NEXT:   %[[C:.*]] = hlo.concatenate %[[LOR]], %[[X]], %[[HIR]], dim = 0 : (tensor<2xf32>, tensor<3xf32>, tensor<1xf32>) -> tensor<6xf32>
// CHECK-NEXT:   func.return %[[C]]
func.func @mirror_pad(%x: tensor<3xf32>) -> tensor<6xf32> {
  %p = "tf.Const"() <{value = dense<[[2, 1]]> : tensor<1x2xi32>}> : () -> tensor<1x2xi32>
  %0 = "tf.MirrorPad"(%x, %p) <{mode = "REFLECT"}> : (tensor<3xf32>, tensor<1x2xi32>) -> tensor<6xf32>
  func.return %0 : tensor<6xf32>
}

// -----

// CHECK-LABEL: func.func @tile
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:   %[[B:.*]] = hlo.broadcast_in_dim %[[X]], dims = [1, 3] : (tensor<2x3xf32>) -> tensor<2x2x1x3xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.reshape %[[B]] : (tensor<2x2x1x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @tile(%x: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %m = "tf.Const"() <{value = dense<[2, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.Tile"(%x, %m) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func.func @range
// CHECK-NEXT:   %[[R:.*]] = hlo.constant dense<[2, 5, 8, 11]> : tensor<4xi32>
// CHECK-NEXT:   func.return %[[R]]
func.func @range() -> tensor<4xi32> {
  %s = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.Const"() <{value = dense<12> : tensor<i32>}> : () -> tensor<i32>
  %d = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.Range"(%s, %l, %d) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @one_hot
// CHECK-SAME: (%[[I:.*]]: tensor<3xi32>)
// CHECK:        %[[IOTA:.*]] = hlo.iota dim = 1 : tensor<3x4xi32>
// CHECK-NEXT:   %[[IB:.*]] = hlo.broadcast_in_dim %[[I]], dims = [0] : (tensor<3xi32>) -> tensor<3x4xi32>
// CHECK-NEXT:   %[[HIT:.*]] = hlo.compare EQ, %[[IOTA]], %[[IB]], SIGNED : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi1>
// CHECK-NEXT:   %[[ON:.*]] = hlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
// CHECK-NEXT:   %[[OFF:.*]] = hlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.select %[[HIT]], %[[ON]], %[[OFF]] : tensor<3x4xi1>, tensor<3x4xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @one_hot(%i: tensor<3xi32>) -> tensor<3x4xf32> {
  %d = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %on = "tf.Const"() <{value = dense<1.0> : tensor<f32>}> : () -> tensor<f32>
  %off = "tf.Const"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  %0 = "tf.OneHot"(%i, %d, %on, %off) <{axis = -1 : i64}> : (tensor<3xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<3x4xf32>
  func.return %0 : tensor<3x4xf32>
}

// -----

// SpaceToBatchND: pad the spatial dims, split each into (n / block, block), move the block
// positions in front of the batch, merge them into it.
// CHECK-LABEL: func.func @space_to_batch
// CHECK-SAME: (%[[X:.*]]: tensor<1x5x3xf32>)
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[P:.*]] = hlo.pad %[[X]], %[[Z]], low = [0, 2, 0], high = [0, 1, 0], interior = [0, 0, 0] : (tensor<1x5x3xf32>, tensor<f32>) -> tensor<1x8x3xf32>
// CHECK-NEXT:   %[[S:.*]] = hlo.reshape %[[P]] : (tensor<1x8x3xf32>) -> tensor<1x4x2x3xf32>
// CHECK-NEXT:   %[[T:.*]] = hlo.transpose %[[S]], dims = [2, 0, 1, 3] : (tensor<1x4x2x3xf32>) -> tensor<2x1x4x3xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.reshape %[[T]] : (tensor<2x1x4x3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @space_to_batch(%x: tensor<1x5x3xf32>) -> tensor<2x4x3xf32> {
  %b = "tf.Const"() <{value = dense<[2]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %p = "tf.Const"() <{value = dense<[[2, 1]]> : tensor<1x2xi32>}> : () -> tensor<1x2xi32>
  %0 = "tf.SpaceToBatchND"(%x, %b, %p) : (tensor<1x5x3xf32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<2x4x3xf32>
  func.return %0 : tensor<2x4x3xf32>
}

// -----

// BatchToSpaceND, the inverse: split the batch into (blocks, batch), interleave each block
// position after its spatial dim, merge, then crop.
// CHECK-LABEL: func.func @batch_to_space
// CHECK-SAME: (%[[X:.*]]: tensor<2x4x3xf32>)
// CHECK-NEXT:   %[[S:.*]] = hlo.reshape %[[X]] : (tensor<2x4x3xf32>) -> tensor<2x1x4x3xf32>
// CHECK-NEXT:   %[[T:.*]] = hlo.transpose %[[S]], dims = [1, 2, 0, 3] : (tensor<2x1x4x3xf32>) -> tensor<1x4x2x3xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.reshape %[[T]] : (tensor<1x4x2x3xf32>) -> tensor<1x8x3xf32>
// CHECK-NEXT:   %[[C:.*]] = hlo.slice %[[R]] [0:1, 2:7, 0:3] : (tensor<1x8x3xf32>) -> tensor<1x5x3xf32>
// CHECK-NEXT:   func.return %[[C]]
func.func @batch_to_space(%x: tensor<2x4x3xf32>) -> tensor<1x5x3xf32> {
  %b = "tf.Const"() <{value = dense<[2]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c = "tf.Const"() <{value = dense<[[2, 1]]> : tensor<1x2xi32>}> : () -> tensor<1x2xi32>
  %0 = "tf.BatchToSpaceND"(%x, %b, %c) : (tensor<2x4x3xf32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<1x5x3xf32>
  func.return %0 : tensor<1x5x3xf32>
}

// -----

// Roll: the shifts of one axis add (2 - 4 = -2, i.e. 3 of 5): the last 3 columns, then the rest.
// CHECK-LABEL: func.func @roll
// CHECK-NEXT:   %[[T:.*]] = hlo.slice %x [0:2, 2:5] : (tensor<2x5xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:   %[[H:.*]] = hlo.slice %x [0:2, 0:2] : (tensor<2x5xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.concatenate %[[T]], %[[H]], dim = 1 : (tensor<2x3xf32>, tensor<2x2xf32>) -> tensor<2x5xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @roll(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %s = "tf.Const"() <{value = dense<[2, -4]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %a = "tf.Const"() <{value = dense<[1, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.Roll"(%x, %s, %a) : (tensor<2x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x5xf32>
  func.return %0 : tensor<2x5xf32>
}

// -----

// Roll by a shift known at run time only (a loop's counter): start = 5 - ((s rem 5 + 5) rem 5),
// a dynamic_slice of x twice along the axis.
// CHECK-LABEL: func.func @roll_run_time
// CHECK-NEXT:   %[[ZERO:.*]] = hlo.constant dense<0> : tensor<i32>
// CHECK-NEXT:   %[[N:.*]] = hlo.constant dense<5> : tensor<i32>
// CHECK-NEXT:   %[[R:.*]] = hlo.remainder %s, %[[N]] : tensor<i32>
// CHECK-NEXT:   %[[P:.*]] = hlo.add %[[R]], %[[N]] : tensor<i32>
// CHECK-NEXT:   %[[M:.*]] = hlo.remainder %[[P]], %[[N]] : tensor<i32>
// CHECK-NEXT:   %[[START:.*]] = hlo.subtract %[[N]], %[[M]] : tensor<i32>
// CHECK-NEXT:   %[[XX:.*]] = hlo.concatenate %x, %x, dim = 1 : (tensor<2x5xf32>, tensor<2x5xf32>) -> tensor<2x10xf32>
// CHECK-NEXT:   %[[Y:.*]] = hlo.dynamic_slice %[[XX]], %[[ZERO]], %[[START]], sizes = [2, 5]
// CHECK-NEXT:   func.return %[[Y]]
func.func @roll_run_time(%x: tensor<2x5xf32>, %s: tensor<i32>) -> tensor<2x5xf32> {
  %a = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.Roll"(%x, %s, %a) : (tensor<2x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x5xf32>
  func.return %0 : tensor<2x5xf32>
}

// -----

// DepthToSpace: depth split into (i, j, c), i and j moved next to the rows and columns.
// CHECK-LABEL: func.func @depth_to_space
// CHECK-NEXT:   %[[S:.*]] = hlo.reshape %x : (tensor<1x2x3x8xf32>) -> tensor<1x2x3x2x2x2xf32>
// CHECK-NEXT:   %[[T:.*]] = hlo.transpose %[[S]], dims = [0, 1, 3, 2, 4, 5] : (tensor<1x2x3x2x2x2xf32>) -> tensor<1x2x2x3x2x2xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.reshape %[[T]] : (tensor<1x2x2x3x2x2xf32>) -> tensor<1x4x6x2xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @depth_to_space(%x: tensor<1x2x3x8xf32>) -> tensor<1x4x6x2xf32> {
  %0 = "tf.DepthToSpace"(%x) <{block_size = 2 : i64, data_format = "NHWC"}> : (tensor<1x2x3x8xf32>) -> tensor<1x4x6x2xf32>
  func.return %0 : tensor<1x4x6x2xf32>
}

// -----

// LinSpace of computed bounds: start + iota * ((stop - start) / (num - 1)), the last value
// exactly stop (as TensorFlow's kernel); of constant bounds, a constant.
// CHECK-LABEL: func.func @linspace_computed
// CHECK-SAME: (%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>)
// CHECK-NEXT:   %[[START:.*]] = hlo.broadcast_in_dim %[[A]], dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:   %[[STOP:.*]] = hlo.broadcast_in_dim %[[B]], dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:   %[[N1:.*]] = hlo.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK-NEXT:   %[[SPAN:.*]] = hlo.subtract %[[STOP]], %[[START]] : tensor<4xf32>
// CHECK-NEXT:   %[[STEP:.*]] = hlo.divide %[[SPAN]], %[[N1]] : tensor<4xf32>
// CHECK-NEXT:   %[[I:.*]] = hlo.iota dim = 0 : tensor<4xf32>
// CHECK-NEXT:   %[[OFF:.*]] = hlo.multiply %[[I]], %[[STEP]] : tensor<4xf32>
// CHECK-NEXT:   %[[V:.*]] = hlo.add %[[START]], %[[OFF]] : tensor<4xf32>
// CHECK-NEXT:   %[[LAST:.*]] = hlo.compare EQ, %[[I]], %[[N1]], FLOAT
// CHECK-NEXT:   %[[R:.*]] = hlo.select %[[LAST]], %[[STOP]], %[[V]]
// CHECK-NEXT:   func.return %[[R]]
func.func @linspace_computed(%a: tensor<f32>, %b: tensor<f32>) -> tensor<4xf32> {
  %n = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.LinSpace"(%a, %b, %n) : (tensor<f32>, tensor<f32>, tensor<i32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @linspace_constant
// CHECK-NEXT:   %[[C:.*]] = hlo.constant dense<[1.000000e+00, 1.500000e+00, 2.000000e+00]> : tensor<3xf32>
// CHECK-NEXT:   func.return %[[C]]
func.func @linspace_constant() -> tensor<3xf32> {
  %a = "tf.Const"() <{value = dense<1.0> : tensor<f32>}> : () -> tensor<f32>
  %b = "tf.Const"() <{value = dense<2.0> : tensor<f32>}> : () -> tensor<f32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.LinSpace"(%a, %b, %n) : (tensor<f32>, tensor<f32>, tensor<i32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// ReverseSequence: a run-time check of the lengths, then a gather of single elements whose
// index along seq_dim is lengths[b] - 1 - j inside the sequence and j past it.
// CHECK-LABEL: func.func @reverse_sequence
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[N:.*]]: tensor<2xi32>)
// CHECK:        rt.check %{{.*}}, "node 'rev' (tf.ReverseSequence): seq length out of range [0, 4)" : tensor<i1>
// CHECK-NEXT:   %[[LEN:.*]] = hlo.broadcast_in_dim %[[N]], dims = [0] : (tensor<2xi32>) -> tensor<2x3xi32>
// CHECK-NEXT:   %[[B:.*]] = hlo.iota dim = 0 : tensor<2x3xi32>
// CHECK-NEXT:   %[[J:.*]] = hlo.iota dim = 1 : tensor<2x3xi32>
// CHECK-NEXT:   %[[ONE:.*]] = hlo.constant dense<1> : tensor<2x3xi32>
// CHECK-NEXT:   %[[LAST:.*]] = hlo.subtract %[[LEN]], %[[ONE]] : tensor<2x3xi32>
// CHECK-NEXT:   %[[MIRROR:.*]] = hlo.subtract %[[LAST]], %[[J]] : tensor<2x3xi32>
// CHECK-NEXT:   %[[IN:.*]] = hlo.compare LT, %[[J]], %[[LEN]], SIGNED
// CHECK-NEXT:   %[[SRC:.*]] = hlo.select %[[IN]], %[[MIRROR]], %[[J]]
// CHECK-NEXT:   %[[C0:.*]] = hlo.reshape %[[B]] : (tensor<2x3xi32>) -> tensor<2x3x1xi32>
// CHECK-NEXT:   %[[C1:.*]] = hlo.reshape %[[SRC]] : (tensor<2x3xi32>) -> tensor<2x3x1xi32>
// CHECK-NEXT:   %[[IDX:.*]] = hlo.concatenate %[[C0]], %[[C1]], dim = 2
// CHECK-NEXT:   %[[G:.*]] = "hlo.gather"(%[[X]], %[[IDX]]) <{dimension_numbers = #hlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<2x3xf32>, tensor<2x3x2xi32>) -> tensor<2x3xf32>
// CHECK-NEXT:   func.return %[[G]]
func.func @reverse_sequence(%x: tensor<2x3xf32>, %n: tensor<2xi32>) -> tensor<2x3xf32> {
  %0 = "tf.ReverseSequence"(%x, %n) <{seq_dim = 1 : i64, batch_dim = 0 : i64}> : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32> loc("rev")
  func.return %0 : tensor<2x3xf32>
}

// -----

// MatrixDiagV3 with k = -1 and both sizes -1: a square 4x4. Row i holds diagonal[i - 1] (the
// diagonal padded by one in front) where j - i = -1 (from two iotas: no mask constant of the
// matrix's size), the padding value elsewhere.
// CHECK-LABEL: func.func @matrix_diag_below
// CHECK-SAME: (%[[D:.*]]: tensor<3xf32>)
// CHECK-NEXT:   %[[P:.*]] = hlo.constant dense<9.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[ROW:.*]] = hlo.iota dim = 0 : tensor<4x4xi32>
// CHECK-NEXT:   %[[COL:.*]] = hlo.iota dim = 1 : tensor<4x4xi32>
// CHECK-NEXT:   %[[OFF:.*]] = hlo.subtract %[[COL]], %[[ROW]] : tensor<4x4xi32>
// CHECK-NEXT:   %[[K:.*]] = hlo.constant dense<-1> : tensor<4x4xi32>
// CHECK-NEXT:   %[[M:.*]] = hlo.compare EQ, %[[OFF]], %[[K]], SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
// CHECK-NEXT:   %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[R:.*]] = hlo.pad %[[D]], %[[Z]], low = [1], high = [0], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:   %[[S:.*]] = hlo.broadcast_in_dim %[[R]], dims = [0] : (tensor<4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT:   %[[F:.*]] = hlo.broadcast_in_dim %[[P]], dims = [] : (tensor<f32>) -> tensor<4x4xf32>
// CHECK-NEXT:   %[[Y:.*]] = hlo.select %[[M]], %[[S]], %[[F]] : tensor<4x4xi1>, tensor<4x4xf32>
// CHECK-NEXT:   func.return %[[Y]]
func.func @matrix_diag_below(%d: tensor<3xf32>) -> tensor<4x4xf32> {
  %k = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %r = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %p = "tf.Const"() <{value = dense<9.0> : tensor<f32>}> : () -> tensor<f32>
  %0 = "tf.MatrixDiagV3"(%d, %k, %r, %r, %p) : (tensor<3xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<4x4xf32>
  func.return %0 : tensor<4x4xf32>
}

// -----

// MatrixDiagPartV3 of k = [-1, -1] (one diagonal as a pair): the other elements become -0
// (the identity of a float sum, -0 included), each row is summed, rows 1..3 are the diagonal.
// CHECK-LABEL: func.func @matrix_diag_part
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xf32>)
// CHECK-NEXT:   %[[ROW:.*]] = hlo.iota dim = 0 : tensor<4x3xi32>
// CHECK-NEXT:   %[[COL:.*]] = hlo.iota dim = 1 : tensor<4x3xi32>
// CHECK-NEXT:   %[[OFF:.*]] = hlo.subtract %[[COL]], %[[ROW]] : tensor<4x3xi32>
// CHECK-NEXT:   %[[K:.*]] = hlo.constant dense<-1> : tensor<4x3xi32>
// CHECK-NEXT:   %[[M:.*]] = hlo.compare EQ, %[[OFF]], %[[K]], SIGNED : (tensor<4x3xi32>, tensor<4x3xi32>) -> tensor<4x3xi1>
// CHECK-NEXT:   %[[N:.*]] = hlo.constant dense<-0.000000e+00> : tensor<4x3xf32>
// CHECK-NEXT:   %[[K:.*]] = hlo.select %[[M]], %[[X]], %[[N]] : tensor<4x3xi1>, tensor<4x3xf32>
// CHECK-NEXT:   %[[I:.*]] = hlo.constant dense<-0.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[R:.*]] = hlo.reduce(%[[K]] init: %[[I]]) applies hlo.add across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:   %[[D:.*]] = hlo.slice %[[R]] [1:4] : (tensor<4xf32>) -> tensor<3xf32>
// CHECK-NEXT:   func.return %[[D]]
func.func @matrix_diag_part(%x: tensor<4x3xf32>) -> tensor<3xf32> {
  %k = "tf.Const"() <{value = dense<[-1, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %p = "tf.Const"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  %0 = "tf.MatrixDiagPartV3"(%x, %k, %p) : (tensor<4x3xf32>, tensor<2xi32>, tensor<f32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// MatrixSetDiagV3: the diagonal spread along its rows where j - i = k, the input elsewhere.
// CHECK-LABEL: func.func @matrix_set_diag
// CHECK-SAME: (%[[X:.*]]: tensor<3x3xi32>, %[[D:.*]]: tensor<3xi32>)
// CHECK-NEXT:   %[[ROW:.*]] = hlo.iota dim = 0 : tensor<3x3xi32>
// CHECK-NEXT:   %[[COL:.*]] = hlo.iota dim = 1 : tensor<3x3xi32>
// CHECK-NEXT:   %[[OFF:.*]] = hlo.subtract %[[COL]], %[[ROW]] : tensor<3x3xi32>
// CHECK-NEXT:   %[[K:.*]] = hlo.constant dense<0> : tensor<3x3xi32>
// CHECK-NEXT:   %[[M:.*]] = hlo.compare EQ, %[[OFF]], %[[K]], SIGNED : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi1>
// CHECK-NEXT:   %[[S:.*]] = hlo.broadcast_in_dim %[[D]], dims = [0] : (tensor<3xi32>) -> tensor<3x3xi32>
// CHECK-NEXT:   %[[Y:.*]] = hlo.select %[[M]], %[[S]], %[[X]] : tensor<3x3xi1>, tensor<3x3xi32>
// CHECK-NEXT:   func.return %[[Y]]
func.func @matrix_set_diag(%x: tensor<3x3xi32>, %d: tensor<3xi32>) -> tensor<3x3xi32> {
  %k = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.MatrixSetDiagV3"(%x, %d, %k) : (tensor<3x3xi32>, tensor<3xi32>, tensor<i32>) -> tensor<3x3xi32>
  func.return %0 : tensor<3x3xi32>
}

// -----

// Diag: the diagonal, flattened, spread along the rows of an [n, n] and selected on its
// diagonal (col - row == 0) against zeros, then shaped as the input twice. DiagPart: the input as [n, n],
// selected on its diagonal against 0 (-0 for floats) and summed along each row (one term a row).
// CHECK-LABEL: func.func @diag
// CHECK-SAME:    (%[[D:.*]]: tensor<2x3xf32>, %[[X:.*]]: tensor<2x2x2x2xi32>)
// CHECK:         %[[ROW:.*]] = hlo.iota dim = 0 : tensor<6x6xi32>
// CHECK-NEXT:   %[[COL:.*]] = hlo.iota dim = 1 : tensor<6x6xi32>
// CHECK-NEXT:   %[[OFF:.*]] = hlo.subtract %[[COL]], %[[ROW]] : tensor<6x6xi32>
// CHECK-NEXT:   %[[K:.*]] = hlo.constant dense<0> : tensor<6x6xi32>
// CHECK-NEXT:   %[[ON:.*]] = hlo.compare EQ, %[[OFF]], %[[K]], SIGNED : (tensor<6x6xi32>, tensor<6x6xi32>) -> tensor<6x6xi1>
// CHECK:         %[[FLAT:.*]] = hlo.reshape %[[D]] : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK:         %[[ROWS:.*]] = hlo.broadcast_in_dim %[[FLAT]], dims = [0] : (tensor<6xf32>) -> tensor<6x6xf32>
// CHECK:         %[[SEL:.*]] = hlo.select %[[ON]], %[[ROWS]], %{{.*}} : tensor<6x6xi1>, tensor<6x6xf32>
// CHECK:         hlo.reshape %[[SEL]] : (tensor<6x6xf32>) -> tensor<2x3x2x3xf32>
// CHECK:         %[[SQ:.*]] = hlo.reshape %[[X]] : (tensor<2x2x2x2xi32>) -> tensor<4x4xi32>
// CHECK:         %[[KEPT:.*]] = hlo.select %{{.*}}, %[[SQ]], %{{.*}} : tensor<4x4xi1>, tensor<4x4xi32>
// CHECK:         %[[SUM:.*]] = hlo.reduce(%[[KEPT]] init: %{{.*}}) applies hlo.add across dimensions = [1]
// CHECK:         hlo.reshape %[[SUM]] : (tensor<4xi32>) -> tensor<2x2xi32>
func.func @diag(%d: tensor<2x3xf32>, %x: tensor<2x2x2x2xi32>) -> (tensor<2x3x2x3xf32>, tensor<2x2xi32>) {
  %0 = "tf.Diag"(%d) : (tensor<2x3xf32>) -> tensor<2x3x2x3xf32>
  %1 = "tf.DiagPart"(%x) : (tensor<2x2x2x2xi32>) -> tensor<2x2xi32>
  func.return %0, %1 : tensor<2x3x2x3xf32>, tensor<2x2xi32>
}

// -----

// MatrixBandPart keeps -lower <= col - row <= upper: both bounds compared and and-ed; a negative
// bound keeps its whole side (one compare); both negative, the input itself.
// CHECK-LABEL: func.func @band_part
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK:         %[[ROW:.*]] = hlo.iota dim = 1 : tensor<2x3x4xi32>
// CHECK-NEXT:    %[[COL:.*]] = hlo.iota dim = 2 : tensor<2x3x4xi32>
// CHECK-NEXT:    %[[OFF:.*]] = hlo.subtract %[[COL]], %[[ROW]] : tensor<2x3x4xi32>
// CHECK-NEXT:    %[[LO:.*]] = hlo.constant dense<-1> : tensor<2x3x4xi32>
// CHECK-NEXT:    %[[GE:.*]] = hlo.compare GE, %[[OFF]], %[[LO]], SIGNED
// CHECK-NEXT:    %[[HI:.*]] = hlo.constant dense<2> : tensor<2x3x4xi32>
// CHECK-NEXT:    %[[LE:.*]] = hlo.compare LE, %[[OFF]], %[[HI]], SIGNED
// CHECK-NEXT:    %[[IN:.*]] = hlo.and %[[GE]], %[[LE]] : tensor<2x3x4xi1>
// CHECK-NEXT:    %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<2x3x4xf32>
// CHECK-NEXT:    %[[B:.*]] = hlo.select %[[IN]], %[[X]], %[[Z]]
// CHECK:         %[[UP:.*]] = hlo.compare LE, %{{.*}}, %{{.*}}, SIGNED
// CHECK-NOT:     hlo.and
// CHECK:         %[[U:.*]] = hlo.select %[[UP]], %[[X]], %{{.*}}
// CHECK-NEXT:    func.return %[[B]], %[[U]], %[[X]]
func.func @band_part(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %one = "tf.Const"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
  %two = "tf.Const"() <{value = dense<2> : tensor<i64>}> : () -> tensor<i64>
  %all = "tf.Const"() <{value = dense<-1> : tensor<i64>}> : () -> tensor<i64>
  %0 = "tf.MatrixBandPart"(%x, %one, %two) : (tensor<2x3x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3x4xf32>
  %1 = "tf.MatrixBandPart"(%x, %all, %one) : (tensor<2x3x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3x4xf32>
  %2 = "tf.MatrixBandPart"(%x, %all, %all) : (tensor<2x3x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3x4xf32>
  func.return %0, %1, %2 : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// -----

// MatrixDiagPartV3 of a band (k = [0, 1]): the matrix flattened, gathered at a constant table
// of flat indices, one row per diagonal from k1 down (superdiagonal 1 right-aligned, the main
// diagonal left-aligned: RIGHT_LEFT), padding_value where the table has no element.
// CHECK-LABEL: func.func @diag_part_band
// CHECK-SAME:    (%[[X:.*]]: tensor<3x3xf32>)
// CHECK:         %[[FLAT:.*]] = hlo.reshape %[[X]] : (tensor<3x3xf32>) -> tensor<9xf32>
// CHECK:         %[[IDS:.*]] = hlo.constant dense<{{\[\[}}0, 1, 5], [0, 4, 8]]> : tensor<2x3xi32>
// CHECK:         %[[G:.*]] = "hlo.gather"(%[[FLAT]], %[[IDS]])
// CHECK:         hlo.constant dense<{{\[\[}}false, true, true], [true, true, true]]> : tensor<2x3xi1>
// CHECK:         hlo.select %{{.*}}, %[[G]], %{{.*}} : tensor<2x3xi1>, tensor<2x3xf32>
func.func @diag_part_band(%x: tensor<3x3xf32>) -> tensor<2x3xf32> {
  %k = "tf.Const"() <{value = dense<[0, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %p = "tf.Const"() <{value = dense<7.0> : tensor<f32>}> : () -> tensor<f32>
  %0 = "tf.MatrixDiagPartV3"(%x, %k, %p) : (tensor<3x3xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}
