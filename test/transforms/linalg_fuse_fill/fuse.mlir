// RUN: strata-opt %s --split-input-file -p linalg-fuse-fill | filecheck %s
// RUN: strata-opt %s --split-input-file -p "linalg-fuse-fill,convert-linalg-to-loops{vector-bits=256 vector-registers=16}" | filecheck %s --check-prefix=LOOPS

// A zero fill of C, then C += A . B: the fill becomes the contraction's first step.
// CHECK-LABEL: func.func @matmul
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.generic {{.*}} ins(%a, %b : memref<14x16xf32>, memref<16x32xf32>) outs(%c : memref<14x32xf32>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[K:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[FIRST:.*]] = arith.cmpi eq, %[[K]], %[[C0]] : index
// CHECK-NEXT:      %[[START:.*]] = arith.select %[[FIRST]], %[[ZERO]], %[[ACC]] : f32
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT:      %{{.*}} = arith.addf %[[START]], %[[P]] : f32
// CHECK-NOT:     linalg.generic
// CHECK:         func.return
// The loops store the start into the accumulator tile just before the reduction loop, for the
// whole tiles (6 x 16 on AVX2, m = 14) and the 2 rows left, and the body reads C directly: LLVM
// keeps the tile in registers from zero, and C is not read before the first step.
// LOOPS-LABEL: func.func @matmul
// LOOPS:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// LOOPS:         %[[C12:.*]] = arith.constant 12 : index
// LOOPS:         %[[C6:.*]] = arith.constant 6 : index
// LOOPS:         scf.for %[[N0:.*]] = {{.*}} {
// LOOPS:           scf.for %[[M0:.*]] = %{{.*}} to %[[C12]] step %[[C6]] {
// LOOPS-NEXT:        scf.for %[[I:.*]] = {{.*}} {
// LOOPS-NEXT:          %[[ROW:.*]] = arith.addi %[[M0]], %[[I]] : index
// LOOPS-NEXT:          scf.for %[[J:.*]] = {{.*}} {
// LOOPS-NEXT:            %[[COL:.*]] = arith.addi %[[N0]], %[[J]] : index
// LOOPS-NEXT:            memref.store %[[ZERO]], %c[%[[ROW]], %[[COL]]] : memref<14x32xf32>
// LOOPS:             scf.for %{{.*}} = {{.*}} {
// LOOPS-NOT:           arith.select
// LOOPS:               memref.load %c
// LOOPS:               arith.addf
// LOOPS:           memref.store %[[ZERO]], %c
// LOOPS:           scf.for
// LOOPS-NOT:       arith.select
// LOOPS:           func.return
func.func @matmul(%a: memref<14x16xf32>, %b: memref<16x32xf32>, %c: memref<14x32xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%c : memref<14x32xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<14x16xf32>, memref<16x32xf32>) outs(%c : memref<14x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  func.return
}

// -----

// A row max from -inf over two reduction dims, the fill's constant inside its body: the test is
// both indices at 0, and the constant moves out before the reduction. At the loops stage, a
// store before the reduction loops of each row.
// CHECK-LABEL: func.func @row_max
// CHECK-NEXT:    %[[NEGINF:.*]] = arith.constant 0xff800000 : f32
// CHECK-NEXT:    linalg.generic
// CHECK:           %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[J0:.*]] = arith.cmpi eq, %[[J]], %{{.*}} : index
// CHECK-NEXT:      %[[K:.*]] = linalg.index 2 : index
// CHECK-NEXT:      %[[K0:.*]] = arith.cmpi eq, %[[K]], %{{.*}} : index
// CHECK-NEXT:      %[[BOTH:.*]] = arith.andi %[[J0]], %[[K0]] : i1
// CHECK-NEXT:      arith.select %[[BOTH]], %[[NEGINF]], %{{.*}} : f32
// LOOPS-LABEL: func.func @row_max
// LOOPS:         scf.for %[[R:.*]] = {{.*}} {
// LOOPS-NEXT:      memref.store %{{.*}}, %m[%[[R]]] : memref<4xf32>
// LOOPS-NEXT:      scf.for
// LOOPS-NEXT:        scf.for
// LOOPS-NOT:       arith.select
// LOOPS:           arith.maximumf
func.func @row_max(%x: memref<4x8x2xf32>, %m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%m : memref<4xf32>) {
  ^bb0(%o: f32):
    %neg_inf = arith.constant 0xFF800000 : f32
    linalg.yield %neg_inf : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%x : memref<4x8x2xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.maximumf %acc, %v : f32
    linalg.yield %r : f32
  }
  func.return
}

// -----

// Not fused: another op touches C in between; the reduction reads C as an input too; C is
// written whole by an elementwise op (no reduction); the reduction is empty (k = 0, the fill's
// values are the result).
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-8: linalg.generic
// CHECK-NOT:     linalg.index
func.func @kept(%a: memref<8x16xf32>, %b: memref<16x8xf32>, %c: memref<8x8xf32>, %d: memref<8x8xf32>, %e: memref<8x0xf32>, %f: memref<0x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%c : memref<8x8xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  }
  "memref.copy"(%c, %d) : (memref<8x8xf32>, memref<8x8xf32>) -> ()
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<8x16xf32>, memref<16x8xf32>) outs(%c : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%d : memref<8x8xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%d : memref<8x8xf32>) outs(%d : memref<8x8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%c : memref<8x8xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%d : memref<8x8xf32>) outs(%c : memref<8x8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%d : memref<8x8xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%e, %f : memref<8x0xf32>, memref<0x8xf32>) outs(%d : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  func.return
}

// -----

// A depthwise convolution (channel multiplier 1) writes its output's last dim, of size 1, at index
// 0: every element still, so its zero fill fuses (the reduction dims 3, 4, 5 at 0). The loops
// store the zero before the window loops and read no select.
// CHECK-LABEL: func.func @depthwise
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.generic {{.*}} outs(%out : memref<1x2x2x8x1xf32>)
// CHECK-NEXT:    ^bb0(%{{.*}}: f32, %{{.*}}: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[KH:.*]] = linalg.index 3 : index
// CHECK-NEXT:      %[[T0:.*]] = arith.cmpi eq, %[[KH]], %[[C0]] : index
// CHECK-NEXT:      %[[KW:.*]] = linalg.index 4 : index
// CHECK-NEXT:      %[[T1:.*]] = arith.cmpi eq, %[[KW]], %[[C0]] : index
// CHECK-NEXT:      %[[CI:.*]] = linalg.index 5 : index
// CHECK-NEXT:      %[[T2:.*]] = arith.cmpi eq, %[[CI]], %[[C0]] : index
// CHECK-NEXT:      %[[A:.*]] = arith.andi %[[T0]], %[[T1]] : i1
// CHECK-NEXT:      %[[B:.*]] = arith.andi %[[A]], %[[T2]] : i1
// CHECK-NEXT:      %{{.*}} = arith.select %[[B]], %[[ZERO]], %[[ACC]] : f32
// CHECK-NOT:     linalg.generic
// CHECK:         func.return
// LOOPS-LABEL: func.func @depthwise
// LOOPS:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// LOOPS:         memref.store %[[ZERO]], %out
// LOOPS-NOT:     arith.select
// LOOPS:         func.return
func.func @depthwise(%x: memref<1x4x4x8x1xf32>, %w: memref<3x3x1x8x1xf32>, %out: memref<1x2x2x8x1xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} outs(%out : memref<1x2x2x8x1xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d3, d2 + d4, d6, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6, 0)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, 0)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%x, %w : memref<1x4x4x8x1xf32>, memref<3x3x1x8x1xf32>) outs(%out : memref<1x2x2x8x1xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  func.return
}

// -----

// Not fused: index 0 of a dim of size 2 leaves half the output to the fill.
// CHECK-LABEL: func.func @half_written
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT:     linalg.index
func.func @half_written(%a: memref<8x16xf32>, %b: memref<16x8xf32>, %c: memref<8x8x2xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%c : memref<8x8x2xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2, 0)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<8x16xf32>, memref<16x8xf32>) outs(%c : memref<8x8x2xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  func.return
}
