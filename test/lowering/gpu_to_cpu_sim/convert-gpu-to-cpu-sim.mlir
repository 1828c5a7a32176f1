// RUN: strata-opt %s -p convert-gpu-to-cpu-sim --split-input-file | filecheck %s

// No barrier: one phase. Blocks loop z, y, x over the grid arguments, threads z, y, x over the
// block size of gpu.known_block_size, as constants (a runtime bound would let LLVM 22.1's loop
// vectoriser widen `tid & 3` as consecutive: test/targets/test_llvm_masked_iv.py); ids and dims
// become those ivs and sizes. The host function goes.
// CHECK-LABEL: builtin.module {
// CHECK-NOT:   func.func @main
// CHECK-LABEL: func.func @scale(
// CHECK-SAME:  %[[A:[^:]*]]: memref<64xf32>, %[[GX:.*]]: index, %[[GY:.*]]: index, %[[GZ:.*]]: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index) {
// CHECK:       %[[BX:.*]] = arith.constant 32 : index
// CHECK-NEXT:  %[[BY:.*]] = arith.constant 1 : index
// CHECK-NEXT:  %[[BZ:.*]] = arith.constant 1 : index
// CHECK:       scf.for %[[BKZ:.*]] = %{{.*}} to %[[GZ]] step
// CHECK:       scf.for %[[BKY:.*]] = %{{.*}} to %[[GY]] step
// CHECK:       scf.for %[[BKX:.*]] = %{{.*}} to %[[GX]] step
// CHECK:       scf.for %[[TZ:.*]] = %{{.*}} to %[[BZ]] step
// CHECK:       scf.for %[[TY:.*]] = %{{.*}} to %[[BY]] step
// CHECK:       scf.for %[[TX:.*]] = %{{.*}} to %[[BX]] step
// CHECK:       %[[BASE:.*]] = arith.muli %[[BKX]], %[[BX]] : index
// CHECK-NEXT:  %[[I:.*]] = arith.addi %[[BASE]], %[[TX]] : index
// CHECK-NEXT:  %[[V:.*]] = memref.load %[[A]][%[[I]]] : memref<64xf32>
// CHECK-NEXT:  %[[D:.*]] = arith.addf %[[V]], %[[V]] : f32
// CHECK-NEXT:  memref.store %[[D]], %[[A]][%[[I]]] : memref<64xf32>
// CHECK-NOT:   gpu.
// CHECK:       func.return
builtin.module attributes {gpu.container_module} {
  func.func @main(%a: memref<64xf32>, %arena: memref<8xi8>) -> i32 {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @main_kernels::@scale blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<64xf32>)
    %ok = arith.constant 0 : i32
    func.return %ok : i32
  }
  gpu.module @main_kernels {
    gpu.func @scale(%a: memref<64xf32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %base = arith.muli %b, %d : index
      %i = arith.addi %base, %t : index
      %v = memref.load %a[%i] : memref<64xf32>
      %dbl = arith.addf %v, %v : f32
      memref.store %dbl, %a[%i] : memref<64xf32>
      gpu.return
    }
  }
}

// -----

// A barrier splits the body into two thread loops inside the block loops; the shared global
// becomes an alloca of the kernel (no memory space); the thread id and the constant are
// recomputed in the second phase.
// CHECK-LABEL: func.func @reverse(
// CHECK-SAME:  %[[A:[^:]*]]: memref<8xf32>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index) {
// CHECK-NEXT:  %[[SH:.*]] = memref.alloca() : memref<8xf32>
// CHECK:       %[[BX:.*]] = arith.constant 8 : index
// CHECK:       scf.for %[[TX:.*]] = %{{.*}} to %[[BX]] step
// CHECK:       %[[V:.*]] = memref.load %[[A]][%[[TX]]] : memref<8xf32>
// CHECK-NEXT:  memref.store %[[V]], %[[SH]][%[[TX]]] : memref<8xf32>
// CHECK:       scf.for %[[TX2:.*]] = %{{.*}} to %[[BX]] step
// CHECK:       %[[SEVEN:.*]] = arith.constant 7 : index
// CHECK-NEXT:  %[[J:.*]] = arith.subi %[[SEVEN]], %[[TX2]] : index
// CHECK-NEXT:  %[[W:.*]] = memref.load %[[SH]][%[[J]]] : memref<8xf32>
// CHECK-NEXT:  memref.store %[[W]], %[[A]][%[[TX2]]] : memref<8xf32>
builtin.module attributes {gpu.container_module} {
  gpu.module @main_kernels {
    "memref.global"() <{sym_name = "__shared_0", type = memref<8xf32, 3>, initial_value, sym_visibility = "private"}> : () -> ()
    gpu.func @reverse(%a: memref<8xf32>) kernel attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
      %t = gpu.thread_id x
      %c7 = arith.constant 7 : index
      %sh = memref.get_global @__shared_0 : memref<8xf32, 3>
      %v = memref.load %a[%t] : memref<8xf32>
      memref.store %v, %sh[%t] : memref<8xf32, 3>
      gpu.barrier
      %j = arith.subi %c7, %t : index
      %w = memref.load %sh[%j] : memref<8xf32, 3>
      memref.store %w, %a[%t] : memref<8xf32>
      gpu.return
    }
  }
}

// -----

// A private alloca of shape S becomes one of shape [threads] + S (threads from
// gpu.known_block_size) before the block loops, indexed first by the flat thread id
// (tz * by + ty) * bx + tx.
// CHECK-LABEL: func.func @keep(
// CHECK-SAME:  %[[A:[^:]*]]: memref<4x8xf32>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index) {
// CHECK:       %[[P:.*]] = memref.alloca() : memref<32x2xf32>
// CHECK:       %[[BX:.*]] = arith.constant 8 : index
// CHECK-NEXT:  %[[BY:.*]] = arith.constant 4 : index
// CHECK-NEXT:  %[[BZ:.*]] = arith.constant 1 : index
// CHECK:       scf.for %[[TZ:.*]] = %{{.*}} to %[[BZ]] step
// CHECK:       scf.for %[[TY:.*]] = %{{.*}} to %[[BY]] step
// CHECK:       scf.for %[[TX:.*]] = %{{.*}} to %[[BX]] step
// CHECK-NEXT:  %[[ZY:.*]] = arith.muli %[[TZ]], %[[BY]] : index
// CHECK-NEXT:  %[[ZY2:.*]] = arith.addi %[[ZY]], %[[TY]] : index
// CHECK-NEXT:  %[[ZYX:.*]] = arith.muli %[[ZY2]], %[[BX]] : index
// CHECK-NEXT:  %[[FLAT:.*]] = arith.addi %[[ZYX]], %[[TX]] : index
// CHECK:       %[[V:.*]] = memref.load %[[A]][%[[TY]], %[[TX]]] : memref<4x8xf32>
// CHECK:       memref.store %[[V]], %[[P]][%[[FLAT]], %{{.*}}] : memref<32x2xf32>
// CHECK:       scf.for %[[TX2:.*]] = %{{.*}} to %[[BX]] step
// CHECK:       %[[FLAT2:.*]] = arith.addi %{{.*}}, %[[TX2]] : index
// CHECK:       %[[W:.*]] = memref.load %[[P]][%[[FLAT2]], %{{.*}}] : memref<32x2xf32>
builtin.module attributes {gpu.container_module} {
  gpu.module @main_kernels {
    gpu.func @keep(%a: memref<4x8xf32>) kernel attributes {gpu.known_block_size = array<i32: 8, 4, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %p = memref.alloca() : memref<2xf32>
      %c1 = arith.constant 1 : index
      %v = memref.load %a[%ty, %tx] : memref<4x8xf32>
      memref.store %v, %p[%c1] : memref<2xf32>
      gpu.barrier
      %w = memref.load %p[%c1] : memref<2xf32>
      %n = arith.negf %w : f32
      memref.store %n, %a[%ty, %tx] : memref<4x8xf32>
      gpu.return
    }
  }
}

// -----

// A top-level scf.for holding a barrier stays one loop per block (its bounds recomputed there),
// and its body is cut into thread loops at the barrier; its iv is usable in every phase.
// CHECK-LABEL: func.func @steps(
// CHECK-SAME:  %[[A:[^:]*]]: memref<16xf32>, %[[GX:[^:]*]]: index,
// CHECK:       %[[BX:.*]] = arith.constant 8 : index
// CHECK:       scf.for %[[BKX:.*]] = %{{.*}} to %[[GX]] step
// CHECK-NEXT:  %[[LO:.*]] = arith.constant 0 : index
// CHECK-NEXT:  %[[HI:.*]] = arith.constant 4 : index
// CHECK-NEXT:  %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:  scf.for %[[K:.*]] = %[[LO]] to %[[HI]] step %[[ONE]] {
// CHECK:       scf.for %[[TX:.*]] = %{{.*}} to %[[BX]] step
// CHECK:       %[[I:.*]] = arith.addi %[[TX]], %[[K]] : index
// CHECK-NEXT:  %[[V:.*]] = memref.load %[[A]][%[[I]]] : memref<16xf32>
// CHECK:       scf.for %[[TX2:.*]] = %{{.*}} to %[[BX]] step
// CHECK:       %[[I2:.*]] = arith.addi %[[TX2]], %[[K]] : index
// CHECK:       memref.store %{{.*}}, %[[A]][%[[I2]]] : memref<16xf32>
builtin.module attributes {gpu.container_module} {
  gpu.module @main_kernels {
    gpu.func @steps(%a: memref<16xf32>) kernel attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      scf.for %k = %c0 to %c4 step %c1 {
        %i = arith.addi %t, %k : index
        %v = memref.load %a[%i] : memref<16xf32>
        gpu.barrier
        %f = arith.constant 2.0 : f32
        memref.store %f, %a[%i] : memref<16xf32>
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// Without gpu.known_block_size the threads loop over the block-size arguments.
// CHECK-LABEL: func.func @free(
// CHECK-SAME:  %[[A:[^:]*]]: memref<64xf32>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[BX:.*]]: index, %[[BY:.*]]: index, %[[BZ:.*]]: index) {
// CHECK:       scf.for %{{.*}} = %{{.*}} to %[[BZ]] step
// CHECK:       scf.for %{{.*}} = %{{.*}} to %[[BY]] step
// CHECK:       scf.for %[[TX:.*]] = %{{.*}} to %[[BX]] step
// CHECK-NEXT:  %{{.*}} = memref.load %[[A]][%[[TX]]] : memref<64xf32>
builtin.module attributes {gpu.container_module} {
  gpu.module @main_kernels {
    gpu.func @free(%a: memref<64xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %a[%t] : memref<64xf32>
      memref.store %v, %a[%t] : memref<64xf32>
      gpu.return
    }
  }
}
