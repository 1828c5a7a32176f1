// RUN: not strata-opt %s -p convert-gpu-to-cpu-sim 2>&1 | filecheck %s

// Kernels outside the barrier rule of the gpu stage: every offending op is named at once.
// CHECK: error: convert-gpu-to-cpu-sim: 5 kernels cannot be emulated:
// CHECK-NEXT: node 'loaded' (memref.load): value used across a gpu.barrier is not rematerializable (pass it through shared memory or a private alloca)
// CHECK-NEXT: 'gpu.barrier' op gpu.barrier below the top level of the kernel
// CHECK-NEXT: 'scf.for' op a loop holding barriers may not carry values (iter_args)
// CHECK-NEXT: 'gpu.thread_id' op thread id used in the bounds of a loop holding barriers
// CHECK-NEXT: 'gpu.func' op a private alloca needs the gpu.known_block_size attribute
builtin.module attributes {gpu.container_module} {
  gpu.module @main_kernels {
    gpu.func @load_across_barrier(%a: memref<8xf32>) kernel attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %a[%t] : memref<8xf32> loc("loaded")
      gpu.barrier
      memref.store %v, %a[%t] : memref<8xf32>
      gpu.return
    }
    gpu.func @barrier_under_if(%a: memref<8xf32>, %c: i1) kernel attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
      %t = gpu.thread_id x
      %f = arith.constant 1.0 : f32
      memref.store %f, %a[%t] : memref<8xf32>
      scf.if %c {
        gpu.barrier
      }
      gpu.return
    }
    gpu.func @loop_carries_value(%a: memref<8xf32>) kernel attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %z = arith.constant 0.0 : f32
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (f32) {
        gpu.barrier
        scf.yield %acc : f32
      }
      gpu.return
    }
    gpu.func @loop_bound_per_thread(%a: memref<8xf32>) kernel attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      scf.for %i = %c0 to %t step %c1 {
        gpu.barrier
      }
      gpu.return
    }
    gpu.func @alloca_without_block_size(%a: memref<8xf32>) kernel {
      %p = memref.alloca() : memref<2xf32>
      gpu.return
    }
  }
}
