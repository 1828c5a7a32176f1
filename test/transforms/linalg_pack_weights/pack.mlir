// RUN: strata-opt %s -p "linalg-pack-weights{vector-bits=256 vector-registers=16}" | filecheck %s
// RUN: strata-opt %s -p "linalg-pack-weights{vector-bits=512 vector-registers=32}" | filecheck %s --check-prefix=AVX512
// RUN: strata-opt %s -p "linalg-pack-weights{vector-bits=256 vector-registers=16},convert-linalg-to-loops{vector-bits=256 vector-registers=16 fma=1}" | filecheck %s --check-prefix=LOOPS
// RUN: not strata-opt %s -p "linalg-pack-weights{vector-bits=100 vector-registers=16}" 2>&1 | filecheck %s --check-prefix=BAD

// A contraction's constant rhs (a dense layer's weights) is stored once, at compile time, as the
// column panels the register tile reads: W[k, n] -> P[n floordiv T, k, n mod T], T the tile's
// columns for the target (AVX2: 24 here); columns 0-23 of w hold 2.0 and 24-47 3.0,
// so the first panel is all 2.0 (0x40000000) and the second all 3.0. The loop nest then reads each panel in
// order, with no copy per call: `n floordiv T` is the column block's loop / T, `n mod T` the loop
// inside the tile. A global still read elsewhere is kept; an rhs that is no constant is not packed.

// CHECK:       "memref.global"() <{sym_name = "w", type = memref<4x48xf32>
// CHECK-SAME:    constant
// CHECK-NEXT:  "memref.global"() <{sym_name = "w_panels_24", type = memref<2x4x24xf32>, initial_value = dense<"0x{{(00000040)+(00004040)+}}"> : tensor<2x4x24xf32>
// CHECK-SAME:    sym_visibility = "private", constant, alignment = 64 : i64
// CHECK-NOT:   memref.global
// CHECK-LABEL: func.func @dense
// CHECK:         %[[P:.*]] = memref.get_global @w_panels_24 : memref<2x4x24xf32>
// CHECK-NEXT:    linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> ((d2 floordiv 24), d1, (d2 mod 24))>, affine_map<(d0, d1, d2) -> (d0, d2)>]
// CHECK-SAME:      ins(%{{.*}}, %[[P]] : memref<8x4xf32>, memref<2x4x24xf32>)
// CHECK-LABEL: func.func @reads_w_too
// CHECK:         memref.get_global @w : memref<4x48xf32>
// CHECK-LABEL: func.func @not_constant
// CHECK:         ins(%{{.*}}, %{{.*}} : memref<8x4xf32>, memref<4x48xf32>)

// AVX-512's 6x64 and 6x48 tiles need more than one column block (n = 48 has one) and 32 does
// not divide 48: its 6x16 tile reads three 16-column panels.
// AVX512:      "memref.global"() <{sym_name = "w_panels_16", type = memref<3x4x16xf32>

// LOOPS-LABEL: func.func @dense
// LOOPS:         %[[P:.*]] = memref.get_global @w_panels_24 : memref<2x4x24xf32>
// LOOPS-NOT:     memref.alloca
// LOOPS:         scf.for %[[N0:.*]] = %{{.*}} to %{{.*}} step %[[C24:.*]] {
// LOOPS-NEXT:      scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// LOOPS-NEXT:        scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// LOOPS:               scf.for %[[J:.*]] = %{{.*}} to %[[C24]] step
// LOOPS:                 %[[BLOCK:.*]] = arith.divui %[[N0]], %[[C24]] : index
// LOOPS-NEXT:            memref.load %[[P]][%[[BLOCK]], %[[K]], %[[J]]] : memref<2x4x24xf32>

// BAD: linalg-pack-weights: vector-bits must be a multiple of 32 and vector-registers at least 2, found vector-bits=100 vector-registers=16

"memref.global"() <{sym_name = "w", type = memref<4x48xf32>, initial_value = dense<[[2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0], [2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0], [2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0], [2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0]]> : tensor<4x48xf32>, sym_visibility = "private", constant, alignment = 64 : i64}> : () -> ()

func.func @dense(%x: memref<8x4xf32>, %out: memref<8x48xf32>) {
  %w = memref.get_global @w : memref<4x48xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x, %w : memref<8x4xf32>, memref<4x48xf32>) outs(%out : memref<8x48xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  func.return
}

func.func @reads_w_too(%out: memref<4x48xf32>) {
  %w = memref.get_global @w : memref<4x48xf32>
  "memref.copy"(%w, %out) : (memref<4x48xf32>, memref<4x48xf32>) -> ()
  func.return
}

func.func @not_constant(%x: memref<8x4xf32>, %w: memref<4x48xf32>, %out: memref<8x48xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x, %w : memref<8x4xf32>, memref<4x48xf32>) outs(%out : memref<8x48xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  func.return
}
