// A row softmax at the gpu stage: one block of 128 threads per row, exp through libdevice, a tree
// reduction in shared memory between barriers. Checked at every GPU export: the nvvm stage, the
// NVPTX LLVM IR (as translated, then linked and optimised), the PTX, and ptxas for sm_80 and sm_90.
// RUN: strata-opt %s --emit=nvvm | filecheck %s --check-prefix=NVVM
// RUN: strata-translate %s --to-llvmir --triple nvptx64-nvidia-cuda | filecheck %s --check-prefix=IR
// RUN: strata-translate %s --to-llvmir --triple nvptx64-nvidia-cuda -O3 | filecheck %s --check-prefix=OPT
// RUN: strata-translate %s --to-ptx --chip sm_80 | filecheck %s --check-prefix=PTX
// RUN: strata-translate %s --to-ptx --chip sm_90 | filecheck %s --check-prefix=PTX90
// RUN: %if ptxas %{ strata-translate %s --to-cubin --chip sm_80 -o %t.sm_80.cubin %}
// RUN: %if ptxas %{ %python -c "import sys; assert open(sys.argv[1], 'rb').read(4) == b'\x7fELF'" %t.sm_80.cubin %}
// RUN: %if ptxas %{ strata-translate %s --to-cubin --chip sm_90 -o %t.sm_90.cubin %}
// RUN: %if ptxas %{ %python -c "import sys; assert open(sys.argv[1], 'rb').read(4) == b'\x7fELF'" %t.sm_90.cubin %}

builtin.module attributes {gpu.container_module} {
  func.func @main(%x: memref<4x128xf32>, %y: memref<4x128xf32>, %arena: memref<64xi8>) -> i32 {
    %c1 = arith.constant 1 : index
    %rows = arith.constant 4 : index
    %threads = arith.constant 128 : index
    gpu.launch_func @main_kernels::@main_kernel_0_softmax blocks in (%rows, %c1, %c1) threads in (%threads, %c1, %c1) args(%x : memref<4x128xf32>, %y : memref<4x128xf32>)
    %ok = arith.constant 0 : i32
    func.return %ok : i32
  }
  gpu.module @main_kernels {
    "memref.global"() <{sym_name = "__shared_0", type = memref<128xf32, 3>, initial_value, sym_visibility = "private"}> : () -> ()
    gpu.func @main_kernel_0_softmax(%x: memref<4x128xf32>, %y: memref<4x128xf32>) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %row = gpu.block_id x
      %tid = gpu.thread_id x
      %sh = memref.get_global @__shared_0 : memref<128xf32, 3>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c7 = arith.constant 7 : index
      %c64 = arith.constant 64 : index
      %v = memref.load %x[%row, %tid] : memref<4x128xf32>
      %e = math.exp %v : f32
      memref.store %e, %sh[%tid] : memref<128xf32, 3>
      gpu.barrier
      scf.for %k = %c0 to %c7 step %c1 {
        %stride = arith.shrui %c64, %k : index
        %active = arith.cmpi ult, %tid, %stride : index
        scf.if %active {
          %other = arith.addi %tid, %stride : index
          %l = memref.load %sh[%tid] : memref<128xf32, 3>
          %r = memref.load %sh[%other] : memref<128xf32, 3>
          %sum = arith.addf %l, %r : f32
          memref.store %sum, %sh[%tid] : memref<128xf32, 3>
        }
        gpu.barrier
      }
      %total = memref.load %sh[%c0] : memref<128xf32, 3>
      %again = memref.load %x[%row, %tid] : memref<4x128xf32>
      %num = math.exp %again : f32
      %q = arith.divf %num, %total : f32
      memref.store %q, %y[%row, %tid] : memref<4x128xf32>
      gpu.return
    }
  }
}

// NVVM-LABEL: func.func @main
// NVVM:       gpu.launch_func @main_kernels::@main_kernel_0_softmax
// NVVM:       gpu.module @main_kernels {
// NVVM-DAG:   llvm.func @__nv_expf(f32) -> f32
// NVVM-DAG:   llvm.mlir.global private @__shared_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<128 x f32>
// NVVM:       llvm.func @main_kernel_0_softmax(%{{.*}}: !llvm.ptr {llvm.noalias}, %{{.*}}: !llvm.ptr {llvm.noalias}) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>}
// NVVM-DAG:   nvvm.read.ptx.sreg.ctaid.x : i32
// NVVM-DAG:   nvvm.read.ptx.sreg.tid.x : i32
// NVVM:       %[[SH:.*]] = llvm.mlir.addressof @__shared_0 : !llvm.ptr<3>
// NVVM:       llvm.call @__nv_expf
// NVVM:       llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// NVVM-NEXT:  nvvm.barrier0
// NVVM:       nvvm.barrier0
// NVVM:       llvm.fdiv

// IR:      target triple = "nvptx64-nvidia-cuda"
// IR:      @"__shared_0" = private addrspace(3) global [128 x float] undef, align 16
// IR:      declare float @"__nv_expf"(float
// IR:      define ptx_kernel void @"main_kernel_0_softmax"(ptr noalias %"x", ptr noalias %"y")
// IR:      call i32 @"llvm.nvvm.read.ptx.sreg.tid.x"()
// IR:      call ccc float @"__nv_expf"
// IR:      store float %{{.*}}, float addrspace(3)* %{{.*}}
// IR:      call void @"llvm.nvvm.barrier0"()
// IR:      !nvvm.annotations = !{ ![[X:.*]], ![[Y:.*]], ![[Z:.*]] }
// IR:      ![[X]] = !{ void (ptr, ptr)* @"main_kernel_0_softmax", !"reqntidx", i32 128 }

// libdevice is linked in and inlined: no call to it is left.
// OPT:     target datalayout = "e-
// OPT:     target triple = "nvptx64-nvidia-cuda"
// OPT-NOT: declare {{.*}}@__nv_expf
// OPT:     define ptx_kernel void @main_kernel_0_softmax(
// OPT-NOT: call {{.*}}@__nv_expf
// OPT:     ret void

// PTX:      .version 8.0
// PTX-NEXT: .target sm_80
// PTX-NEXT: .address_size 64
// PTX:      .visible .entry main_kernel_0_softmax(
// PTX-NEXT:   .param .u64 .ptr .align 1 main_kernel_0_softmax_param_0,
// PTX-NEXT:   .param .u64 .ptr .align 1 main_kernel_0_softmax_param_1
// PTX-NEXT: )
// PTX-NEXT: .reqntid 128, 1, 1
// PTX:      .shared .align 16 .b8 __shared_0[512];
// PTX:      mov.u32 {{.*}}, %ctaid.x;
// PTX:      mov.u32 {{.*}}, %tid.x;
// PTX:      ld.global{{(.nc)?}}.{{[bf]}}32
// PTX:      ex2.approx
// PTX:      st.shared.{{[bf]}}32
// PTX:      bar.sync 0;
// PTX:      ld.shared.{{[bf]}}32
// PTX:      div.rn.f32
// PTX:      st.global.{{[bf]}}32
// PTX-NOT:  call
// PTX:      ret;

// PTX90:      .target sm_90
// PTX90:      .visible .entry main_kernel_0_softmax(
