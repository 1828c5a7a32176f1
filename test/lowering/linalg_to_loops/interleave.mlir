// RUN: strata-opt %s --split-input-file -p "convert-linalg-to-loops{vector-bits=256 vector-registers=16 interleave=4}" | filecheck %s --check-prefix=AVX2
// RUN: strata-opt %s --split-input-file -p "convert-linalg-to-loops{vector-bits=128 vector-registers=32 interleave=4}" | filecheck %s --check-prefix=NEON
// RUN: strata-opt %s --split-input-file -p "convert-linalg-to-loops{vector-bits=256 vector-registers=16 interleave=1}" | filecheck %s --check-prefix=NONE
// RUN: strata-opt %s --split-input-file -p "convert-linalg-to-loops{vector-bits=128 vector-registers=32 interleave=4 deep-interleave=4}" | filecheck %s --check-prefix=FLAT
// RUN: not strata-opt %s --split-input-file -p "convert-linalg-to-loops{interleave=-1}" 2>&1 | filecheck %s --check-prefix=BAD
// RUN: not strata-opt %s --split-input-file -p "convert-linalg-to-loops{deep-interleave=-1}" 2>&1 | filecheck %s --check-prefix=BAD-DEEP

// A loop around a long dependency chain (tanh and exp expand to polynomials 19+ ops deep) is
// latency-bound at one vector per iteration: its innermost loop asks LLVM to interleave the
// target's count of vector iterations. Only the innermost loop, only a parallel one, and only
// when it runs at least two interleaved vector iterations (2 x lanes x 4: 64 on AVX2, 32 on NEON).
// Two expanded functions in a row and more (loop_nest.DEEP_CHAIN_DEPTH) get `deep-interleave`,
// by default twice `interleave` with 32 vector registers (NEON here), else `interleave`.

// AVX2-LABEL: func.func @chain_2d
// AVX2:         scf.for
// AVX2:           scf.for
// AVX2:             math.tanh
// AVX2:           } {strata.interleave = 4 : i64}
// AVX2-NEXT:    } {strata.parallel}
// NEON-LABEL: func.func @chain_2d
// NEON:           } {strata.interleave = 8 : i64}
// FLAT-LABEL: func.func @chain_2d
// FLAT:           } {strata.interleave = 4 : i64}
// NONE-LABEL: func.func @chain_2d
// NONE:           }
// NONE-NEXT:    } {strata.parallel}
// BAD: convert-linalg-to-loops: interleave must be 0 (this machine's) or a count, found interleave=-1
// BAD-DEEP: convert-linalg-to-loops: deep-interleave must be 0 (this machine's) or a count, found deep-interleave=-1
func.func @chain_2d(%x: memref<8x256xf32>, %y: memref<8x256xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : memref<8x256xf32>) outs(%y : memref<8x256xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = math.tanh %a : f32
    %e = math.exp %t : f32
    linalg.yield %e : f32
  }
  func.return
}

// -----

// 32 elements: too few for 2 x 8 x 4 on AVX2, enough for 2 x 4 x 4 on NEON.
// AVX2-LABEL: func.func @short
// AVX2:         } {strata.parallel}
// NEON-LABEL: func.func @short
// NEON:         } {strata.parallel, strata.interleave = 4 : i64}
func.func @short(%x: memref<32xf32>, %y: memref<32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : memref<32xf32>) outs(%y : memref<32xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = math.tanh %a : f32
    linalg.yield %t : f32
  }
  func.return
}

// -----

// A deep chain over 48 elements at 4 lanes: too few for 2 x 4 x 8, enough for the plain count.
// NEON-LABEL: func.func @short_deep
// NEON:         } {strata.parallel, strata.interleave = 4 : i64}
func.func @short_deep(%x: memref<48xf32>, %y: memref<48xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : memref<48xf32>) outs(%y : memref<48xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = math.tanh %a : f32
    %e = math.exp %t : f32
    linalg.yield %e : f32
  }
  func.return
}

// -----

// A short chain (an add and a multiply): LLVM's own cost model interleaves such loops.
// AVX2-LABEL: func.func @cheap
// AVX2:         } {strata.parallel}
func.func @cheap(%x: memref<4096xf32>, %y: memref<4096xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : memref<4096xf32>) outs(%y : memref<4096xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %a : f32
    %m = arith.mulf %s, %a : f32
    linalg.yield %m : f32
  }
  func.return
}

// -----

// f64 math is not expanded (a libm call each, which no loop vectoriser widens): one op.
// AVX2-LABEL: func.func @f64_chain
// AVX2:         } {strata.parallel}
func.func @f64_chain(%x: memref<4096xf64>, %y: memref<4096xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : memref<4096xf64>) outs(%y : memref<4096xf64>) {
  ^bb0(%a: f64, %b: f64):
    %t = math.tanh %a : f64
    linalg.yield %t : f64
  }
  func.return
}

// -----

// A row reduction's innermost loop is a reduction: not interleaved here (LLVM splits a
// `reassoc` sum into partial sums on its own).
// AVX2-LABEL: func.func @row_sum
// AVX2-NOT:     strata.interleave
func.func @row_sum(%x: memref<8x1024xf32>, %y: memref<8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<8x1024xf32>) outs(%y : memref<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %t = math.tanh %a : f32
    %s = arith.addf %acc, %t : f32
    linalg.yield %s : f32
  }
  func.return
}
