// RUN: strata-opt %s -p convert-linalg-to-parallel-loops --split-input-file | filecheck %s

// Elementwise: the 600 points are flattened onto 3 blocks of 256 threads; threads past the end
// skip the body; the linear index is split back into (i, j) with remui/divui.
// CHECK-LABEL: func.func @elementwise
// CHECK-DAG:    %[[C30:.*]] = arith.constant 30 : index
// CHECK-DAG:    %[[C600:.*]] = arith.constant 600 : index
// CHECK-DAG:    %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG:    %[[C3:.*]] = arith.constant 3 : index
// CHECK:        "scf.parallel"(%{{.*}}, %[[C3]], %{{.*}})
// CHECK-NEXT:   ^{{.*}}(%[[BX:.*]]: index):
// CHECK-NEXT:     "scf.parallel"(%{{.*}}, %[[C256]], %{{.*}})
// CHECK-NEXT:     ^{{.*}}(%[[TX:.*]]: index):
// CHECK-NEXT:       %[[BASE:.*]] = arith.muli %[[BX]], %[[C256]] : index
// CHECK-NEXT:       %[[LIN:.*]] = arith.addi %[[BASE]], %[[TX]] : index
// CHECK-NEXT:       %[[IN:.*]] = arith.cmpi ult, %[[LIN]], %[[C600]] : index
// CHECK-NEXT:       scf.if %[[IN]] {
// CHECK-NEXT:         %[[J:.*]] = arith.remui %[[LIN]], %[[C30]] : index
// CHECK-NEXT:         %[[I:.*]] = arith.divui %[[LIN]], %[[C30]] : index
// CHECK-NEXT:         %[[V:.*]] = memref.load %{{.*}}[%[[I]], %[[J]]] : memref<20x30xf32>
// CHECK-NEXT:         %[[E:.*]] = math.exp %[[V]] : f32
// CHECK-NEXT:         memref.store %[[E]], %{{.*}}[%[[I]], %[[J]]] : memref<20x30xf32>
// CHECK:          {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// CHECK:        {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// CHECK-NOT:    linalg.
func.func @elementwise(%x: memref<20x30xf32>, %out: memref<20x30xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : memref<20x30xf32>) outs(%out : memref<20x30xf32>) {
  ^bb0(%v: f32, %o: f32):
    %e = math.exp %v : f32
    linalg.yield %e : f32
  } loc("exp")
  func.return
}

// -----

// A reduction shorter than 32 stays a sequential loop in each thread (the direct kernel),
// accumulating into the output as the CPU loops do.
// CHECK-LABEL: func.func @short_reduction
// CHECK:          scf.if %{{.*}} {
// CHECK-NEXT:       scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:         %[[V:.*]] = memref.load %{{.*}}[%[[ROW:.*]], %[[K]]] : memref<4x8xf32>
// CHECK-NEXT:         %[[ACC:.*]] = memref.load %{{.*}}[%[[ROW]]] : memref<4xf32>
// CHECK-NEXT:         %[[S:.*]] = arith.addf %[[ACC]], %[[V]] : f32
// CHECK-NEXT:         memref.store %[[S]], %{{.*}}[%[[ROW]]] : memref<4xf32>
// CHECK-NOT:    memref.get_global
func.func @short_reduction(%x: memref<4x8xf32>, %out: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x8xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %o, %v : f32
    linalg.yield %s : f32
  }
  func.return
}

// -----

// Row reduction: one block per row (4), 100 threads each striding over the row into a partial in
// shared memory, a tree over the 100 partials (steps 64, 32, ..., 1: t < s and t + s < 100),
// then thread 0 combines with the output.
// CHECK:        "memref.global"() <{sym_name = "__shared_0", type = memref<100xf32, 3 : i64>, initial_value, sym_visibility = "private"}>
// CHECK-LABEL: func.func @row_reduction
// CHECK-SAME:   (%[[X:.*]]: memref<4x100xf32>, %[[OUT:.*]]: memref<4xf32>)
// CHECK-DAG:    %[[C100:.*]] = arith.constant 100 : index
// CHECK-DAG:    %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:    %[[C4:.*]] = arith.constant 4 : index
// CHECK:        "scf.parallel"(%{{.*}}, %[[C4]], %{{.*}})
// CHECK-NEXT:   ^{{.*}}(%[[ROW:.*]]: index):
// CHECK-NEXT:     %[[SH:.*]] = memref.get_global @__shared_0 : memref<100xf32, 3 : i64>
// CHECK-NEXT:     "scf.parallel"(%{{.*}}, %[[C100]], %{{.*}})
// CHECK-NEXT:     ^{{.*}}(%[[T:.*]]: index):
// CHECK:              %[[FIRST:.*]] = math.exp
// CHECK:              %[[NEXT:.*]] = arith.addi %[[T]], %[[C100]] : index
// CHECK-NEXT:         %[[P:.*]] = scf.for %[[J:.*]] = %[[NEXT]] to %[[C100]] step %[[C100]] iter_args(%[[ACC:.*]] = %[[FIRST]]) -> (f32) {
// CHECK-NEXT:           memref.load %[[X]][%[[ROW]], %[[J]]]
// CHECK-NEXT:           %[[E:.*]] = math.exp
// CHECK-NEXT:           %[[M:.*]] = arith.maximumf %[[E]], %[[ACC]] : f32
// CHECK-NEXT:           scf.yield %[[M]] : f32
// CHECK:              memref.store %[[P]], %[[SH]][%[[T]]] : memref<100xf32, 3 : i64>
// CHECK:          {mapping = [#gpu.loop_dim_map<processor = thread_x
// CHECK-NEXT:     "scf.parallel"(%{{.*}}, %[[C100]], %{{.*}})
// CHECK-NEXT:     ^{{.*}}(%[[T2:.*]]: index):
// CHECK-NEXT:       %[[OTHER:.*]] = arith.addi %[[T2]], %[[C64]] : index
// CHECK-NEXT:       %[[LOW:.*]] = arith.cmpi ult, %[[T2]], %[[C64]] : index
// CHECK-NEXT:       %[[VALID:.*]] = arith.cmpi ult, %[[OTHER]], %[[C100]] : index
// CHECK-NEXT:       %[[BOTH:.*]] = arith.andi %[[LOW]], %[[VALID]] : i1
// CHECK-NEXT:       scf.if %[[BOTH]] {
// CHECK-NEXT:         %[[A:.*]] = memref.load %[[SH]][%[[T2]]]
// CHECK-NEXT:         %[[B:.*]] = memref.load %[[SH]][%[[OTHER]]]
// CHECK-NEXT:         %[[AB:.*]] = arith.maximumf %[[B]], %[[A]] : f32
// CHECK-NEXT:         memref.store %[[AB]], %[[SH]][%[[T2]]]
// CHECK-COUNT-6:  arith.cmpi ult, %{{.*}}, %[[C100]] : index
// CHECK:          arith.cmpi eq
// CHECK-NEXT:     scf.if
// CHECK-NEXT:       %[[O:.*]] = memref.load %[[OUT]][%[[ROW]]] : memref<4xf32>
// CHECK-NEXT:       %[[R:.*]] = memref.load %[[SH]][%{{.*}}]
// CHECK-NEXT:       %[[F:.*]] = arith.maximumf %[[R]], %[[O]] : f32
// CHECK-NEXT:       memref.store %[[F]], %[[OUT]][%[[ROW]]] : memref<4xf32>
// CHECK:        {mapping = [#gpu.loop_dim_map<processor = block_x
func.func @row_reduction(%x: memref<4x100xf32>, %out: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x100xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %e = math.exp %v : f32
    %s = arith.maximumf %e, %o : f32
    linalg.yield %s : f32
  }
  func.return
}

// -----

// Contraction: a 16 x 16 tile of C per block (grid 2 x 2), threads (tx, ty), each thread's sum in
// its slot of a block-level alloca (%acc[ty, tx], one slot per thread: a private accumulator on
// the GPU). One phase copies C into it; for each step of 16 along k, one phase stages A and B
// tiles in shared memory (guarded loads), the next adds min(16, K - k0) products to the
// accumulator; a last phase stores it to C. C is read and written once.
// CHECK:        "memref.global"() <{sym_name = "__shared_0", type = memref<16x16xf32, 3 : i64>, initial_value, sym_visibility = "private"}>
// CHECK:        "memref.global"() <{sym_name = "__shared_1", type = memref<16x16xf32, 3 : i64>, initial_value, sym_visibility = "private"}>
// CHECK-LABEL: func.func @matmul
// CHECK-SAME:   (%[[A:.*]]: memref<20x40xf32>, %[[B:.*]]: memref<40x24xf32>, %[[C:.*]]: memref<20x24xf32>)
// CHECK-DAG:    %[[C40:.*]] = arith.constant 40 : index
// CHECK-DAG:    %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:    %[[C2:.*]] = arith.constant 2 : index
// CHECK:        "scf.parallel"(%{{.*}}, %{{.*}}, %{{.*}}, %[[C2]], %[[C2]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK-NEXT:   ^{{.*}}(%[[BX:.*]]: index, %[[BY:.*]]: index, %{{.*}}: index):
// CHECK-NEXT:     %[[AT:.*]] = memref.get_global @__shared_0
// CHECK-NEXT:     %[[BT:.*]] = memref.get_global @__shared_1
// CHECK-NEXT:     %[[ACC:.*]] = memref.alloca() : memref<16x16xf32>
// CHECK:          "scf.parallel"
// CHECK-NEXT:     ^{{.*}}(%[[TX0:.*]]: index, %[[TY0:.*]]: index):
// CHECK:            scf.if
// CHECK-NEXT:         %[[OLD:.*]] = memref.load %[[C]]
// CHECK-NEXT:         memref.store %[[OLD]], %[[ACC]][%[[TY0]], %[[TX0]]] : memref<16x16xf32>
// CHECK:          scf.for %[[K0:.*]] = %{{.*}} to %[[C40]] step %[[C16]] {
// CHECK:            %[[KN:.*]] = arith.minsi %{{.*}}, %[[C16]] : index
// CHECK-NEXT:       "scf.parallel"
// CHECK-NEXT:       ^{{.*}}(%[[TX:.*]]: index, %[[TY:.*]]: index):
// CHECK:              scf.if
// CHECK-NEXT:           %[[AV:.*]] = memref.load %[[A]]
// CHECK-NEXT:           memref.store %[[AV]], %[[AT]][%[[TY]], %[[TX]]]
// CHECK:              scf.if
// CHECK-NEXT:           %[[BV:.*]] = memref.load %[[B]]
// CHECK-NEXT:           memref.store %[[BV]], %[[BT]][%[[TY]], %[[TX]]]
// CHECK:            {mapping = [#gpu.loop_dim_map<processor = thread_x, {{.*}}>, #gpu.loop_dim_map<processor = thread_y, {{.*}}>]}
// CHECK-NEXT:       "scf.parallel"
// CHECK-NEXT:       ^{{.*}}(%[[TX2:.*]]: index, %[[TY2:.*]]: index):
// CHECK:              scf.if
// CHECK-NEXT:           %[[START:.*]] = memref.load %[[ACC]][%[[TY2]], %[[TX2]]] : memref<16x16xf32>
// CHECK-NEXT:           %[[SUM:.*]] = scf.for %[[KK:.*]] = %{{.*}} to %[[KN]] step %{{.*}} iter_args(%[[PART:.*]] = %[[START]]) -> (f32) {
// CHECK-NEXT:             %[[X:.*]] = memref.load %[[AT]][%[[TY2]], %[[KK]]]
// CHECK-NEXT:             %[[Y:.*]] = memref.load %[[BT]][%[[KK]], %[[TX2]]]
// CHECK-NEXT:             %[[P:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT:             %[[S:.*]] = arith.addf %[[PART]], %[[P]] : f32
// CHECK-NEXT:             scf.yield %[[S]] : f32
// CHECK:                memref.store %[[SUM]], %[[ACC]][%[[TY2]], %[[TX2]]] : memref<16x16xf32>
// CHECK-NOT:            memref.store %{{.*}}, %[[C]]
// CHECK:          "scf.parallel"
// CHECK-NEXT:     ^{{.*}}(%[[TX3:.*]]: index, %[[TY3:.*]]: index):
// CHECK:            scf.if
// CHECK-NEXT:         %[[NEW:.*]] = memref.load %[[ACC]][%[[TY3]], %[[TX3]]] : memref<16x16xf32>
// CHECK-NEXT:         memref.store %[[NEW]], %[[C]]
// CHECK:        {mapping = [#gpu.loop_dim_map<processor = block_x, {{.*}}>, #gpu.loop_dim_map<processor = block_y, {{.*}}>, #gpu.loop_dim_map<processor = block_z, {{.*}}>]}
func.func @matmul(%a: memref<20x40xf32>, %b: memref<40x24xf32>, %c: memref<20x24xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<20x40xf32>, memref<40x24xf32>) outs(%c : memref<20x24xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  func.return
}

// -----

// Batch matmul with a broadcast rhs (`(0, d2, d3)`): the batch dim indexes the grid's z (3).
// CHECK-LABEL: func.func @batch_matmul
// CHECK-DAG:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:    %[[C1:.*]] = arith.constant 1 : index
// CHECK:        "scf.parallel"(%{{.*}}, %{{.*}}, %{{.*}}, %[[C1]], %[[C1]], %[[C3]], %{{.*}}, %{{.*}}, %{{.*}})
// CHECK-NEXT:   ^{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[BZ:.*]]: index):
// CHECK:          memref.load %{{.*}}[%[[BZ]], %{{.*}}, %{{.*}}] : memref<3x5x7xf32>
// CHECK:          memref.load %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : memref<1x7x6xf32>
func.func @batch_matmul(%a: memref<3x5x7xf32>, %b: memref<1x7x6xf32>, %c: memref<3x5x6xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>], iterator_types = ["parallel", "parallel", "reduction", "parallel"]} ins(%a, %b : memref<3x5x7xf32>, memref<1x7x6xf32>) outs(%c : memref<3x5x6xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  func.return
}

// -----

// A 0-d generic is a 1 x 1 launch.
// CHECK-LABEL: func.func @scalar
// CHECK:        %[[C1:.*]] = arith.constant 1 : index
// CHECK:        "scf.parallel"(%{{.*}}, %[[C1]], %[[C1]])
// CHECK:          "scf.parallel"(%{{.*}}, %[[C1]], %[[C1]])
// CHECK:              memref.load %{{.*}}[] : memref<f32>
// CHECK-NEXT:         arith.negf
func.func @scalar(%x: memref<f32>, %out: memref<f32>) {
  linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%x : memref<f32>) outs(%out : memref<f32>) {
  ^bb0(%v: f32, %o: f32):
    %n = arith.negf %v : f32
    linalg.yield %n : f32
  }
  func.return
}
