// RUN: strata-translate --to-llvmir -O2 --cpu x86-64-v4 %s | filecheck %s --check-prefix=AVX512
// RUN: strata-translate --to-llvmir -O2 --cpu x86-64-v3 %s | filecheck %s --check-prefix=AVX2

// The vectorisers use the target description's vector width, which the register tiles are sized
// for: <16 x float> FMAs for AVX-512, <8 x float> for AVX2. LLVM tunes x86-64-v4 (and Intel's
// AVX-512 CPUs) to prefer 256-bit vectors; the target machine clears that preference
// (`-prefer-256-bit`), or a 4x64 tile became 32 ymm accumulators that spilled. The IR is
// optimised for --cpu, not for the machine running the test.
// AVX512: call <16 x float> @llvm.fma.v16f32
// AVX512-NOT: @llvm.fma.v8f32(
// AVX2: call <8 x float> @llvm.fma.v8f32
// AVX2-NOT: @llvm.fma.v16f32(
func.func @main(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %c = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  func.return %c : tensor<64x64xf32>
}
