// RUN: strata-opt %s -p tf-shape-inference --split-input-file | filecheck %s

// A slice's position known only at run time leaves its result shape static: tf.Slice with
// constant sizes (-1 where that dim's begin is a constant), tf.StridedSlice indexing a dim at a
// run-time index (the other dims' bounds constant or masked; an end that only a shrunk or
// masked dim reads may be a run-time value too), so the ops after them see static shapes.
// CHECK-LABEL: func.func @run_time_positions
// CHECK-SAME:    -> (tensor<3xf32>, tensor<3x4xf32>, tensor<7xf32>)
// CHECK:         "tf.StridedSlice"{{.*}} -> tensor<3xf32>
// CHECK:         %[[S:.*]] = "tf.Slice"{{.*}} -> tensor<3x4xf32>
// CHECK:         "tf.Relu"(%[[S]]) : (tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK:         "tf.StridedSlice"{{.*}} -> tensor<7xf32>
func.func @run_time_positions(%x: tensor<7x6xf32>, %i: tensor<i32>, %b: tensor<2xi32>) -> (tensor<?xf32>, tensor<?x?xf32>, tensor<?xf32>) {
  %c2 = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %c5 = "tf.Const"() <{value = dense<5> : tensor<i32>}> : () -> tensor<i32>
  %begin = "tf.Pack"(%i, %c2) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  %end = "tf.Pack"(%i, %c5) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.StridedSlice"(%x, %begin, %end, %s) <{shrink_axis_mask = 1 : i64}> : (tensor<7x6xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?xf32>
  %n = "tf.Const"() <{value = dense<[3, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %1 = "tf.Slice"(%x, %begin, %n) : (tensor<7x6xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  %2 = "tf.Relu"(%1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %m = "tf.Const"() <{value = dense<[0, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %3 = "tf.StridedSlice"(%x, %m, %b, %s) <{end_mask = 1 : i64, shrink_axis_mask = 2 : i64}> : (tensor<7x6xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?xf32>
  func.return %0, %2, %3 : tensor<?xf32>, tensor<?x?xf32>, tensor<?xf32>
}
