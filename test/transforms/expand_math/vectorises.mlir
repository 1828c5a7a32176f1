// RUN: strata-translate %s --to-llvmir -O2 --triple x86_64-unknown-linux-gnu --cpu x86-64-v3 | filecheck %s --check-prefix=AVX2

// After expand-math a loop over log1p and tanh vectorises (8 lanes for AVX2, or 16: two 256-bit
// registers per value, when LLVM's cost model prefers that to interleaving), its polynomials are
// vector FMAs (x86-64-v3 has FMA), and no libm call or scalar intrinsic is left in it.
// AVX2-LABEL:   define {{.*}}@main_kernel_0
// AVX2:           <{{8|16}} x float>
// AVX2:           @llvm.fma.v{{8|16}}f32
// AVX2-NOT:       call {{.*}}@log1pf
// AVX2-NOT:       @llvm.tanh
func.func @main(%x: tensor<1024xf32>) -> tensor<1024xf32> attributes {tf.entry_function = {inputs = "x", outputs = "y"}} {
  %e = tensor.empty() : tensor<1024xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<1024xf32>) outs(%e : tensor<1024xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = math.log1p %in : f32
    %b = math.tanh %a : f32
    linalg.yield %b : f32
  } -> tensor<1024xf32>
  func.return %r : tensor<1024xf32>
}
