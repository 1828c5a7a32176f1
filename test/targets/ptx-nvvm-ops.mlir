// Every nvvm op exports as its intrinsic and selects to the PTX instruction it names (input at the
// nvvm stage: nothing left to lower).
// RUN: strata-translate %s --to-llvmir --triple nvptx64-nvidia-cuda | filecheck %s --check-prefix=IR
// RUN: strata-translate %s --to-ptx --chip sm_80 | filecheck %s
// RUN: %if ptxas %{ strata-translate %s --to-cubin --chip sm_80 -o %t.sm_80.cubin %}
// RUN: %if ptxas %{ strata-translate %s --to-cubin --chip sm_90 -o %t.sm_90.cubin %}

builtin.module attributes {gpu.container_module} {
  gpu.module @main_kernels {
    llvm.func @warp_sum(%x: !llvm.ptr, %y: !llvm.ptr) attributes {nvvm.kernel} {
      %lane = nvvm.read.ptx.sreg.laneid : i32
      %warp = nvvm.read.ptx.sreg.warpsize : i32
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %ntid = nvvm.read.ptx.sreg.ntid.y : i32
      %ctaid = nvvm.read.ptx.sreg.ctaid.z : i32
      %nctaid = nvvm.read.ptx.sreg.nctaid.x : i32
      %i = llvm.zext %tid : i32 to i64
      %p = llvm.getelementptr inbounds %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %v = llvm.load %p : !llvm.ptr -> f32
      %mask = llvm.mlir.constant(-1 : i32) : i32
      %clamp = llvm.mlir.constant(31 : i32) : i32
      %one = llvm.mlir.constant(1 : i32) : i32
      %o = nvvm.shfl.sync bfly %mask, %v, %one, %clamp : f32 -> f32
      %s = llvm.fadd %v, %o : f32
      %d = nvvm.shfl.sync down %mask, %lane, %one, %clamp : i32 -> i32
      %q = nvvm.shfl.sync idx %mask, %s, %warp, %clamp : f32 -> f32
      nvvm.barrier0
      %a = llvm.add %d, %ntid : i32
      %b = llvm.add %a, %ctaid : i32
      %c = llvm.add %b, %nctaid : i32
      %cf = llvm.sitofp %c : i32 to f32
      %r = llvm.fadd %q, %cf : f32
      %out = llvm.getelementptr inbounds %y[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %r, %out : f32, !llvm.ptr
      llvm.return
    }
  }
}

// IR:  define ptx_kernel void @"warp_sum"(ptr %"x", ptr %"y")
// IR:  call i32 @"llvm.nvvm.read.ptx.sreg.laneid"()
// IR:  call i32 @"llvm.nvvm.read.ptx.sreg.warpsize"()
// IR:  call float @"llvm.nvvm.shfl.sync.bfly.f32"(i32 -1, float %{{.*}}, i32 1, i32 31)
// IR:  call i32 @"llvm.nvvm.shfl.sync.down.i32"(i32 -1, i32 %{{.*}}, i32 1, i32 31)
// IR:  call float @"llvm.nvvm.shfl.sync.idx.f32"(i32 -1, float %{{.*}}, i32 %{{.*}}, i32 31)
// IR:  call void @"llvm.nvvm.barrier0"()

// CHECK:     .visible .entry warp_sum(
// CHECK-DAG: mov.u32 {{.*}}, %laneid;
// CHECK-DAG: mov.u32 {{.*}}, %ntid.y;
// CHECK-DAG: mov.u32 {{.*}}, %ctaid.z;
// CHECK-DAG: mov.u32 {{.*}}, %nctaid.x;
// CHECK-DAG: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// CHECK-DAG: shfl.sync.down.b32 {{.*}}, 1, 31, -1;
// CHECK-DAG: shfl.sync.idx.b32 {{.*}}, 32, 31, -1;
// CHECK:     bar.sync 0;
// CHECK:     ret;
