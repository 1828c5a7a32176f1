// RUN: strata-opt %s -p memref-check-bounds --split-input-file | filecheck %s

// The cpu kernel's accesses are guarded; the status cell sits after the arena's 64 bytes of
// temporaries, is zeroed before the first call, passed to each kernel and returned when the
// entry reports nothing of its own.

// CHECK-LABEL: func.func @main
// CHECK-SAME: %[[ARENA:[a-z0-9]+]]: memref<68xi8>
// CHECK-SAME: \22arena_bytes\22:68
// CHECK-SAME: \221\22:\22node 'g': own check\22
// CHECK-SAME: \222\22:\22node 'Scale': kernel @main_kernel_0_Scale: load from input 'x' (memref<4xf32>): index of dim 0 out of range [0, 4)\22
// CHECK-SAME: \223\22:\22node 'Scale': kernel @main_kernel_0_Scale: store to arena temporary at byte 0 (node 'Scale') (memref<4xf32>): index of dim 0 out of range [0, 4)\22
// CHECK-SAME: strata.bounds_checked
// CHECK:      %[[OFFSET:.*]] = arith.constant 64 : index
// CHECK-NEXT: %[[STATUS:.*]] = memref.view %[[ARENA]][%[[OFFSET]]][] : memref<68xi8> to memref<i32>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: memref.store %[[ZERO]], %[[STATUS]][] : memref<i32>
// CHECK:      func.call @main_kernel_0_Scale(%{{.*}}, %{{.*}}, %[[STATUS]])
// CHECK:      %[[FOUND:.*]] = memref.load %[[STATUS]][] : memref<i32>
// CHECK:      %[[CLEAN:.*]] = arith.cmpi eq, %[[OWN:.*]], %{{.*}} : i32
// CHECK-NEXT: %[[RESULT:.*]] = arith.select %[[CLEAN]], %[[FOUND]], %[[OWN]] : i32
// CHECK-NEXT: func.return %[[RESULT]] : i32

// CHECK-LABEL: func.func private @main_kernel_0_Scale
// CHECK-SAME: %[[IN:[^:]*]]: memref<4xf32> {llvm.noalias}, %[[OUT:[^:]*]]: memref<4xf32> {llvm.noalias}, %[[CELL:[^:]*]]: memref<i32> {llvm.noalias}
// CHECK:      scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:        %[[N:.*]] = arith.constant 4 : index
// CHECK-NEXT:   %[[OK:.*]] = arith.cmpi ult, %[[I]], %[[N]] : index
// CHECK-NEXT:   %[[V:.*]] = scf.if %[[OK]] -> (f32) {
// CHECK-NEXT:     %[[LOADED:.*]] = memref.load %[[IN]][%[[I]]] : memref<4xf32>
// CHECK-NEXT:     scf.yield %[[LOADED]] : f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %[[CODE:.*]] = arith.constant 2 : i32
// CHECK-NEXT:     %[[OLD:.*]] = memref.load %[[CELL]][] : memref<i32>
// CHECK-NEXT:     %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT:     %[[FIRST:.*]] = arith.cmpi eq, %[[OLD]], %[[Z]] : i32
// CHECK-NEXT:     %[[NEW:.*]] = arith.select %[[FIRST]], %[[CODE]], %[[OLD]] : i32
// CHECK-NEXT:     memref.store %[[NEW]], %[[CELL]][] : memref<i32>
// CHECK-NEXT:     %[[ZF:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     scf.yield %[[ZF]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[SCALED:.*]] = arith.mulf %[[V]], %[[V]] : f32
// CHECK:        scf.if %{{.*}} {
// CHECK-NEXT:     memref.store %[[SCALED]], %[[OUT]][%[[I]]] : memref<4xf32>
// CHECK-NEXT:   } else {
// CHECK:          arith.constant 3 : i32
// CHECK:        }

builtin.module {
  func.func @main(%x: memref<4xf32>, %out: memref<4xf32>, %arena: memref<64xi8>) -> i32 attributes {strata.signature = "{\22entry\22:\22main\22,\22inputs\22:[{\22name\22:\22x\22,\22shape\22:[4],\22dtype\22:\22float32\22}],\22outputs\22:[{\22name\22:\22y\22,\22shape\22:[4],\22dtype\22:\22float32\22}],\22arena_bytes\22:64,\22status_codes\22:{\221\22:\22node 'g': own check\22}}"} {
    %c0 = arith.constant 0 : index
    %tmp = memref.view %arena[%c0][] : memref<64xi8> to memref<4xf32> loc("Scale")
    func.call @main_kernel_0_Scale(%x, %tmp) : (memref<4xf32>, memref<4xf32>) -> () loc("Scale")
    "memref.copy"(%tmp, %out) : (memref<4xf32>, memref<4xf32>) -> ()
    %own = arith.constant 0 : i32
    func.return %own : i32
  }
  func.func private @main_kernel_0_Scale(%in: memref<4xf32> {llvm.noalias}, %res: memref<4xf32> {llvm.noalias}) attributes {no_inline} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %v = memref.load %in[%i] : memref<4xf32> loc("Scale")
      %s = arith.mulf %v, %v : f32 loc("Scale")
      memref.store %s, %res[%i] : memref<4xf32> loc("Scale")
    } loc("Scale")
    func.return
  } loc("Scale")
}

// -----

// A gpu kernel: the cell is a kernel argument, zeroed by a one-thread kernel launched first.

// CHECK-LABEL: func.func @main
// CHECK:      %[[STATUS:.*]] = memref.view %{{.*}}[%{{.*}}][] : memref<12xi8> to memref<i32>
// CHECK:      gpu.launch_func @main_kernels::@main_check_bounds_init blocks in (%[[ONE:.*]], %[[ONE]], %[[ONE]]) threads in (%[[ONE]], %[[ONE]], %[[ONE]]) args(%[[STATUS]] : memref<i32>)
// CHECK:      gpu.launch_func @main_kernels::@main_kernel_0_Neg {{.*}} args(%{{.*}} : memref<2xi32>, %{{.*}} : memref<2xi32>, %[[STATUS]] : memref<i32>)
// CHECK:      memref.load %[[STATUS]][] : memref<i32>
// CHECK-LABEL: gpu.func @main_kernel_0_Neg
// CHECK-SAME: %[[CELL:[^:]*]]: memref<i32>) kernel
// CHECK:      %[[V:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:   memref.load
// CHECK:      } else {
// CHECK:        memref.store %{{.*}}, %[[CELL]][] : memref<i32>
// CHECK:      gpu.func @main_check_bounds_init(%[[INIT:[^:]*]]: memref<i32>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>}
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: memref.store %[[Z]], %[[INIT]][] : memref<i32>
// CHECK-NEXT: gpu.return

builtin.module attributes {gpu.container_module} {
  func.func @main(%x: memref<2xi32>, %out: memref<2xi32>, %arena: memref<1xi8>) -> i32 attributes {strata.signature = "{\22entry\22:\22main\22,\22inputs\22:[{\22name\22:\22x\22,\22shape\22:[2],\22dtype\22:\22int32\22}],\22outputs\22:[{\22name\22:\22y\22,\22shape\22:[2],\22dtype\22:\22int32\22}],\22arena_bytes\22:0,\22status_codes\22:{}}"} {
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    gpu.launch_func @main_kernels::@main_kernel_0_Neg blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) args(%x : memref<2xi32>, %out : memref<2xi32>)
    %own = arith.constant 0 : i32
    func.return %own : i32
  }
  gpu.module @main_kernels {
    gpu.func @main_kernel_0_Neg(%in: memref<2xi32>, %res: memref<2xi32>) kernel attributes {gpu.known_block_size = array<i32: 2, 1, 1>} {
      %tid = gpu.thread_id x
      %zero = arith.constant 0 : i32
      %v = memref.load %in[%tid] : memref<2xi32>
      %n = arith.subi %zero, %v : i32
      memref.store %n, %res[%tid] : memref<2xi32>
      gpu.return
    }
  }
}
