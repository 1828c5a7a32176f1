// RUN: strata-translate --to-llvmir -O2 --cpu x86-64-v4 %s | filecheck %s --check-prefix=AVX512
// RUN: strata-translate --to-llvmir -O2 --cpu x86-64-v3 %s | filecheck %s --check-prefix=AVX2
// A CPU named as LLVM names it has what LLVM says it has (TargetDescription via
// llvm_vector_features), not the SSE2 baseline: AVX-512 for skylake-avx512, AVX2 + FMA for
// znver3, 256-bit vectors without FMA for sandybridge, and znver3 without the FMA it turned off.
// RUN: strata-translate --to-llvmir -O2 --cpu skylake-avx512 %s | filecheck %s --check-prefix=AVX512
// RUN: strata-translate --to-llvmir -O2 --cpu znver3 %s | filecheck %s --check-prefix=AVX2
// RUN: strata-translate --to-llvmir -O2 --cpu sandybridge %s | filecheck %s --check-prefix=NOFMA
// RUN: strata-translate --to-llvmir -O2 --cpu znver3 --features=-fma %s | filecheck %s --check-prefix=NOFMA

// The vectorisers use the target description's vector width, which the register tiles are sized
// for: <16 x float> FMAs for AVX-512, <8 x float> for AVX2. LLVM tunes x86-64-v4 (and Intel's
// AVX-512 CPUs) to prefer 256-bit vectors; the target machine clears that preference
// (`-prefer-256-bit`), or a 4x64 tile became 32 ymm accumulators that spilled. The IR is
// optimised for --cpu, not for the machine running the test.
// AVX512: call <16 x float> @llvm.fma.v16f32
// AVX512-NOT: @llvm.fma.v8f32(
// AVX2: call <8 x float> @llvm.fma.v8f32
// AVX2-NOT: @llvm.fma.v16f32(
// NOFMA: fmul <8 x float>
// NOFMA-NOT: @llvm.fma
func.func @main(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %c = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  func.return %c : tensor<64x64xf32>
}
