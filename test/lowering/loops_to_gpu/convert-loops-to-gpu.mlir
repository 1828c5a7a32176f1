// RUN: strata-opt %s -p convert-loops-to-gpu --split-input-file | filecheck %s

// The direct kernel: 600 points on 3 blocks of 256 threads; one phase, no barrier; the block and
// thread loops' ivs become the launch's block and thread ids.
// CHECK-LABEL: func.func @direct
// CHECK-DAG:    %[[G:.*]] = arith.constant 3 : index
// CHECK-DAG:    %[[B:.*]] = arith.constant 256 : index
// CHECK-DAG:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK:        gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[G]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[B]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) {
// CHECK-NEXT:     %[[BASE:.*]] = arith.muli %[[BX]], %{{.*}} : index
// CHECK-NEXT:     %[[LIN:.*]] = arith.addi %[[BASE]], %[[TX]] : index
// CHECK:          scf.if
// CHECK:            math.exp
// CHECK:          }
// CHECK-NEXT:     gpu.terminator
// CHECK-NOT:    gpu.barrier
// CHECK-NOT:    scf.parallel
builtin.module {
  func.func @direct(%x: memref<20x30xf32>, %out: memref<20x30xf32>) {
    %0 = arith.constant 0 : index
    %1 = arith.constant 30 : index
    %2 = arith.constant 600 : index
    %3 = arith.constant 256 : index
    %4 = arith.constant 1 : index
    %5 = arith.constant 3 : index
    "scf.parallel"(%0, %5, %4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
    ^bb0(%6: index):
      "scf.parallel"(%0, %3, %4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
      ^bb0(%7: index):
        %8 = arith.muli %6, %3 : index
        %9 = arith.addi %8, %7 : index
        %10 = arith.cmpi ult, %9, %2 : index
        scf.if %10 {
          %11 = arith.remui %9, %1 : index
          %12 = arith.divui %9, %1 : index
          %13 = memref.load %x[%12, %11] : memref<20x30xf32>
          %e = math.exp %13 : f32
          memref.store %e, %out[%12, %11] : memref<20x30xf32>
        }
        scf.reduce
      }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
      scf.reduce
    }) {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
    func.return
  }
}

// -----

// The row reduction: one block per row (4 x 1 x 1), 6 threads; partials, tree steps 4, 2, 1 and
// thread 0's store are phases with a barrier between each two (none after the last).
// CHECK-LABEL: func.func @row_reduction
// CHECK-DAG:    %[[G:.*]] = arith.constant 4 : index
// CHECK-DAG:    %[[B:.*]] = arith.constant 6 : index
// CHECK:        gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[G]], {{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[B]], {{.*}}) {
// CHECK-NEXT:     %[[SH:.*]] = memref.get_global @__shared_0 : memref<6xf32, 3 : i64>
// CHECK:            memref.store %{{.*}}, %[[SH]][%[[TX]]]
// CHECK:          gpu.barrier
// CHECK:            arith.addf
// CHECK:          gpu.barrier
// CHECK:            arith.addf
// CHECK:          gpu.barrier
// CHECK:            arith.addf
// CHECK:          gpu.barrier
// CHECK-NEXT:     %[[T0:.*]] = arith.cmpi eq, %[[TX]], %{{.*}} : index
// CHECK-NEXT:     scf.if %[[T0]] {
// CHECK-NEXT:       memref.load %{{.*}}[%[[BX]]] : memref<4xf32>
// CHECK:          }
// CHECK-NEXT:     gpu.terminator
builtin.module {
  "memref.global"() <{sym_name = "__shared_0", type = memref<6xf32, 3 : i64>, initial_value, sym_visibility = "private"}> : () -> ()
  func.func @row_reduction(%x: memref<4x6xf32>, %out: memref<4xf32>) {
    %0 = arith.constant 0 : index
    %1 = arith.constant 2 : index
    %2 = arith.constant 6 : index
    %3 = arith.constant 1 : index
    %4 = arith.constant 4 : index
    "scf.parallel"(%0, %4, %3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
    ^bb0(%5: index):
      %6 = memref.get_global @__shared_0 : memref<6xf32, 3 : i64>
      "scf.parallel"(%0, %2, %3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
      ^bb0(%7: index):
        %8 = arith.cmpi ult, %7, %2 : index
        scf.if %8 {
          %9 = memref.load %x[%5, %7] : memref<4x6xf32>
          %10 = arith.addi %7, %2 : index
          %11 = scf.for %12 = %10 to %2 step %2 iter_args(%13 = %9) -> (f32) {
            %14 = memref.load %x[%5, %12] : memref<4x6xf32>
            %s = arith.addf %13, %14 : f32
            scf.yield %s : f32
          }
          memref.store %11, %6[%7] : memref<6xf32, 3 : i64>
        }
        scf.reduce
      }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
      "scf.parallel"(%0, %2, %3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
      ^bb0(%15: index):
        %16 = arith.addi %15, %4 : index
        %17 = arith.cmpi ult, %15, %4 : index
        %18 = arith.cmpi ult, %16, %2 : index
        %19 = arith.andi %17, %18 : i1
        scf.if %19 {
          %20 = memref.load %6[%15] : memref<6xf32, 3 : i64>
          %21 = memref.load %6[%16] : memref<6xf32, 3 : i64>
          %s_1 = arith.addf %20, %21 : f32
          memref.store %s_1, %6[%15] : memref<6xf32, 3 : i64>
        }
        scf.reduce
      }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
      "scf.parallel"(%0, %2, %3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
      ^bb0(%22: index):
        %23 = arith.addi %22, %1 : index
        %24 = arith.cmpi ult, %22, %1 : index
        %25 = arith.cmpi ult, %23, %2 : index
        %26 = arith.andi %24, %25 : i1
        scf.if %26 {
          %27 = memref.load %6[%22] : memref<6xf32, 3 : i64>
          %28 = memref.load %6[%23] : memref<6xf32, 3 : i64>
          %s_2 = arith.addf %27, %28 : f32
          memref.store %s_2, %6[%22] : memref<6xf32, 3 : i64>
        }
        scf.reduce
      }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
      "scf.parallel"(%0, %2, %3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
      ^bb0(%29: index):
        %30 = arith.addi %29, %3 : index
        %31 = arith.cmpi ult, %29, %3 : index
        %32 = arith.cmpi ult, %30, %2 : index
        %33 = arith.andi %31, %32 : i1
        scf.if %33 {
          %34 = memref.load %6[%29] : memref<6xf32, 3 : i64>
          %35 = memref.load %6[%30] : memref<6xf32, 3 : i64>
          %s_3 = arith.addf %34, %35 : f32
          memref.store %s_3, %6[%29] : memref<6xf32, 3 : i64>
        }
        scf.reduce
      }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
      "scf.parallel"(%0, %2, %3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
      ^bb0(%36: index):
        %37 = arith.cmpi eq, %36, %0 : index
        scf.if %37 {
          %38 = memref.load %out[%5] : memref<4xf32>
          %39 = memref.load %6[%0] : memref<6xf32, 3 : i64>
          %s_4 = arith.addf %38, %39 : f32
          memref.store %s_4, %out[%5] : memref<4xf32>
        }
        scf.reduce
      }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
      scf.reduce
    }) {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
    func.return
  }
}

// -----

// The tiled matmul: grid 2 x 2 x 1, block 16 x 16 x 1. The block-level alloca with one slot per
// thread (%acc[%ty, %tx] in every phase) becomes each thread's private memref<1xf32>: loaded
// from C before the k loop (then a barrier), updated in the multiply-add phase, stored to C
// after it. Inside the k loop (uniform bounds) a barrier after the staging phase and one after
// the multiply-add phase (before the next tile); none after the last phase.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME:   (%[[A:.*]]: memref<20x40xf32>, %[[BM:.*]]: memref<40x24xf32>, %[[C:.*]]: memref<20x24xf32>)
// CHECK-DAG:    %[[G:.*]] = arith.constant 2 : index
// CHECK-DAG:    %[[B:.*]] = arith.constant 16 : index
// CHECK-DAG:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK:        gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[G]], %{{.*}} = %[[G]], %{{.*}} = %{{.*}}) threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in (%{{.*}} = %[[B]], %{{.*}} = %[[B]], %{{.*}} = %{{.*}}) {
// CHECK:          %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:     %[[ACC:.*]] = memref.alloca() : memref<1xf32>
// CHECK-NOT:      memref.alloca
// CHECK:          scf.if
// CHECK-NEXT:       %[[OLD:.*]] = memref.load %[[C]]
// CHECK-NEXT:       memref.store %[[OLD]], %[[ACC]][%[[Z]]] : memref<1xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     gpu.barrier
// CHECK-NEXT:     scf.for
// CHECK:              memref.store %{{.*}}, %{{.*}}[%[[TY]], %[[TX]]] : memref<16x16xf32, 3 : i64>
// CHECK:              memref.store %{{.*}}, %{{.*}}[%[[TY]], %[[TX]]] : memref<16x16xf32, 3 : i64>
// CHECK:            gpu.barrier
// CHECK:            scf.if
// CHECK:              %[[START:.*]] = memref.load %[[ACC]][%[[Z]]] : memref<1xf32>
// CHECK-NEXT:         %[[SUM:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[START]]) -> (f32) {
// CHECK:                arith.mulf
// CHECK:              memref.store %[[SUM]], %[[ACC]][%[[Z]]] : memref<1xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       gpu.barrier
// CHECK-NEXT:     }
// CHECK:          scf.if
// CHECK-NEXT:       %[[NEW:.*]] = memref.load %[[ACC]][%[[Z]]] : memref<1xf32>
// CHECK-NEXT:       memref.store %[[NEW]], %[[C]]
// CHECK-NEXT:     }
// CHECK-NEXT:     gpu.terminator
builtin.module {
  "memref.global"() <{sym_name = "__shared_0", type = memref<16x16xf32, 3 : i64>, initial_value, sym_visibility = "private"}> : () -> ()
  "memref.global"() <{sym_name = "__shared_1", type = memref<16x16xf32, 3 : i64>, initial_value, sym_visibility = "private"}> : () -> ()
  func.func @matmul(%a: memref<20x40xf32>, %b: memref<40x24xf32>, %c: memref<20x24xf32>) {
    %0 = arith.constant 0 : index
    %1 = arith.constant 40 : index
    %2 = arith.constant 24 : index
    %3 = arith.constant 20 : index
    %4 = arith.constant 16 : index
    %5 = arith.constant 1 : index
    %6 = arith.constant 2 : index
    "scf.parallel"(%0, %0, %0, %6, %6, %5, %5, %5, %5) <{operandSegmentSizes = array<i32: 3, 3, 3, 0>}> ({
    ^bb0(%7: index, %8: index, %9: index):
      %10 = memref.get_global @__shared_0 : memref<16x16xf32, 3 : i64>
      %11 = memref.get_global @__shared_1 : memref<16x16xf32, 3 : i64>
      %12 = memref.alloca() : memref<16x16xf32>
      %13 = arith.muli %8, %4 : index
      %14 = arith.muli %7, %4 : index
      "scf.parallel"(%0, %0, %4, %4, %5, %5) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
      ^bb0(%15: index, %16: index):
        %17 = arith.addi %13, %16 : index
        %18 = arith.addi %14, %15 : index
        %19 = arith.cmpi ult, %17, %3 : index
        %20 = arith.cmpi ult, %18, %2 : index
        %21 = arith.andi %19, %20 : i1
        scf.if %21 {
          %22 = memref.load %c[%17, %18] : memref<20x24xf32>
          memref.store %22, %12[%16, %15] : memref<16x16xf32>
        }
        scf.reduce
      }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = thread_y, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index, index, index, index) -> ()
      scf.for %23 = %0 to %1 step %4 {
        %24 = arith.subi %1, %23 : index
        %25 = arith.minsi %24, %4 : index
        "scf.parallel"(%0, %0, %4, %4, %5, %5) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
        ^bb0(%26: index, %27: index):
          %28 = arith.addi %13, %27 : index
          %29 = arith.addi %14, %26 : index
          %30 = arith.addi %23, %26 : index
          %31 = arith.addi %23, %27 : index
          %32 = arith.cmpi ult, %28, %3 : index
          %33 = arith.cmpi ult, %29, %2 : index
          %34 = arith.cmpi ult, %30, %1 : index
          %35 = arith.andi %32, %34 : i1
          scf.if %35 {
            %36 = memref.load %a[%28, %30] : memref<20x40xf32>
            memref.store %36, %10[%27, %26] : memref<16x16xf32, 3 : i64>
          }
          %37 = arith.cmpi ult, %31, %1 : index
          %38 = arith.andi %37, %33 : i1
          scf.if %38 {
            %39 = memref.load %b[%31, %29] : memref<40x24xf32>
            memref.store %39, %11[%27, %26] : memref<16x16xf32, 3 : i64>
          }
          scf.reduce
        }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = thread_y, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index, index, index, index) -> ()
        "scf.parallel"(%0, %0, %4, %4, %5, %5) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
        ^bb0(%40: index, %41: index):
          %42 = arith.addi %13, %41 : index
          %43 = arith.addi %14, %40 : index
          %44 = arith.cmpi ult, %42, %3 : index
          %45 = arith.cmpi ult, %43, %2 : index
          %46 = arith.andi %44, %45 : i1
          scf.if %46 {
            %47 = memref.load %12[%41, %40] : memref<16x16xf32>
            %48 = scf.for %49 = %0 to %25 step %5 iter_args(%50 = %47) -> (f32) {
              %51 = memref.load %10[%41, %49] : memref<16x16xf32, 3 : i64>
              %52 = memref.load %11[%49, %40] : memref<16x16xf32, 3 : i64>
              %m = arith.mulf %51, %52 : f32
              %s = arith.addf %50, %m : f32
              scf.yield %s : f32
            }
            memref.store %48, %12[%41, %40] : memref<16x16xf32>
          }
          scf.reduce
        }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = thread_y, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index, index, index, index) -> ()
      }
      "scf.parallel"(%0, %0, %4, %4, %5, %5) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
      ^bb0(%53: index, %54: index):
        %55 = arith.addi %13, %54 : index
        %56 = arith.addi %14, %53 : index
        %57 = arith.cmpi ult, %55, %3 : index
        %58 = arith.cmpi ult, %56, %2 : index
        %59 = arith.andi %57, %58 : i1
        scf.if %59 {
          %60 = memref.load %12[%54, %53] : memref<16x16xf32>
          memref.store %60, %c[%55, %56] : memref<20x24xf32>
        }
        scf.reduce
      }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = thread_y, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index, index, index, index) -> ()
      scf.reduce
    }) {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = block_y, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = block_z, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index, index, index, index, index, index, index) -> ()
    func.return
  }
}

// -----

// A phase shorter than the block (64 of 128 threads) runs under `scf.if %tid < 64`; the barrier
// stays outside the guard.
// CHECK-LABEL: func.func @guarded_phases
// CHECK:        gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in ({{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in ({{.*}}) {
// CHECK-NEXT:     memref.store %{{.*}}, %{{.*}}[%[[T]]]
// CHECK-NEXT:     gpu.barrier
// CHECK-NEXT:     %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT:     %[[IN:.*]] = arith.cmpi ult, %[[T]], %[[C64]] : index
// CHECK-NEXT:     scf.if %[[IN]] {
// CHECK-NEXT:       memref.store %{{.*}}, %{{.*}}[%[[T]]]
// CHECK-NEXT:     }
// CHECK-NEXT:     gpu.terminator
func.func @guarded_phases(%buf: memref<128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  "scf.parallel"(%c0, %c2, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%b: index):
    "scf.parallel"(%c0, %c128, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
    ^bb0(%t: index):
      memref.store %z, %buf[%t] : memref<128xf32>
      scf.reduce
    }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
    "scf.parallel"(%c0, %c64, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
    ^bb0(%t: index):
      memref.store %z, %buf[%t] : memref<128xf32>
      scf.reduce
    }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
    scf.reduce
  }) {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
  func.return
}
