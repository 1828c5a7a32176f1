// RUN: strata-opt %s -p convert-linalg-to-loops --split-input-file | filecheck %s

// A window map `d0 * 2 + d1`: the index is computed with index arith from the loop ivs; the trip
// count of d0 comes from the output (the only operand with d0 as a bare result).
// CHECK-LABEL: func.func @strided_window
// CHECK-SAME: (%[[X:.*]]: memref<7xf32>, %[[W:.*]]: memref<3xf32>, %[[OUT:.*]]: memref<3xf32>)
// CHECK-DAG:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:    %[[C3:.*]] = arith.constant 3 : index
// CHECK:        scf.for %[[I:.*]] = %{{.*}} to %[[C3]] step %{{.*}} {
// CHECK-NEXT:     scf.for %[[K:.*]] = %{{.*}} to %[[C3]] step %{{.*}} {
// CHECK-NEXT:       %[[S:.*]] = arith.muli %[[I]], %[[C2]] : index
// CHECK-NEXT:       %[[P:.*]] = arith.addi %[[S]], %[[K]] : index
// CHECK-NEXT:       %{{.*}} = memref.load %[[X]][%[[P]]] : memref<7xf32>
// CHECK-NEXT:       %{{.*}} = memref.load %[[W]][%[[K]]] : memref<3xf32>
// CHECK-NOT:    linalg.
func.func @strided_window(%x: memref<7xf32>, %w: memref<3xf32>, %out: memref<3xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 * 2 + d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %w : memref<7xf32>, memref<3xf32>) outs(%out : memref<3xf32>) {
  ^bb0(%v: f32, %k: f32, %acc: f32):
    %p = arith.mulf %v, %k : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  }
  func.return
}

// -----

// An offset output map (`d0 + 1`) writes into the middle of a larger buffer (padding), and a
// reversed map (`2 - d0`) reads backwards; the trip count comes from %y, the first operand with
// d0 as a bare result.
// CHECK-LABEL: func.func @offset_and_reverse
// CHECK-SAME: (%[[X:.*]]: memref<3xf32>, %[[Y:.*]]: memref<3xf32>, %[[OUT:.*]]: memref<5xf32>)
// CHECK-DAG:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:    %[[CM1:.*]] = arith.constant -1 : index
// CHECK-DAG:    %[[C2:.*]] = arith.constant 2 : index
// CHECK:        scf.for %[[I:.*]] = %{{.*}} to %[[C3]] step %{{.*}} {
// CHECK-NEXT:     %[[NEG:.*]] = arith.muli %[[I]], %[[CM1]] : index
// CHECK-NEXT:     %[[REV:.*]] = arith.addi %[[NEG]], %[[C2]] : index
// CHECK-NEXT:     %[[XV:.*]] = memref.load %[[X]][%[[REV]]] : memref<3xf32>
// CHECK-NEXT:     %[[YV:.*]] = memref.load %[[Y]][%[[I]]] : memref<3xf32>
// CHECK-NEXT:     %[[S:.*]] = arith.addf %[[XV]], %[[YV]] : f32
// CHECK-NEXT:     %[[AT:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK-NEXT:     memref.store %[[S]], %[[OUT]][%[[AT]]] : memref<5xf32>
func.func @offset_and_reverse(%x: memref<3xf32>, %y: memref<3xf32>, %out: memref<5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (2 - d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0 + 1)>], iterator_types = ["parallel"]} ins(%x, %y : memref<3xf32>, memref<3xf32>) outs(%out : memref<5xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  }
  func.return
}

// -----

// floordiv and mod by a constant round toward -inf (a truncating division, corrected by a select).
// CHECK-LABEL: func.func @floordiv_mod
// CHECK:        scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:          %[[Q:.*]] = arith.divsi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:     %[[R:.*]] = arith.remsi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:     %[[NEG:.*]] = arith.cmpi slt, %[[R]], %{{.*}} : index
// CHECK-NEXT:     %[[Q1:.*]] = arith.subi %[[Q]], %{{.*}} : index
// CHECK-NEXT:     %[[FLOOR:.*]] = arith.select %[[NEG]], %[[Q1]], %[[Q]] : index
// CHECK:          %[[M:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK-NEXT:     %{{.*}} = memref.load %{{.*}}[%[[FLOOR]], %[[M]]] : memref<2x3xf32>
func.func @floordiv_mod(%x: memref<2x3xf32>, %out: memref<6xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 floordiv 3, d0 mod 3)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : memref<2x3xf32>) outs(%out : memref<6xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  }
  func.return
}

// -----

// linalg.index reads the induction variable of its loop dim.
// CHECK-LABEL: func.func @index_in_body
// CHECK-SAME: (%[[OUT:.*]]: memref<2x4xi64>)
// CHECK:        scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:     scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:       %[[C:.*]] = arith.index_cast %[[J]] : index to i64
// CHECK-NEXT:       memref.store %[[C]], %[[OUT]][%[[I]], %[[J]]] : memref<2x4xi64>
// CHECK-NOT:    linalg.index
func.func @index_in_body(%out: memref<2x4xi64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%out : memref<2x4xi64>) {
  ^bb0(%o: i64):
    %j = linalg.index 1 : index
    %c = arith.index_cast %j : index to i64
    linalg.yield %c : i64
  }
  func.return
}
