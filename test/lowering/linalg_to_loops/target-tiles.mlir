// RUN: strata-opt %s -p "convert-linalg-to-loops{vector-bits=256 vector-registers=16}" | filecheck %s --check-prefix=AVX2
// RUN: strata-opt %s -p "convert-linalg-to-loops{vector-bits=512 vector-registers=32}" | filecheck %s --check-prefix=AVX512
// RUN: strata-opt %s -p "convert-linalg-to-loops{vector-bits=128 vector-registers=32}" | filecheck %s --check-prefix=NEON
// RUN: not strata-opt %s -p "convert-linalg-to-loops{vector-bits=100 vector-registers=16}" 2>&1 | filecheck %s --check-prefix=BAD

// The register tile of a 12x64 . 64x96 matmul follows the target's vector register file: as many
// rows as fit (up to 6) x up to 4 vectors of f32 lanes (accumulators + rhs vectors + one broadcast
// within the registers), the widest that divides n: AVX2 (8 lanes, 16 registers) 4 x 24; AVX-512
// (16 lanes, 32 registers) 6 x 48 (64 does not divide 96); NEON (4 lanes, 32 registers) 6 x 16.
// The rhs column block is packed into a contiguous k x n-tile panel once per n block.
// AVX2:        %[[PANEL:.*]] = memref.alloca() : memref<64x24xf32>
// AVX2:        scf.for %[[N0:.*]] = %{{.*}} to %{{.*}} step %[[C24:.*]] {
// AVX2:          memref.store {{.*}}, %[[PANEL]]
// AVX2:          scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C4:.*]] {
// AVX2:            scf.for %[[K:.*]] = {{.*}} {
// AVX2:              scf.for %{{.*}} = %{{.*}} to %[[C4]] step
// AVX2:                scf.for %[[J:.*]] = %{{.*}} to %[[C24]] step
// AVX2:                  memref.load %[[PANEL]][%[[K]], %[[J]]] : memref<64x24xf32>
// AVX512:      %[[C12:.*]] = arith.constant 12 : index
// AVX512:      %[[C6:.*]] = arith.constant 6 : index
// AVX512:      memref.alloca() : memref<64x48xf32>
// AVX512:        scf.for %{{.*}} = %{{.*}} to %[[C12]] step %[[C6]] {
// NEON:        memref.alloca() : memref<64x16xf32>
// BAD:         convert-linalg-to-loops: vector-bits must be a multiple of 32 and vector-registers at least 2, found vector-bits=100 vector-registers=16
func.func @matmul(%a: memref<12x64xf32>, %b: memref<64x96xf32>, %c: memref<12x96xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<12x64xf32>, memref<64x96xf32>) outs(%c : memref<12x96xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  func.return
}

// When no tile of 4 vectors has columns dividing n, fewer columns leave room for more rows: 14x64 .
// 64x32 on AVX2 is 6 x 16, as on NEON. Rows need not divide m (and no tile of 4 or 5 rows divides
// 14): the m loop covers the whole tiles (0..12) and a second nest after it the 2 rows left, from
// row 12.
// AVX2-LABEL:  func.func @matmul_tail
// AVX2:          %[[C12:.*]] = arith.constant 12 : index
// AVX2:          %[[C6:.*]] = arith.constant 6 : index
// AVX2:          %[[C2:.*]] = arith.constant 2 : index
// AVX2:          memref.alloca() : memref<64x16xf32>
// AVX2:          scf.for %[[N0:.*]] = %{{.*}} to %{{.*}} step %[[C16:.*]] {
// AVX2:            scf.for %[[M0:.*]] = %{{.*}} to %[[C12]] step %[[C6]] {
// AVX2-NEXT:         scf.for
// AVX2-NEXT:           scf.for %[[I:.*]] = %{{.*}} to %[[C6]] step
// AVX2-NEXT:             arith.addi %[[M0]], %[[I]] : index
// AVX2:          scf.for %[[T:.*]] = %{{.*}} to %[[C2]] step
// AVX2-NEXT:       arith.addi %[[C12]], %[[T]] : index
// NEON-LABEL:  func.func @matmul_tail
// NEON:          %[[C12:.*]] = arith.constant 12 : index
// NEON:          %[[C6:.*]] = arith.constant 6 : index
// NEON:          %[[C2:.*]] = arith.constant 2 : index
// NEON:          scf.for %{{.*}} = %{{.*}} to %[[C12]] step %[[C6]] {
// NEON:          scf.for %{{.*}} = %{{.*}} to %[[C2]] step
func.func @matmul_tail(%a: memref<14x64xf32>, %b: memref<64x32xf32>, %c: memref<14x32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<14x64xf32>, memref<64x32xf32>) outs(%c : memref<14x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  func.return
}

// AVX-512 at k = 1024: the 1024 x 64 panel (256 KB) of a 64-column tile is packed (an unpacked
// rhs with 4 KB rows put every k step of a column block in the same cache sets). n = 40, which no
// 16-lane vector divides, takes 6 x 8 tiles (half a 512-bit vector) instead of no register tile;
// AVX2's 8 lanes divide it anyway.
// AVX512-LABEL: func.func @avx512_panels
// AVX512:         memref.alloca() : memref<1024x64xf32>
// AVX512:         %[[C8:.*]] = arith.constant 8 : index
// AVX512:         %[[C6:.*]] = arith.constant 6 : index
// AVX512:         memref.alloca() : memref<64x8xf32>
// AVX512-NEXT:    scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C8]] {
// AVX512:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C6]] {
func.func @avx512_panels(%a: memref<8x1024xf32>, %b: memref<1024x128xf32>, %c: memref<8x128xf32>, %x: memref<12x64xf32>, %w: memref<64x40xf32>, %y: memref<12x40xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<8x1024xf32>, memref<1024x128xf32>) outs(%c : memref<8x128xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x, %w : memref<12x64xf32>, memref<64x40xf32>) outs(%y : memref<12x40xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  func.return
}

// An m of 4 or 5, below the 6 rows of a tile, is one tile of m rows and no tail: 5x64 . 64x32 on
// AVX2 (6 x 16) and AVX-512 (6 x 32).
// AVX2-LABEL:  func.func @few_rows
// AVX2:          %[[C5:.*]] = arith.constant 5 : index
// AVX2:          scf.for %[[M0:.*]] = %{{.*}} to %[[C5]] step %[[C5]] {
// AVX2-NEXT:       scf.for
// AVX2-NEXT:         scf.for %{{.*}} = %{{.*}} to %[[C5]] step
// AVX2:                scf.for
// AVX2-NOT:      scf.for
// AVX2:          func.return
// AVX512-LABEL: func.func @few_rows
// AVX512:         %[[C5:.*]] = arith.constant 5 : index
// AVX512:         scf.for %{{.*}} = %{{.*}} to %[[C5]] step %[[C5]] {
func.func @few_rows(%a: memref<5x64xf32>, %b: memref<64x32xf32>, %c: memref<5x32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<5x64xf32>, memref<64x32xf32>) outs(%c : memref<5x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  func.return
}

// An m below 64 that the tile's rows do not divide takes fewer rows that do, rather than a tail
// nest (a second copy of the loops for LLVM): 16x64 . 64x64 on AVX-512 is 4 x 64 tiles, no tail.
// AVX512-LABEL: func.func @small_m
// AVX512:         %[[C4:.*]] = arith.constant 4 : index
// AVX512:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C4]] {
// AVX512-NOT:     arith.constant 6 : index
// AVX512:         func.return
func.func @small_m(%a: memref<16x64xf32>, %b: memref<64x64xf32>, %c: memref<16x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<16x64xf32>, memref<64x64xf32>) outs(%c : memref<16x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  func.return
}
