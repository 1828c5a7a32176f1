// RUN: strata-translate %s --to-llvmir -O2 --triple x86_64-unknown-linux-gnu --cpu x86-64-v3 | filecheck %s

// A row sum (the innermost loop a float reduction, started from its initial value stored before
// it: linalg-fuse-fill) is `reassoc`: LLVM keeps vector partial sums in the loop and adds them
// horizontally once per row, instead of one serial add per element.
// CHECK-LABEL: define {{.*}}@main_kernel_0
// CHECK:         fadd reassoc <{{8|16}} x float>
// CHECK:         @llvm.vector.reduce.fadd
func.func @main(%x: tensor<64x1024xf32>) -> tensor<64xf32> attributes {tf.entry_function = {inputs = "x", outputs = "y"}} {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce(%x init: %c) applies hlo.add across dimensions = [1] : (tensor<64x1024xf32>, tensor<f32>) -> tensor<64xf32>
  func.return %0 : tensor<64xf32>
}
