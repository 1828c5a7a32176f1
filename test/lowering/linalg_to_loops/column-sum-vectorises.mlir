// RUN: strata-opt %s -p "convert-hlo-to-linalg,linalg-fuse-elementwise,bufferize,buffer-assign,linalg-outline-kernels,convert-linalg-to-loops{vector-bits=256 vector-registers=16}" | filecheck %s --check-prefix=LOOPS
// RUN: strata-translate %s --to-llvmir -O2 --triple x86_64-unknown-linux-gnu --cpu x86-64-v3 | filecheck %s

// A column sum (the reduced dim outermost, the kept dim innermost) loops in the input's order:
// the columns are tiled like a contraction's (n_outer, the reduction, n_inner), so a tile of
// column sums stays in vector registers down the rows, and the outer loop over column blocks
// may run on threads. The adds stay in order (no `reassoc`, no horizontal add): each column
// is summed row after row, as before.
// LOOPS-LABEL: func.func private @main_kernel_1
// LOOPS:         scf.for %[[N:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// LOOPS:           scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// LOOPS:             scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// LOOPS:               %[[COL:.*]] = arith.addi %[[N]], %[[J]] : index
// LOOPS:               memref.load %{{.*}}[%[[R]], %[[COL]]] : memref<1024x512xf32>
// LOOPS:               arith.addf
// LOOPS:               memref.store %{{.*}}, %{{.*}}[%[[COL]]] : memref<512xf32>
// LOOPS:         } {strata.parallel}
// CHECK-LABEL: define {{.*}}@main_kernel_0
// CHECK-NOT:     reassoc
// CHECK:         fadd <8 x float>
// CHECK-NOT:     @llvm.vector.reduce.fadd
func.func @main(%x: tensor<1024x512xf32>) -> tensor<512xf32> attributes {tf.entry_function = {inputs = "x", outputs = "y"}} {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce(%x init: %c) applies hlo.add across dimensions = [0] : (tensor<1024x512xf32>, tensor<f32>) -> tensor<512xf32>
  func.return %0 : tensor<512xf32>
}
