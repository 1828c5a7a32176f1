// c = a @ b (32x48 @ 48x32) tiled 16x16 through two shared-memory tiles: a 2-D grid and block,
// two barriers per K tile, the accumulator in a private alloca (local memory, promoted to a
// register by LLVM).
// RUN: strata-translate %s --to-ptx --chip sm_80 | filecheck %s
// RUN: %if ptxas %{ strata-translate %s --to-cubin --chip sm_80 -o %t.sm_80.cubin %}
// RUN: %if ptxas %{ strata-translate %s --to-cubin --chip sm_90 -o %t.sm_90.cubin %}

builtin.module attributes {gpu.container_module} {
  func.func @main(%a: memref<32x48xf32>, %b: memref<48x32xf32>, %c: memref<32x32xf32>, %arena: memref<64xi8>) -> i32 {
    %c1 = arith.constant 1 : index
    %g = arith.constant 2 : index
    %t = arith.constant 16 : index
    gpu.launch_func @main_kernels::@main_kernel_0_matmul blocks in (%g, %g, %c1) threads in (%t, %t, %c1) args(%a : memref<32x48xf32>, %b : memref<48x32xf32>, %c : memref<32x32xf32>)
    %ok = arith.constant 0 : i32
    func.return %ok : i32
  }
  gpu.module @main_kernels {
    "memref.global"() <{sym_name = "__shared_0", type = memref<16x16xf32, 3>, initial_value, sym_visibility = "private"}> : () -> ()
    "memref.global"() <{sym_name = "__shared_1", type = memref<16x16xf32, 3>, initial_value, sym_visibility = "private"}> : () -> ()
    gpu.func @main_kernel_0_matmul(%A: memref<32x48xf32>, %B: memref<48x32xf32>, %C: memref<32x32xf32>) kernel attributes {gpu.known_block_size = array<i32: 16, 16, 1>} {
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %As = memref.get_global @__shared_0 : memref<16x16xf32, 3>
      %Bs = memref.get_global @__shared_1 : memref<16x16xf32, 3>
      %acc = memref.alloca() : memref<1xf32>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %rb = arith.muli %by, %c16 : index
      %row = arith.addi %rb, %ty : index
      %cb = arith.muli %bx, %c16 : index
      %col = arith.addi %cb, %tx : index
      memref.store %zero, %acc[%c0] : memref<1xf32>
      scf.for %kt = %c0 to %c3 step %c1 {
        %k0 = arith.muli %kt, %c16 : index
        %ak = arith.addi %k0, %tx : index
        %va = memref.load %A[%row, %ak] : memref<32x48xf32>
        memref.store %va, %As[%ty, %tx] : memref<16x16xf32, 3>
        %bk = arith.addi %k0, %ty : index
        %vb = memref.load %B[%bk, %col] : memref<48x32xf32>
        memref.store %vb, %Bs[%ty, %tx] : memref<16x16xf32, 3>
        gpu.barrier
        %sum0 = memref.load %acc[%c0] : memref<1xf32>
        %sum = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %sum0) -> (f32) {
          %x = memref.load %As[%ty, %k] : memref<16x16xf32, 3>
          %y = memref.load %Bs[%k, %tx] : memref<16x16xf32, 3>
          %p = arith.mulf %x, %y : f32
          %n = arith.addf %s, %p : f32
          scf.yield %n : f32
        }
        memref.store %sum, %acc[%c0] : memref<1xf32>
        gpu.barrier
      }
      %r = memref.load %acc[%c0] : memref<1xf32>
      memref.store %r, %C[%row, %col] : memref<32x32xf32>
      gpu.return
    }
  }
}

// CHECK:     .target sm_80
// CHECK:     .visible .entry main_kernel_0_matmul(
// CHECK-NEXT:  .param .u64 .ptr .align 1 main_kernel_0_matmul_param_0,
// CHECK-NEXT:  .param .u64 .ptr .align 1 main_kernel_0_matmul_param_1,
// CHECK-NEXT:  .param .u64 .ptr .align 1 main_kernel_0_matmul_param_2
// CHECK-NEXT:)
// CHECK-NEXT:.reqntid 16, 16, 1
// CHECK-DAG: .shared .align 16 .b8 __shared_0[1024];
// CHECK-DAG: .shared .align 16 .b8 __shared_1[1024];
// CHECK-DAG: mov.u32 {{.*}}, %ctaid.y;
// CHECK-DAG: mov.u32 {{.*}}, %tid.y;
// CHECK:     ld.global.nc.{{[bf]}}32
// CHECK:     st.shared.{{[bf]}}32
// CHECK:     bar.sync 0;
// CHECK:     ld.shared
// CHECK:     mul.rn.f32
// CHECK:     bar.sync 0;
// CHECK:     st.global.{{[bf]}}32
// CHECK-NOT: .local
// CHECK:     ret;
