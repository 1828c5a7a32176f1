// RUN: strata-translate %s --to-llvmir -O0 --triple x86_64-unknown-linux-gnu --cpu x86-64-v3 | filecheck %s --check-prefix=IR
// RUN: strata-translate %s --to-llvmir -O2 --triple x86_64-unknown-linux-gnu --cpu x86-64-v3 | filecheck %s --check-prefix=O2

// 48 columns take AVX2's 4x24 tile: 3 column vectors, interleave count 3. LLVM's vectoriser takes
// only a power of 2 as interleave count, so the columns stayed a loop of three vector iterations
// and the accumulators lived in memory, a load and a store around every FMA (256x512x48: 6.9
// GFLOP/s). The column loop's hints now ask for the vectorised loop to be unrolled fully.
// IR-DAG:      ![[FULL:[0-9]+]] = !{ !"llvm.loop.unroll.full" }
// IR-DAG:      ![[FOLLOW:[0-9]+]] = !{ !"llvm.loop.vectorize.followup_vectorized", ![[FULL]] }
// IR-DAG:      ![[COUNT:[0-9]+]] = !{ !"llvm.loop.interleave.count", i32 3 }
// IR-DAG:      ![[ID:[0-9]+]] = !{ ![[ID]], ![[COUNT]], !{{[0-9]+}}, ![[FOLLOW]] }
// At O2 the tile is 12 FMAs (4 rows x 3 column vectors, each its own accumulator) in the k loop,
// stored once after it.
// O2-LABEL:    define internal {{.*}}@main_kernel_0(
// O2-COUNT-12: call <8 x float> @llvm.fma.v8f32
// O2-NOT:      @llvm.fma.v8f32
// O2-COUNT-12: store <8 x float>
// O2:          }
func.func @main(%a: tensor<64x128xf32>, %b: tensor<128x48xf32>) -> tensor<64x48xf32> {
  %t = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x48xf32>) -> tensor<64x48xf32>
  func.return %t : tensor<64x48xf32>
}
