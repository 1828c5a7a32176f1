// RUN: strata-opt %s -p convert-linalg-to-loops --split-input-file | filecheck %s

// One scf.for per loop dim; each input is loaded through its indexing map, the body runs on the
// scalars, and the result is stored through the output's map.
// CHECK-LABEL: func.func @elementwise_with_broadcast
// CHECK-SAME: (%[[X:.*]]: memref<2x3xf32>, %[[B:.*]]: memref<3xf32>, %[[OUT:.*]]: memref<2x3xf32>)
// CHECK-DAG:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:    %[[C3:.*]] = arith.constant 3 : index
// CHECK:        scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT:     scf.for %[[J:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
// CHECK-NEXT:       %[[XV:.*]] = memref.load %[[X]][%[[I]], %[[J]]] : memref<2x3xf32>
// CHECK-NEXT:       %[[BV:.*]] = memref.load %[[B]][%[[J]]] : memref<3xf32>
// CHECK-NEXT:       %[[S:.*]] = arith.addf %[[XV]], %[[BV]] : f32
// CHECK-NEXT:       memref.store %[[S]], %[[OUT]][%[[I]], %[[J]]] : memref<2x3xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NOT:    linalg.
func.func @elementwise_with_broadcast(%x: memref<2x3xf32>, %b: memref<3xf32>, %out: memref<2x3xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %b : memref<2x3xf32>, memref<3xf32>) outs(%out : memref<2x3xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %r = arith.addf %v, %w : f32
    linalg.yield %r : f32
  }
  func.return
}

// -----

// A reduction reads the accumulator from the output and stores it back every iteration. A float
// sum over the innermost loop is `reassoc`, so LLVM can vectorise it into partial sums.
// CHECK-LABEL: func.func @reduction
// CHECK-SAME: (%[[X:.*]]: memref<2x3xf32>, %[[OUT:.*]]: memref<2xf32>)
// CHECK:        scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:     scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:       %[[XV:.*]] = memref.load %[[X]][%[[I]], %[[J]]] : memref<2x3xf32>
// CHECK-NEXT:       %[[ACC:.*]] = memref.load %[[OUT]][%[[I]]] : memref<2xf32>
// CHECK-NEXT:       %[[S:.*]] = arith.addf %[[ACC]], %[[XV]] fastmath<reassoc> : f32
// CHECK-NEXT:       memref.store %[[S]], %[[OUT]][%[[I]]] : memref<2xf32>
func.func @reduction(%x: memref<2x3xf32>, %out: memref<2xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<2x3xf32>) outs(%out : memref<2xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.addf %acc, %v : f32
    linalg.yield %r : f32
  }
  func.return
}

// -----

// A small matmul in (m, k, n) order: three loops, out[m, n] += a[m, k] * b[k, n].
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: memref<2x3xf32>, %[[B:.*]]: memref<3x4xf32>, %[[OUT:.*]]: memref<2x4xf32>)
// CHECK:        scf.for %[[M:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:     scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:       scf.for %[[N:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-DAG:          %[[AV:.*]] = memref.load %[[A]][%[[M]], %[[K]]] : memref<2x3xf32>
// CHECK-DAG:          %[[BV:.*]] = memref.load %[[B]][%[[K]], %[[N]]] : memref<3x4xf32>
// CHECK-DAG:          %[[ACC:.*]] = memref.load %[[OUT]][%[[M]], %[[N]]] : memref<2x4xf32>
// CHECK:              %[[P:.*]] = arith.mulf %[[AV]], %[[BV]] : f32
// CHECK-NEXT:         %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK-NEXT:         memref.store %[[S]], %[[OUT]][%[[M]], %[[N]]] : memref<2x4xf32>
func.func @matmul(%a: memref<2x3xf32>, %b: memref<3x4xf32>, %out: memref<2x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<2x3xf32>, memref<3x4xf32>) outs(%out : memref<2x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  func.return
}

// -----

// A rank-0 operand is loaded with no indices.
// CHECK-LABEL: func.func @scalar_operand
// CHECK-SAME: (%[[S:.*]]: memref<f32>, %[[OUT:.*]]: memref<2xf32>)
// CHECK:        scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:     %[[V:.*]] = memref.load %[[S]][] : memref<f32>
// CHECK-NEXT:     memref.store %[[V]], %[[OUT]][%[[I]]] : memref<2xf32>
func.func @scalar_operand(%s: memref<f32>, %out: memref<2xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%s : memref<f32>) outs(%out : memref<2xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  }
  func.return
}
