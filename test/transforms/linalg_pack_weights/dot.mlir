// RUN: strata-opt %s -p "linalg-pack-weights{vector-bits=256 vector-registers=16}" | filecheck %s
// RUN: strata-opt %s -p "linalg-pack-weights{vector-bits=256 vector-registers=16},convert-linalg-to-loops{vector-bits=256 vector-registers=16 fma=1}" | filecheck %s --check-prefix=LOOPS

// A contraction with too few columns for a register tile (3 here; a classifier's 10 logits) and
// a reduction of at least 32 is computed as dot products: its constant rhs W[k, n] is stored
// transposed, Wt[n, k] (column j of w holds j + 1, so row j of Wt does: 1.0 = 0x3F800000, 2.0,
// 3.0), and the contraction's k and n dims trade places in every map and in its iterator types.
// CHECK:       "memref.global"() <{sym_name = "w_transposed", type = memref<3x64xf32>, initial_value = dense<"0x{{(0000803F)+(00000040)+(00004040)+}}"> : tensor<3x64xf32>
// CHECK-LABEL: func.func @logits
// CHECK:         %[[WT:.*]] = memref.get_global @w_transposed : memref<3x64xf32>
// CHECK-NEXT:    linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME:      ins(%{{.*}}, %[[WT]] : memref<8x64xf32>, memref<3x64xf32>)
// A short reduction (16) keeps the layout and the unrolled row of accumulators.
// CHECK-LABEL: func.func @short
// CHECK:         memref.get_global @v : memref<16x3xf32>
// CHECK-NEXT:    linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>

// The loop nest runs k innermost, reading x and Wt along it: a multiply and a reassociable add
// (no math.fma, which LLVM's loop vectoriser knows no reduction of), vector partial sums and one
// horizontal add per dot product (`dot-vectorises.mlir`).
// LOOPS-LABEL: func.func @logits
// LOOPS:         scf.for %[[M:.*]] = {{.*}} {
// LOOPS-NEXT:      scf.for %[[N:.*]] = {{.*}} {
// LOOPS:             scf.for %[[K:.*]] = {{.*}} {
// LOOPS-NEXT:          memref.load %{{.*}}[%[[M]], %[[K]]] : memref<8x64xf32>
// LOOPS-NEXT:          memref.load %{{.*}}[%[[N]], %[[K]]] : memref<3x64xf32>
// LOOPS-NEXT:          memref.load %{{.*}}[%[[M]], %[[N]]] : memref<8x3xf32>
// LOOPS-NEXT:          arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// LOOPS-NEXT:          arith.addf %{{.*}}, %{{.*}} fastmath<reassoc,contract> : f32
// LOOPS-NOT:     math.fma
// LOOPS-LABEL: func.func @short
// LOOPS:         math.fma

"memref.global"() <{sym_name = "w", type = memref<64x3xf32>, initial_value = dense<[[1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]> : tensor<64x3xf32>, sym_visibility = "private", constant, alignment = 64 : i64}> : () -> ()
"memref.global"() <{sym_name = "v", type = memref<16x3xf32>, initial_value = dense<1.0> : tensor<16x3xf32>, sym_visibility = "private", constant, alignment = 64 : i64}> : () -> ()

func.func @logits(%x: memref<8x64xf32>, %out: memref<8x3xf32>) {
  %w = memref.get_global @w : memref<64x3xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x, %w : memref<8x64xf32>, memref<64x3xf32>) outs(%out : memref<8x3xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  func.return
}

func.func @short(%x: memref<8x16xf32>, %out: memref<8x3xf32>) {
  %v = memref.get_global @v : memref<16x3xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x, %v : memref<8x16xf32>, memref<16x3xf32>) outs(%out : memref<8x3xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  func.return
}
