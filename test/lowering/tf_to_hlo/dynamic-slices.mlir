// RUN: strata-opt %s -p convert-tf-to-hlo --split-input-file | filecheck %s

// Slices at a position known only at run time: an rt.check fails the call where TensorFlow
// raises (hlo.dynamic_slice would clamp), then hlo.dynamic_slice at the position.

// Slice at a run-time begin, constant sizes: a dynamic_slice of the begin's elements, each
// checked in [0, dim - size].
// CHECK-LABEL: func.func @slice_run_time
// CHECK-NEXT:   %[[B0:.*]] = hlo.slice %begin [0:1] : (tensor<2xi32>) -> tensor<1xi32>
// CHECK-NEXT:   %[[S0:.*]] = hlo.reshape %[[B0]] : (tensor<1xi32>) -> tensor<i32>
// CHECK-NEXT:   %[[B1:.*]] = hlo.slice %begin [1:2] : (tensor<2xi32>) -> tensor<1xi32>
// CHECK-NEXT:   %[[S1:.*]] = hlo.reshape %[[B1]] : (tensor<1xi32>) -> tensor<i32>
// CHECK-NEXT:   %[[H0:.*]] = hlo.constant dense<3> : tensor<i32>
// CHECK-NEXT:   %[[HI0:.*]] = hlo.compare GE, %[[S0]], %[[H0]], SIGNED
// CHECK-NEXT:   %[[L0:.*]] = hlo.constant dense<0> : tensor<i32>
// CHECK-NEXT:   %[[LO0:.*]] = hlo.compare LT, %[[S0]], %[[L0]], SIGNED
// CHECK-NEXT:   %[[BAD0:.*]] = hlo.or %[[LO0]], %[[HI0]] : tensor<i1>
// CHECK-NEXT:   rt.check %[[BAD0]], "node 'Slice' (tf.Slice): begin[0] out of range [0, 3)" : tensor<i1>
// CHECK:        rt.check %{{.*}}, "node 'Slice' (tf.Slice): begin[1] out of range [0, 4)" : tensor<i1>
// CHECK-NEXT:   %[[Y:.*]] = hlo.dynamic_slice %x, %[[S0]], %[[S1]], sizes = [2, 3] : (tensor<4x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
// CHECK-NEXT:   func.return %[[Y]]
func.func @slice_run_time(%x: tensor<4x6xf32>, %begin: tensor<2xi32>) -> tensor<2x3xf32> {
  %s = "tf.Const"() <{value = dense<[2, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.Slice"(%x, %begin, %s) : (tensor<4x6xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x3xf32> loc("Slice")
  func.return %0 : tensor<2x3xf32>
}

// -----

// tf.slice(x, [i, 1], [2, -1]): the packed scalars are the starts; only the run-time one is
// checked; -1 (to the end) where the begin is a constant.
// CHECK-LABEL: func.func @slice_packed_begin
// CHECK-SAME:    (%[[X:.*]]: tensor<6x5xf32>, %[[I:.*]]: tensor<i32>)
// CHECK:         %[[ONE:.*]] = hlo.constant dense<1> : tensor<i32>
// CHECK:         rt.check %{{.*}}, "node 'Slice' (tf.Slice): begin[0] out of range [0, 5)" : tensor<i1>
// CHECK-NOT:     rt.check
// CHECK:         %[[Y:.*]] = hlo.dynamic_slice %[[X]], %[[I]], %[[ONE]], sizes = [2, 4] : (tensor<6x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
// CHECK-NEXT:    func.return %[[Y]]
func.func @slice_packed_begin(%x: tensor<6x5xf32>, %i: tensor<i32>) -> tensor<2x4xf32> {
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %b = "tf.Pack"(%i, %one) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  %s = "tf.Const"() <{value = dense<[2, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<6x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x4xf32> loc("Slice")
  func.return %0 : tensor<2x4xf32>
}

// -----

// x[i, 2:5] as TensorFlow builds it (begin = Pack(i, 2), end = Pack(i + 1, 5)): the index is
// checked in [-7, 7) and counted from the end when negative, the row taken by a dynamic_slice
// of size 1, then the constant range sliced and the indexed dim dropped.
// CHECK-LABEL: func.func @index_and_range
// CHECK-SAME:    (%[[X:.*]]: tensor<7x6xf32>, %[[I:.*]]: tensor<i32>)
// CHECK:         %[[ZERO:.*]] = hlo.constant dense<0> : tensor<i32>
// CHECK-NEXT:    %[[NEG_N:.*]] = hlo.constant dense<-7> : tensor<i32>
// CHECK-NEXT:    %[[BELOW:.*]] = hlo.compare LT, %[[I]], %[[NEG_N]], SIGNED
// CHECK-NEXT:    %[[N:.*]] = hlo.constant dense<7> : tensor<i32>
// CHECK-NEXT:    %[[ABOVE:.*]] = hlo.compare GE, %[[I]], %[[N]], SIGNED
// CHECK-NEXT:    %[[BAD:.*]] = hlo.or %[[BELOW]], %[[ABOVE]] : tensor<i1>
// CHECK-NEXT:    rt.check %[[BAD]], "node 'strided_slice' (tf.StridedSlice): index of dim 0 out of range [-7, 7)" : tensor<i1>
// CHECK-NEXT:    %[[NEG:.*]] = hlo.compare LT, %[[I]], %[[ZERO]], SIGNED
// CHECK-NEXT:    %[[N2:.*]] = hlo.constant dense<7> : tensor<i32>
// CHECK-NEXT:    %[[FROM_END:.*]] = hlo.add %[[I]], %[[N2]] : tensor<i32>
// CHECK-NEXT:    %[[AT:.*]] = hlo.select %[[NEG]], %[[FROM_END]], %[[I]] : tensor<i1>, tensor<i32>
// CHECK-NEXT:    %[[ROW:.*]] = hlo.dynamic_slice %[[X]], %[[AT]], %[[ZERO]], sizes = [1, 6] : (tensor<7x6xf32>, tensor<i32>, tensor<i32>) -> tensor<1x6xf32>
// CHECK-NEXT:    %[[PART:.*]] = hlo.slice %[[ROW]] [0:1, 2:5] : (tensor<1x6xf32>) -> tensor<1x3xf32>
// CHECK-NEXT:    %[[Y:.*]] = hlo.reshape %[[PART]] : (tensor<1x3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    func.return %[[Y]]
func.func @index_and_range(%x: tensor<7x6xf32>, %i: tensor<i32>) -> tensor<3xf32> {
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %i1 = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %c2 = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %c5 = "tf.Const"() <{value = dense<5> : tensor<i32>}> : () -> tensor<i32>
  %b = "tf.Pack"(%i, %c2) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  %e = "tf.Pack"(%i1, %c5) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) <{begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64}> : (tensor<7x6xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3xf32> loc("strided_slice")
  func.return %0 : tensor<3xf32>
}

// -----

// x[i] of a vector: the index is the one packed scalar; no static slice is left.
// CHECK-LABEL: func.func @index_vector
// CHECK-SAME:    (%[[X:.*]]: tensor<7xf32>, %[[I:.*]]: tensor<i64>)
// CHECK:         rt.check %{{.*}}, "node 'strided_slice' (tf.StridedSlice): index of dim 0 out of range [-7, 7)" : tensor<i1>
// CHECK:         %[[AT:.*]] = hlo.select %{{.*}}, %{{.*}}, %[[I]] : tensor<i1>, tensor<i64>
// CHECK-NEXT:    %[[ONE:.*]] = hlo.dynamic_slice %[[X]], %[[AT]], sizes = [1] : (tensor<7xf32>, tensor<i64>) -> tensor<1xf32>
// CHECK-NEXT:    %[[Y:.*]] = hlo.reshape %[[ONE]] : (tensor<1xf32>) -> tensor<f32>
// CHECK-NEXT:    func.return %[[Y]]
func.func @index_vector(%x: tensor<7xf32>, %i: tensor<i64>) -> tensor<f32> {
  %one = "tf.Const"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
  %i1 = "tf.AddV2"(%i, %one) : (tensor<i64>, tensor<i64>) -> tensor<i64>
  %b = "tf.Pack"(%i) <{axis = 0 : i64}> : (tensor<i64>) -> tensor<1xi64>
  %e = "tf.Pack"(%i1) <{axis = 0 : i64}> : (tensor<i64>) -> tensor<1xi64>
  %s = "tf.Const"() <{value = dense<1> : tensor<1xi64>}> : () -> tensor<1xi64>
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) <{begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64}> : (tensor<7xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<f32> loc("strided_slice")
  func.return %0 : tensor<f32>
}

// -----

// x[:, i] with begin and end from outside (not packed here): the index is sliced out of begin;
// the whole first dim needs no static slice.
// CHECK-LABEL: func.func @column
// CHECK-SAME:    (%[[X:.*]]: tensor<4x6xf32>, %[[B:.*]]: tensor<2xi32>, %[[E:.*]]: tensor<2xi32>)
// CHECK:         %[[B1:.*]] = hlo.slice %[[B]] [1:2] : (tensor<2xi32>) -> tensor<1xi32>
// CHECK-NEXT:    %[[I:.*]] = hlo.reshape %[[B1]] : (tensor<1xi32>) -> tensor<i32>
// CHECK:         rt.check %{{.*}}, "node 'strided_slice' (tf.StridedSlice): index of dim 1 out of range [-6, 6)" : tensor<i1>
// CHECK:         %[[AT:.*]] = hlo.select %{{.*}}, %{{.*}}, %[[I]] : tensor<i1>, tensor<i32>
// CHECK-NEXT:    %[[COL:.*]] = hlo.dynamic_slice %[[X]], %{{.*}}, %[[AT]], sizes = [4, 1] : (tensor<4x6xf32>, tensor<i32>, tensor<i32>) -> tensor<4x1xf32>
// CHECK-NEXT:    %[[Y:.*]] = hlo.reshape %[[COL]] : (tensor<4x1xf32>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[Y]]
func.func @column(%x: tensor<4x6xf32>, %b: tensor<2xi32>, %e: tensor<2xi32>) -> tensor<4xf32> {
  %s = "tf.Const"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) <{begin_mask = 1 : i64, end_mask = 1 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 2 : i64}> : (tensor<4x6xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4xf32> loc("strided_slice")
  func.return %0 : tensor<4xf32>
}
