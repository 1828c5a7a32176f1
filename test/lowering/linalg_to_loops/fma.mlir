// RUN: strata-opt %s -p "convert-linalg-to-loops{vector-bits=256 vector-registers=16 fma=1}" | filecheck %s --check-prefix=FMA
// RUN: strata-opt %s -p "convert-linalg-to-loops{vector-bits=128 vector-registers=16 fma=0}" | filecheck %s --check-prefix=NOFMA

// A multiply-add that allows contraction is made explicit, so every code path LLVM makes of the
// loop rounds it the same way (a threaded and a serial build give the same bytes): math.fma
// where the target has FMA, else a plain mul and add with no `contract` left to act on.
// FMA:         %[[X:.*]] = memref.load %{{.*}} : memref<4x8xf32>
// FMA-NEXT:    %[[Y:.*]] = memref.load %{{.*}} : memref<8x4xf32>
// FMA-NEXT:    %[[ACC:.*]] = memref.load %{{.*}} : memref<4x4xf32>
// FMA-NEXT:    %[[R:.*]] = math.fma %[[X]], %[[Y]], %[[ACC]] : f32
// FMA-NEXT:    memref.store %[[R]]
// FMA-NOT:     arith.mulf
// NOFMA:       %[[P:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// NOFMA-NEXT:  %[[S:.*]] = arith.addf %{{.*}}, %[[P]] : f32
// NOFMA-NOT:   contract
// NOFMA-NOT:   math.fma
func.func @matmul(%a: memref<4x8xf32>, %b: memref<8x4xf32>, %c: memref<4x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<4x8xf32>, memref<8x4xf32>) outs(%c : memref<4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  func.return
}
