// RUN: strata-opt %s -p tf-fold-constants --split-input-file --print-debuginfo | filecheck %s

// A chain of constant ops becomes one tf.Const at the last op's location; the dead inputs go.
// CHECK-LABEL: func.func @dense
// CHECK-NEXT:    %[[C:.*]] = "tf.Const"() <{value = dense<{{\[\[}}7.000000e+00, 0.000000e+00], [1.600000e+01, 0.000000e+00]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32> loc("relu")
// CHECK-NEXT:    func.return %[[C]] : tensor<2x2xf32>
func.func @dense() -> tensor<2x2xf32> {
  %a = "tf.Const"() <{value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>}> : () -> tensor<2x3xf32> loc("a")
  %w = "tf.Const"() <{value = dense<[[1.0, 0.0], [0.0, -1.0], [2.0, 0.0]]> : tensor<3x2xf32>}> : () -> tensor<3x2xf32> loc("w")
  %b = "tf.Const"() <{value = dense<[0.0, 1.0]> : tensor<2xf32>}> : () -> tensor<2xf32> loc("b")
  %0 = "tf.MatMul"(%a, %w) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32> loc("mm")
  %1 = "tf.BiasAdd"(%0, %b) : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32> loc("bias")
  %2 = "tf.Relu"(%1) : (tensor<2x2xf32>) -> tensor<2x2xf32> loc("relu")
  func.return %2 : tensor<2x2xf32>
}

// -----

// Transposes, elementwise ops with broadcasting, Reshape and Cast: [0.75, -5.5, 0.375, -8.5]
// truncates toward zero.
// CHECK-LABEL: func.func @ops
// CHECK-NEXT:    %[[T:.*]] = "tf.Const"() <{value = dense<{{\[\[}}1.000000e+01, 1.400000e+01], [1.400000e+01, 2.000000e+01]]> : tensor<2x2xf32>}> {{.*}} loc("mm_t")
// CHECK-NEXT:    %[[E:.*]] = "tf.Const"() <{value = dense<{{\[\[}}2.000000e+00, 8.000000e+00], [6.000000e+00, 1.600000e+01]]> : tensor<2x2xf32>}> {{.*}} loc("mul")
// CHECK-NEXT:    %[[R:.*]] = "tf.Const"() <{value = dense<[0, -5, 0, -8]> : tensor<4xi32>}> {{.*}} loc("cast")
// CHECK-NEXT:    %[[D:.*]] = "tf.Const"() <{value = dense<[-2, -1]> : tensor<2xi64>}> {{.*}} loc("neg")
// CHECK-NEXT:    func.return %[[T]], %[[E]], %[[R]], %[[D]]
func.func @ops() -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<4xi32>, tensor<2xi64>) {
  %a = "tf.Const"() <{value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %k = "tf.Const"() <{value = dense<[2.0, 4.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %s = "tf.Const"() <{value = dense<[-1]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %i = "tf.Const"() <{value = dense<[2, 1]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %0 = "tf.MatMul"(%a, %a) <{transpose_a = true, transpose_b = false}> : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32> loc("mm_t")
  %1 = "tf.Mul"(%a, %k) : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32> loc("mul")
  %2 = "tf.Reshape"(%a, %s) : (tensor<2x2xf32>, tensor<1xi32>) -> tensor<4xf32> loc("flat")
  %f = "tf.Const"() <{value = dense<[1.75, -1.75, 1.125, -1.125]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %3 = "tf.Mul"(%2, %f) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("scale")
  %4 = "tf.RealDiv"(%3, %f) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("div")
  %5 = "tf.Sub"(%3, %4) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("sub")
  %7 = "tf.Cast"(%5) : (tensor<4xf32>) -> tensor<4xi32> loc("cast")
  %8 = "tf.Neg"(%i) : (tensor<2xi64>) -> tensor<2xi64> loc("neg")
  func.return %0, %1, %7, %8 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<4xi32>, tensor<2xi64>
}

// -----

// Identity, StopGradient and IdentityN forward their operands; ops with a non-constant operand
// stay. A folded value more static than the op's result refines the types downstream.
// CHECK-LABEL: func.func @partial
// CHECK-SAME:    (%[[X:[0-9a-z_]+]]: tensor<2xf32> loc(unknown)) -> (tensor<2xf32>, tensor<2xf32>)
// CHECK-NEXT:    %[[C:.*]] = "tf.Const"() <{value = dense<[1.000000e+00, 4.000000e+00]> : tensor<2xf32>}> : () -> tensor<2xf32> loc("square")
// CHECK-NEXT:    %[[ADD:.*]] = "tf.AddV2"(%[[X]], %[[C]]) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32> loc("add")
// CHECK-NEXT:    func.return %[[ADD]], %[[X]] : tensor<2xf32>, tensor<2xf32>
func.func @partial(%x: tensor<2xf32>) -> (tensor<?xf32>, tensor<2xf32>) {
  %c = "tf.Const"() <{value = dense<[1.0, -2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %0 = "tf.Identity"(%c) : (tensor<2xf32>) -> tensor<?xf32> loc("id")
  %1 = "tf.Square"(%0) : (tensor<?xf32>) -> tensor<?xf32> loc("square")
  %2 = "tf.StopGradient"(%1) : (tensor<?xf32>) -> tensor<?xf32> loc("sg")
  %3 = "tf.AddV2"(%x, %2) : (tensor<2xf32>, tensor<?xf32>) -> tensor<?xf32> loc("add")
  %4:2 = "tf.IdentityN"(%3, %x) : (tensor<?xf32>, tensor<2xf32>) -> (tensor<?xf32>, tensor<2xf32>) loc("idn")
  func.return %4#0, %4#1 : tensor<?xf32>, tensor<2xf32>
}

// -----

// A clamp whose upper bound is at or below its lower one has one value, whatever x:
// tf.math.bincount's size min(maxlength, max(minlength, max(x) + 1)) with minlength ==
// maxlength (Keras CategoryEncoding). A clamp with room between its bounds stays.
// CHECK-LABEL: func.func @clamp_to_one_value
// CHECK:        %[[HI:.*]] = "tf.Const"() <{value = dense<7> : tensor<i32>}>
// CHECK:        %[[B:.*]] = "tf.Maximum"
// CHECK-NEXT:   %[[R:.*]] = "tf.Minimum"(%[[B]], %[[HI]])
// CHECK-NEXT:   func.return %[[HI]], %[[R]]
func.func @clamp_to_one_value(%x: tensor<5xi32>) -> (tensor<i32>, tensor<i32>) {
  %hi = "tf.Const"() <{value = dense<7> : tensor<i32>}> : () -> tensor<i32>
  %lo = "tf.Const"() <{value = dense<7> : tensor<i32>}> : () -> tensor<i32>
  %axis = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %m = "tf.Max"(%x, %axis) <{keep_dims = false}> : (tensor<5xi32>, tensor<i32>) -> tensor<i32>
  %a = "tf.Maximum"(%lo, %m) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %0 = "tf.Minimum"(%hi, %a) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %lo2 = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %b = "tf.Maximum"(%m, %lo2) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %1 = "tf.Minimum"(%b, %hi) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  func.return %0, %1 : tensor<i32>, tensor<i32>
}

// -----

// Shape arithmetic of a graph traced with a None dim, once tf-shape-inference knows the shape:
// tf.tensordot's GatherV2 of the shape (every Keras Dense on a rank-3 input), tf.gather_nd's
// Unpack of a constant shape, tf.signal.frame's SplitV (a -1 size takes the rest), tf.linspace's
// BroadcastArgs and SelectV2. A multi-result op becomes one tf.Const per result.
// CHECK-LABEL: func.func @shape_math
// CHECK-NEXT:    %[[G:.*]] = "tf.Const"() <{value = dense<[2, 16]> : tensor<2xi32>}> {{.*}} loc("gather")
// CHECK-NEXT:    %[[U:.*]] = "tf.Const"() <{value = dense<16> : tensor<i32>}> {{.*}} loc("unpack")
// CHECK-NEXT:    %[[S:.*]] = "tf.Const"() <{value = dense<[16, 8]> : tensor<2xi32>}> {{.*}} loc("split")
// CHECK-NEXT:    %[[O:.*]] = "tf.Const"() <{value = dense<16> : tensor<i32>}> {{.*}} loc("gather_old")
// CHECK-NEXT:    %[[B:.*]] = "tf.Const"() <{value = dense<[2, 16, 8]> : tensor<3xi32>}> {{.*}} loc("broadcast_args")
// CHECK-NEXT:    %[[W:.*]] = "tf.Const"() <{value = dense<[2, 1]> : tensor<2xi32>}> {{.*}} loc("select")
// CHECK-NEXT:    func.return %[[G]], %[[U]], %[[S]], %[[O]], %[[B]], %[[W]]
func.func @shape_math() -> (tensor<2xi32>, tensor<i32>, tensor<2xi32>, tensor<i32>, tensor<3xi32>, tensor<2xi32>) {
  %shape = "tf.Const"() <{value = dense<[2, 16, 8]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %free = "tf.Const"() <{value = dense<[0, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %axis = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %sizes = "tf.Const"() <{value = dense<[1, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %g = "tf.GatherV2"(%shape, %free, %axis) <{batch_dims = 0 : i64}> : (tensor<3xi32>, tensor<2xi32>, tensor<i32>) -> tensor<2xi32> loc("gather")
  %u:3 = "tf.Unpack"(%shape) <{num = 3 : i64, axis = 0 : i64}> : (tensor<3xi32>) -> (tensor<i32>, tensor<i32>, tensor<i32>) loc("unpack")
  %s:2 = "tf.SplitV"(%shape, %sizes, %axis) <{num_split = 2 : i64}> : (tensor<3xi32>, tensor<2xi32>, tensor<i32>) -> (tensor<1xi32>, tensor<2xi32>) loc("split")
  %o = "tf.Gather"(%shape, %one) : (tensor<3xi32>, tensor<i32>) -> tensor<i32> loc("gather_old")
  %col = "tf.Const"() <{value = dense<[16, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %b = "tf.BroadcastArgs"(%col, %shape) : (tensor<2xi32>, tensor<3xi32>) -> tensor<3xi32> loc("broadcast_args")
  %yes = "tf.Const"() <{value = dense<[true, false]> : tensor<2xi1>}> : () -> tensor<2xi1>
  %w = "tf.SelectV2"(%yes, %g, %col) : (tensor<2xi1>, tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32> loc("select")
  func.return %g, %u#1, %s#1, %o, %b, %w : tensor<2xi32>, tensor<i32>, tensor<2xi32>, tensor<i32>, tensor<3xi32>, tensor<2xi32>
}

// -----

// tf.All / tf.Any of constant flags (raw_rnn's `all(time >= lengths)`, which a kept loop's
// counters run at import) fold like the other reductions.
// CHECK-LABEL: func.func @flags
// CHECK-NEXT:    %[[A:.*]] = "tf.Const"() <{value = dense<false> : tensor<i1>}>
// CHECK-NEXT:    %[[Y:.*]] = "tf.Const"() <{value = dense<[true, false]> : tensor<2xi1>}>
// CHECK-NEXT:    func.return %[[A]], %[[Y]]
func.func @flags() -> (tensor<i1>, tensor<2xi1>) {
  %f = "tf.Const"() <{value = dense<[[true, false], [true, false]]> : tensor<2x2xi1>}> : () -> tensor<2x2xi1>
  %all_axes = "tf.Const"() <{value = dense<[0, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %rows = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %a = "tf.All"(%f, %all_axes) <{keep_dims = false}> : (tensor<2x2xi1>, tensor<2xi32>) -> tensor<i1>
  %y = "tf.Any"(%f, %rows) <{keep_dims = false}> : (tensor<2x2xi1>, tensor<i32>) -> tensor<2xi1>
  func.return %a, %y : tensor<i1>, tensor<2xi1>
}

// -----

// tf.ShapeN of static tensors folds to one constant per result, whatever their values.
// CHECK-LABEL: func.func @shape_n
// CHECK-NEXT:    %[[A:.*]] = "tf.Const"() <{value = dense<[2, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
// CHECK-NEXT:    %[[R:.*]] = "tf.Reshape"(%{{.*}}, %[[A]])
// CHECK-NEXT:    %[[D:.*]] = "tf.Const"() <{value = dense<6> : tensor<1xi64>}> : () -> tensor<1xi64>
// CHECK-NEXT:    func.return %[[R]], %[[D]]
func.func @shape_n(%x: tensor<2x3xf32>, %y: tensor<6xf32>) -> (tensor<2x3xf32>, tensor<1xi64>) {
  %a, %b = "tf.ShapeN"(%x, %y) : (tensor<2x3xf32>, tensor<6xf32>) -> (tensor<2xi32>, tensor<1xi32>)
  %r = "tf.Reshape"(%y, %a) : (tensor<6xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %c, %d = "tf.ShapeN"(%x, %y) {out_type = i64} : (tensor<2x3xf32>, tensor<6xf32>) -> (tensor<2xi64>, tensor<1xi64>)
  func.return %r, %d : tensor<2x3xf32>, tensor<1xi64>
}
