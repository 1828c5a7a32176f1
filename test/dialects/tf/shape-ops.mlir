// RUN: strata-opt %s | strata-opt --generic | strata-opt | filecheck %s

// CHECK-LABEL: func.func @shape_queries
func.func @shape_queries(%x: tensor<2x3xf32>) {
  // CHECK-NEXT: "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<2xi32>
  %0 = "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<2xi32>
  // CHECK-NEXT: "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<2xi64>
  %1 = "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<2xi64>
  // CHECK-NEXT: "tf.Size"(%x) : (tensor<2x3xf32>) -> tensor<i32>
  %2 = "tf.Size"(%x) : (tensor<2x3xf32>) -> tensor<i32>
  // CHECK-NEXT: "tf.Rank"(%x) : (tensor<2x3xf32>) -> tensor<i32>
  %3 = "tf.Rank"(%x) : (tensor<2x3xf32>) -> tensor<i32>
  func.return
}

// CHECK-LABEL: func.func @reshapes
func.func @reshapes(%x: tensor<2x1x3xf32>) {
  // CHECK-NEXT: %[[D:.*]] = "tf.Const"
  %d = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  // CHECK-NEXT: "tf.ExpandDims"(%x, %[[D]]) : (tensor<2x1x3xf32>, tensor<i32>) -> tensor<2x1x3x1xf32>
  %0 = "tf.ExpandDims"(%x, %d) : (tensor<2x1x3xf32>, tensor<i32>) -> tensor<2x1x3x1xf32>
  // CHECK-NEXT: "tf.Squeeze"(%x) <{squeeze_dims = array<i64: 1>}> : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
  %1 = "tf.Squeeze"(%x) <{squeeze_dims = array<i64: 1>}> : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: "tf.Squeeze"(%x) <{squeeze_dims = array<i64>}> : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
  %2 = "tf.Squeeze"(%x) : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
  func.return
}

// CHECK-LABEL: func.func @permutes
func.func @permutes(%x: tensor<2x3x4xf32>) {
  %p = "tf.Const"() <{value = dense<[2, 0, 1]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %a = "tf.Const"() <{value = dense<[0, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // CHECK: "tf.Transpose"(%x, %{{.*}}) : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<4x2x3xf32>
  %0 = "tf.Transpose"(%x, %p) : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<4x2x3xf32>
  // CHECK-NEXT: "tf.ReverseV2"(%x, %{{.*}}) : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<2x3x4xf32>
  %1 = "tf.ReverseV2"(%x, %a) : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<2x3x4xf32>
  func.return
}

// CHECK-LABEL: func.func @join_and_split
func.func @join_and_split(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>, %c: tensor<2x3xf32>) {
  %axis = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %sizes = "tf.Const"() <{value = dense<[1, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // CHECK: "tf.ConcatV2"(%a, %b, %{{.*}}) : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<i32>) -> tensor<2x4xf32>
  %0 = "tf.ConcatV2"(%a, %b, %axis) : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<i32>) -> tensor<2x4xf32>
  // CHECK-NEXT: "tf.Pack"(%a, %c) <{axis = -1 : i64}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3x2xf32>
  %1 = "tf.Pack"(%a, %c) <{axis = -1 : i64}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3x2xf32>
  // CHECK-NEXT: "tf.Unpack"(%a) <{num = 3 : i64, axis = 1 : i64}> : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %2:3 = "tf.Unpack"(%a) <{num = 3 : i64, axis = 1 : i64}> : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  // CHECK-NEXT: "tf.Split"(%{{.*}}, %a) <{num_split = 3 : i64}> : (tensor<i32>, tensor<2x3xf32>) -> (tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  %3:3 = "tf.Split"(%axis, %a) <{num_split = 3 : i64}> : (tensor<i32>, tensor<2x3xf32>) -> (tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  // CHECK-NEXT: "tf.SplitV"(%a, %{{.*}}, %{{.*}}) <{num_split = 2 : i64}> : (tensor<2x3xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<2x1xf32>, tensor<2x2xf32>)
  %4:2 = "tf.SplitV"(%a, %sizes, %axis) <{num_split = 2 : i64}> : (tensor<2x3xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<2x1xf32>, tensor<2x2xf32>)
  func.return
}

// CHECK-LABEL: func.func @slices
func.func @slices(%x: tensor<4x5xf32>) {
  %b = "tf.Const"() <{value = dense<[1, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "tf.Const"() <{value = dense<[2, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %e = "tf.Const"() <{value = dense<[0, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %st = "tf.Const"() <{value = dense<[1, -2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // CHECK: "tf.Slice"(%x, %{{.*}}, %{{.*}}) : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x5xf32>
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x5xf32>
  // x[1, ::-2]
  // CHECK-NEXT: "tf.StridedSlice"(%x, %{{.*}}, %{{.*}}, %{{.*}}) <{begin_mask = 2 : i64, end_mask = 2 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64}> : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3xf32>
  %1 = "tf.StridedSlice"(%x, %b, %e, %st) <{begin_mask = 2 : i64, end_mask = 2 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64}> : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3xf32>
  func.return
}

// CHECK-LABEL: func.func @pads
func.func @pads(%x: tensor<2x3xf32>, %v: tensor<f32>) {
  %p = "tf.Const"() <{value = dense<[[1, 0], [2, 1]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  // CHECK: "tf.Pad"(%x, %{{.*}}) : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<3x6xf32>
  %0 = "tf.Pad"(%x, %p) : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<3x6xf32>
  // CHECK-NEXT: "tf.PadV2"(%x, %{{.*}}, %v) : (tensor<2x3xf32>, tensor<2x2xi32>, tensor<f32>) -> tensor<3x6xf32>
  %1 = "tf.PadV2"(%x, %p, %v) : (tensor<2x3xf32>, tensor<2x2xi32>, tensor<f32>) -> tensor<3x6xf32>
  // CHECK-NEXT: "tf.MirrorPad"(%x, %{{.*}}) <{mode = "REFLECT"}> : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<3x6xf32>
  %2 = "tf.MirrorPad"(%x, %p) <{mode = "REFLECT"}> : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<3x6xf32>
  func.return
}

// CHECK-LABEL: func.func @fills
func.func @fills(%x: tensor<2x3xi32>, %v: tensor<f32>) {
  %m = "tf.Const"() <{value = dense<[2, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "tf.Const"() <{value = dense<[4, 2, 3]> : tensor<3xi32>}> : () -> tensor<3xi32>
  // CHECK: "tf.Tile"(%x, %{{.*}}) : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<4x3xi32>
  %0 = "tf.Tile"(%x, %m) : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<4x3xi32>
  // CHECK-NEXT: "tf.BroadcastTo"(%x, %{{.*}}) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<4x2x3xi32>
  %1 = "tf.BroadcastTo"(%x, %s) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<4x2x3xi32>
  // CHECK-NEXT: "tf.Fill"(%{{.*}}, %v) : (tensor<3xi32>, tensor<f32>) -> tensor<4x2x3xf32>
  %2 = "tf.Fill"(%s, %v) : (tensor<3xi32>, tensor<f32>) -> tensor<4x2x3xf32>
  // CHECK-NEXT: "tf.ZerosLike"(%x) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %3 = "tf.ZerosLike"(%x) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  // CHECK-NEXT: "tf.OnesLike"(%x) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %4 = "tf.OnesLike"(%x) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  func.return
}

// CHECK-LABEL: func.func @sequences
func.func @sequences(%i: tensor<3xi32>) {
  %s = "tf.Const"() <{value = dense<1.5> : tensor<f32>}> : () -> tensor<f32>
  %l = "tf.Const"() <{value = dense<-1.0> : tensor<f32>}> : () -> tensor<f32>
  %d = "tf.Const"() <{value = dense<-0.5> : tensor<f32>}> : () -> tensor<f32>
  %depth = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  // CHECK: "tf.Range"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<5xf32>
  %0 = "tf.Range"(%s, %l, %d) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<5xf32>
  // CHECK-NEXT: "tf.OneHot"(%i, %{{.*}}, %{{.*}}, %{{.*}}) <{axis = 0 : i64}> : (tensor<3xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<4x3xf32>
  %1 = "tf.OneHot"(%i, %depth, %s, %l) <{axis = 0 : i64}> : (tensor<3xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<4x3xf32>
  func.return
}
