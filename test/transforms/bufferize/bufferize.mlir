// RUN: strata-opt %s -p bufferize --split-input-file | filecheck %s

// Inputs then outputs as memref arguments, an i32 status result, and the entry ABI as JSON with
// the names from tf.entry_function. The constant becomes a 64-byte aligned memref.global named
// after its node; the first generic writes a temporary, the last one writes the output argument
// directly (its temporary is replaced, no copy).
// CHECK:       memref.global"() <{sym_name = "__constant_dense_kernel", type = memref<2x3xf32>, initial_value = dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>, sym_visibility = "private", constant, alignment = 64 : i64}>
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: memref<2x3xf32>, %[[B:.*]]: memref<3xf32>, %[[OUT:.*]]: memref<2x3xf32>) -> i32
// CHECK-SAME: strata.signature = "{\22entry\22:\22main\22,\22inputs\22:[{\22name\22:\22x\22,\22shape\22:[2,3],\22dtype\22:\22float32\22},{\22name\22:\22bias\22,\22shape\22:[3],\22dtype\22:\22float32\22}],\22outputs\22:[{\22name\22:\22out\22,\22shape\22:[2,3],\22dtype\22:\22float32\22}]
// CHECK-NEXT:   %[[W:.*]] = memref.get_global @__constant_dense_kernel : memref<2x3xf32>
// CHECK-NEXT:   %[[TMP:.*]] = memref.alloc() : memref<2x3xf32>
// CHECK-NEXT:   linalg.generic {{.*}} ins(%[[X]], %[[W]] : memref<2x3xf32>, memref<2x3xf32>) outs(%[[TMP]] : memref<2x3xf32>) {
// CHECK:          arith.mulf
// CHECK:        linalg.generic {{.*}} ins(%[[TMP]], %[[B]] : memref<2x3xf32>, memref<3xf32>) outs(%[[OUT]] : memref<2x3xf32>) {
// CHECK:          arith.addf
// CHECK:        %[[OK:.*]] = arith.constant 0 : i32
// CHECK-NEXT:   func.return %[[OK]] : i32
// CHECK-NOT:  memref.copy
// CHECK-NOT:  tensor
func.func @main(%x: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> attributes {tf.entry_function = {inputs = "x,bias", outputs = "out"}} {
  %w = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32> loc("dense/kernel")
  %e0 = tensor.empty() : tensor<2x3xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %w : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e0 : tensor<2x3xf32>) {
  ^bb0(%a: f32, %c: f32, %out: f32):
    %s = arith.mulf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  %e1 = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t, %b : tensor<2x3xf32>, tensor<3xf32>) outs(%e1 : tensor<2x3xf32>) {
  ^bb0(%a: f32, %c: f32, %out: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}

// -----

// Without tf.entry_function the ABI names are arg<i> / output<i>. Returning an input argument
// copies it into the output buffer.
// CHECK-LABEL: func.func @return_input
// CHECK-SAME: (%[[X:.*]]: memref<4xf32>, %[[OUT:.*]]: memref<4xf32>) -> i32
// CHECK-SAME: strata.signature = "{\22entry\22:\22return_input\22,\22inputs\22:[{\22name\22:\22arg0\22,\22shape\22:[4],\22dtype\22:\22float32\22}],\22outputs\22:[{\22name\22:\22output0\22,
// CHECK-NEXT:   "memref.copy"(%[[X]], %[[OUT]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:   %[[OK:.*]] = arith.constant 0 : i32
// CHECK-NEXT:   func.return %[[OK]] : i32
func.func @return_input(%x: tensor<4xf32>) -> tensor<4xf32> {
  func.return %x : tensor<4xf32>
}

// -----

// Reshapes become views of the same buffer; a view is not a whole temporary, so it is copied out.
// CHECK-LABEL: func.func @reshape
// CHECK-SAME: (%[[X:.*]]: memref<2x3xf32>, %[[OUT:.*]]: memref<3x2xf32>) -> i32
// CHECK-NEXT:   %[[FLAT:.*]] = memref.collapse_shape %[[X]] {{\[}}[0 : i64, 1 : i64]] : memref<2x3xf32> into memref<6xf32>
// CHECK-NEXT:   %[[R:.*]] = memref.expand_shape %[[FLAT]] {{\[}}[0 : i64, 1 : i64]] output_shape [3, 2] : memref<6xf32> into memref<3x2xf32>
// CHECK-NEXT:   "memref.copy"(%[[R]], %[[OUT]])
func.func @reshape(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = tensor.collapse_shape %x [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
  func.return %1 : tensor<3x2xf32>
}

// -----

// A fill generic initialises the temporary that the reduction then updates in place; the
// reduction's temporary is the output argument. Scalars captured by a body stay scalars.
// CHECK-LABEL: func.func @reduce
// CHECK-SAME: (%[[X:.*]]: memref<2x3xf32>, %[[OUT:.*]]: memref<2xf32>) -> i32
// CHECK-NEXT:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   linalg.generic {{.*}} outs(%[[OUT]] : memref<2xf32>) {
// CHECK-NEXT:   ^bb0(%{{.*}}: f32):
// CHECK-NEXT:     linalg.yield %[[ZERO]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   linalg.generic {{.*}} ins(%[[X]] : memref<2x3xf32>) outs(%[[OUT]] : memref<2xf32>) {
// CHECK-NOT:  memref.alloc
func.func @reduce(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %fill = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<2xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  } -> tensor<2xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x3xf32>) outs(%fill : tensor<2xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %acc, %v : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  func.return %sum : tensor<2xf32>
}
