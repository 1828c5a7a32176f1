// RUN: strata-opt %s -p convert-linalg-to-loops --print-debuginfo | filecheck %s

// The loops, loads and stores carry the linalg op's location (the TF node name).
// CHECK-LABEL: func.func @located
// CHECK:        arith.constant 0 : index loc("dense/BiasAdd")
// CHECK:        scf.for
// CHECK:          scf.for
// CHECK-NEXT:       memref.load {{.*}} loc("dense/BiasAdd")
// CHECK-NEXT:       memref.load {{.*}} loc("dense/BiasAdd")
// CHECK-NEXT:       arith.addf {{.*}} loc("dense/BiasAdd")
// CHECK-NEXT:       memref.store {{.*}} loc("dense/BiasAdd")
// CHECK-NEXT:     } loc("dense/BiasAdd")
// CHECK-NEXT:   } loc("dense/BiasAdd")
func.func @located(%x: memref<2x3xf32>, %b: memref<3xf32>, %out: memref<2x3xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %b : memref<2x3xf32>, memref<3xf32>) outs(%out : memref<2x3xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %r = arith.addf %v, %w : f32 loc("dense/BiasAdd")
    linalg.yield %r : f32 loc("dense/BiasAdd")
  } loc("dense/BiasAdd")
  func.return
}
