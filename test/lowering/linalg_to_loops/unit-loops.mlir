// RUN: strata-opt %s -p "convert-linalg-to-loops{vector-bits=256 vector-registers=16}" | filecheck %s

// A batch of 1 is a loop of one trip. Outermost, it would be the loop threads split
// (strata.parallel), and one thread would get all the work (BERT's GELU over 1 x 128 x 3072 ran on
// one core). It goes inside the first loop of more trips, here the 8 rows, for an elementwise
// generic and a row reduction alike.
// CHECK-LABEL: func.func @elementwise
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK:         scf.for %[[ROW:.*]] = %{{.*}} to %[[C8]] step
// CHECK-NEXT:      scf.for %[[B:.*]] = %{{.*}} to %[[C1]] step
// CHECK-NEXT:        scf.for %[[COL:.*]] = %{{.*}} to %[[C64]] step
// CHECK-NEXT:          memref.load %{{.*}}[%[[B]], %[[ROW]], %[[COL]]] : memref<1x8x64xf32>
// CHECK:         } {strata.parallel}
func.func @elementwise(%x: memref<1x8x64xf32>, %y: memref<1x8x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : memref<1x8x64xf32>) outs(%y : memref<1x8x64xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = math.tanh %a : f32
    linalg.yield %t : f32
  }
  func.return
}

// CHECK-LABEL: func.func @row_sums
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[C8]] step
// CHECK-NEXT:      scf.for %{{.*}} = %{{.*}} to %[[C1]] step
// CHECK:         } {strata.parallel}
func.func @row_sums(%x: memref<1x8x64xf32>, %y: memref<1x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : memref<1x8x64xf32>) outs(%y : memref<1x8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  }
  func.return
}

// Where only the innermost loop has more than one trip, that loop stays innermost (vectorised).
// CHECK-LABEL: func.func @one_row
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[C1]] step
// CHECK-NEXT:      scf.for %{{.*}} = %{{.*}} to %[[C1]] step
// CHECK-NEXT:        scf.for %{{.*}} = %{{.*}} to %[[C64]] step
func.func @one_row(%x: memref<1x1x64xf32>, %y: memref<1x1x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : memref<1x1x64xf32>) outs(%y : memref<1x1x64xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = math.tanh %a : f32
    linalg.yield %t : f32
  }
  func.return
}
