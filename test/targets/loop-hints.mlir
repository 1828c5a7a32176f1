// RUN: strata-opt %s --emit buffers | strata-opt -p 'linalg-outline-kernels,convert-linalg-to-loops{vector-bits=256 vector-registers=16 fma=1 interleave=4}' | filecheck %s --check-prefix=LOOPS
// RUN: strata-translate %s --to-llvmir -O0 --triple x86_64-unknown-linux-gnu --cpu x86-64-v3 | filecheck %s --check-prefix=IR
// RUN: strata-translate %s --to-llvmir -O2 --triple x86_64-unknown-linux-gnu --cpu x86-64-v3 | filecheck %s --check-prefix=O2

// LLVM unrolls only the loops the loop nest marks (its own unroller is off on CPUs: it tripled
// the code of small models). A register tile's rows are unrolled fully (`strata.unroll`); its
// columns are one vector iteration (`strata.vector_width` lanes, interleaved columns / lanes
// times); a contraction's short output row (n = 10, no whole tile) is unrolled fully, so it stays
// in registers across the reduction.
// LOOPS-LABEL: func.func private @main_kernel_1(
// LOOPS:       scf.for
// LOOPS:       } {strata.vector_width = 8 : i64, strata.interleave = 2 : i64}
// LOOPS-NEXT:  } {strata.unroll}
// LOOPS-LABEL: func.func private @main_kernel_3(
// LOOPS:       scf.for
// LOOPS:       math.fma
// LOOPS:       } {strata.unroll}
// IR-DAG:      !{ !"llvm.loop.unroll.full" }
// IR-DAG:      !{ !"llvm.loop.vectorize.width", i32 8 }
// IR-DAG:      !{ !"llvm.loop.interleave.count", i32 2 }
// At O2 the 64 x 128 x 64 product's tile (rows x 16 columns) is straight vector code: two
// <8 x float> FMAs a row, no loop over the columns.
// O2-LABEL:    define internal {{.*}}@main_kernel_0(
// O2-COUNT-2:  call <8 x float> @llvm.fma.v8f32
func.func @main(%a: tensor<64x128xf32>, %b: tensor<128x64xf32>, %c: tensor<4x32xf32>, %d: tensor<32x10xf32>) -> (tensor<64x64xf32>, tensor<4x10xf32>) {
  %t = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x64xf32>) -> tensor<64x64xf32>
  %s = hlo.dot_general %c, %d, contracting_dims = [1] x [0] : (tensor<4x32xf32>, tensor<32x10xf32>) -> tensor<4x10xf32>
  func.return %t, %s : tensor<64x64xf32>, tensor<4x10xf32>
}
