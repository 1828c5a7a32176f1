// RUN: strata-translate %s --to-llvmir -O2 --triple x86_64-unknown-linux-gnu --cpu x86-64-v3 | filecheck %s

// A classifier's logits, 16x256 . 256x10 with constant weights: 10 columns make no register
// tile, so linalg-pack-weights transposes the weights and the kernel computes 160 dot products
// along k. LLVM keeps vector partial sums (multiply and add, fused into FMAs by the backend) and
// adds them horizontally once per dot product.
// CHECK-LABEL: define {{.*}}@main_kernel_0
// CHECK:         fmul contract <8 x float>
// CHECK:         fadd reassoc contract <8 x float>
// CHECK:         @llvm.vector.reduce.fadd
func.func @main(%x: tensor<16x256xf32>) -> tensor<16x10xf32> attributes {tf.entry_function = {inputs = "x", outputs = "y"}} {
  %w = hlo.constant dense<0.5> : tensor<256x10xf32>
  %0 = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x256xf32>, tensor<256x10xf32>) -> tensor<16x10xf32>
  func.return %0 : tensor<16x10xf32>
}
