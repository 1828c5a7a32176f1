// RUN: strata-opt %s -p convert-gpu-to-nvvm --split-input-file | filecheck %s

// Kernels become llvm.funcs marked nvvm.kernel (block size as nvvm.reqntid), memref arguments bare
// pointers (noalias where every launch passes distinct buffers); ids and dims read nvvm special
// registers, widened to i64 (index). The host function and its launch stay as they are.

// CHECK-LABEL: func.func @main
// CHECK:       gpu.launch_func @main_kernels::@ids blocks in
// CHECK:       gpu.module @main_kernels {
// CHECK:       llvm.func @ids(%[[OUT:.*]]: !llvm.ptr {llvm.noalias}) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 32, 2, 1>} {
// CHECK-DAG:   %[[TX:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-DAG:   %[[TY:.*]] = nvvm.read.ptx.sreg.tid.y : i32
// CHECK-DAG:   %[[TZ:.*]] = nvvm.read.ptx.sreg.tid.z : i32
// CHECK-DAG:   %[[BX:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK-DAG:   %[[BY:.*]] = nvvm.read.ptx.sreg.ctaid.y : i32
// CHECK-DAG:   %[[BZ:.*]] = nvvm.read.ptx.sreg.ctaid.z : i32
// CHECK-DAG:   %[[NX:.*]] = nvvm.read.ptx.sreg.ntid.x : i32
// CHECK-DAG:   %[[NY:.*]] = nvvm.read.ptx.sreg.ntid.y : i32
// CHECK-DAG:   %[[NZ:.*]] = nvvm.read.ptx.sreg.ntid.z : i32
// CHECK-DAG:   %[[GX:.*]] = nvvm.read.ptx.sreg.nctaid.x : i32
// CHECK-DAG:   %[[GY:.*]] = nvvm.read.ptx.sreg.nctaid.y : i32
// CHECK-DAG:   %[[GZ:.*]] = nvvm.read.ptx.sreg.nctaid.z : i32
// CHECK-DAG:   %[[TX64:.*]] = llvm.zext %[[TX]] : i32 to i64
// CHECK-DAG:   %[[GZ64:.*]] = llvm.zext %[[GZ]] : i32 to i64
// CHECK:       %[[SUM:.*]] = llvm.add %[[TX64]], %{{.*}} : i64
// CHECK:       %[[LAST:.*]] = llvm.add %{{.*}}, %[[GZ64]] : i64
// CHECK:       %[[P:.*]] = llvm.getelementptr inbounds %[[OUT]][%[[TX64]]] : (!llvm.ptr, i64) -> !llvm.ptr, i64
// CHECK:       llvm.store %[[LAST]], %[[P]] : i64, !llvm.ptr
// CHECK:       llvm.return
builtin.module attributes {gpu.container_module} {
  func.func @main(%out: memref<64xi64>) -> i32 {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @main_kernels::@ids blocks in (%c1, %c1, %c1) threads in (%c32, %c2, %c1) args(%out : memref<64xi64>)
    %ok = arith.constant 0 : i32
    func.return %ok : i32
  }
  gpu.module @main_kernels {
    gpu.func @ids(%o: memref<64xi64>) kernel attributes {gpu.known_block_size = array<i32: 32, 2, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %tz = gpu.thread_id z
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bz = gpu.block_id z
      %nx = gpu.block_dim x
      %ny = gpu.block_dim y
      %nz = gpu.block_dim z
      %gx = gpu.grid_dim x
      %gy = gpu.grid_dim y
      %gz = gpu.grid_dim z
      %s0 = arith.addi %tx, %ty : index
      %s1 = arith.addi %s0, %tz : index
      %s2 = arith.addi %s1, %bx : index
      %s3 = arith.addi %s2, %by : index
      %s4 = arith.addi %s3, %bz : index
      %s5 = arith.addi %s4, %nx : index
      %s6 = arith.addi %s5, %ny : index
      %s7 = arith.addi %s6, %nz : index
      %s8 = arith.addi %s7, %gx : index
      %s9 = arith.addi %s8, %gy : index
      %s10 = arith.addi %s9, %gz : index
      %v = arith.index_cast %s10 : index to i64
      memref.store %v, %o[%tx] : memref<64xi64>
      gpu.return
    }
  }
}

// -----

// Static shared memory: a global in address space 3 (no initializer), addressed as !llvm.ptr<3>;
// gpu.barrier is nvvm.barrier0; scf loops and ifs become branches; a private alloca an llvm.alloca.

// CHECK:       gpu.module @main_kernels {
// CHECK:       llvm.mlir.global private @__shared_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<128 x f32>
// CHECK-LABEL: llvm.func @reduce
// CHECK-SAME:  (%[[X:.*]]: !llvm.ptr, %[[O:.*]]: !llvm.ptr) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>}
// CHECK:       %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK:       %[[TID64:.*]] = llvm.zext %[[TID]] : i32 to i64
// CHECK:       %[[SH:.*]] = llvm.mlir.addressof @__shared_0 : !llvm.ptr<3>
// CHECK:       %[[PRIV:.*]] = llvm.alloca %{{.*}} x f32 {alignment = 64 : i64} : (i64) -> !llvm.ptr
// CHECK:       %[[XP:.*]] = llvm.getelementptr inbounds %[[X]][%[[TID64]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:       %[[XV:.*]] = llvm.load %[[XP]] : !llvm.ptr -> f32
// CHECK:       %[[SP:.*]] = llvm.getelementptr inbounds %[[SH]][%[[TID64]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
// CHECK:       llvm.store %[[XV]], %[[SP]] : f32, !llvm.ptr<3>
// CHECK:       nvvm.barrier0
// CHECK:       llvm.br ^[[HEAD:.*]](%{{.*}} : i64)
// CHECK:       ^[[HEAD]](%[[K:.*]]: i64):
// CHECK:       llvm.cond_br %{{.*}}, ^[[BODY:.*]], ^[[EXIT:.*]]
// CHECK:       ^[[BODY]]:
// CHECK:       llvm.cond_br %{{.*}}, ^[[THEN:.*]], ^[[JOIN:.*]]
// CHECK:       ^[[THEN]]:
// CHECK:       llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK:       llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK:       ^[[JOIN]]:
// CHECK-NEXT:  nvvm.barrier0
// CHECK:       ^[[EXIT]]:
// CHECK:       llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK:       llvm.store %{{.*}}, %[[PRIV]] : f32, !llvm.ptr
// CHECK:       llvm.return
builtin.module attributes {gpu.container_module} {
  gpu.module @main_kernels {
    "memref.global"() <{sym_name = "__shared_0", type = memref<128xf32, 3>, initial_value, sym_visibility = "private"}> : () -> ()
    gpu.func @reduce(%x: memref<128xf32>, %o: memref<1xf32>) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tid = gpu.thread_id x
      %sh = memref.get_global @__shared_0 : memref<128xf32, 3>
      %p = memref.alloca() : memref<1xf32>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c7 = arith.constant 7 : index
      %c64 = arith.constant 64 : index
      %v = memref.load %x[%tid] : memref<128xf32>
      memref.store %v, %sh[%tid] : memref<128xf32, 3>
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
      memref.store %total, %p[%c0] : memref<1xf32>
      gpu.return
    }
  }
}

// -----

// Math NVPTX cannot select calls libdevice (declared in the gpu.module, f32 and f64 names); sqrt,
// fabs, floor, ceil, fma stay LLVM intrinsics; rsqrt is 1 / sqrt (correctly rounded both).

// CHECK:       gpu.module @main_kernels {
// CHECK-DAG:   llvm.func @__nv_expf(f32) -> f32
// CHECK-DAG:   llvm.func @__nv_exp(f64) -> f64
// CHECK-DAG:   llvm.func @__nv_logf(f32) -> f32
// CHECK-DAG:   llvm.func @__nv_tanhf(f32) -> f32
// CHECK-DAG:   llvm.func @__nv_erff(f32) -> f32
// CHECK-DAG:   llvm.func @__nv_powf(f32, f32) -> f32
// CHECK-DAG:   llvm.func @__nv_log1pf(f32) -> f32
// CHECK-DAG:   llvm.func @__nv_expm1f(f32) -> f32
// CHECK-DAG:   llvm.func @__nv_sinf(f32) -> f32
// CHECK-DAG:   llvm.func @__nv_cosf(f32) -> f32
// CHECK-LABEL: llvm.func @math
// CHECK:       %[[A:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK:       %[[E:.*]] = llvm.call @__nv_expf(%[[A]]) : (f32) -> f32
// CHECK:       %[[L:.*]] = llvm.call @__nv_logf(%[[E]]) : (f32) -> f32
// CHECK:       %[[T:.*]] = llvm.call @__nv_tanhf(%[[L]]) : (f32) -> f32
// CHECK:       %[[R:.*]] = llvm.call @__nv_erff(%[[T]]) : (f32) -> f32
// CHECK:       %[[P:.*]] = llvm.call @__nv_powf(%[[R]], %[[A]]) : (f32, f32) -> f32
// CHECK:       %[[L1P:.*]] = llvm.call @__nv_log1pf(%[[P]]) : (f32) -> f32
// CHECK:       %[[EM1:.*]] = llvm.call @__nv_expm1f(%[[L1P]]) : (f32) -> f32
// CHECK:       %[[S:.*]] = llvm.call @__nv_sinf(%[[EM1]]) : (f32) -> f32
// CHECK:       %[[C:.*]] = llvm.call @__nv_cosf(%[[S]]) : (f32) -> f32
// CHECK:       %[[SQ:.*]] = llvm.intr.sqrt(%[[C]]) : (f32) -> f32
// CHECK:       %[[ABS:.*]] = llvm.intr.fabs(%[[SQ]]) : (f32) -> f32
// CHECK:       %[[FL:.*]] = llvm.intr.floor(%[[ABS]]) : (f32) -> f32
// CHECK:       %[[CE:.*]] = llvm.intr.ceil(%[[FL]]) : (f32) -> f32
// CHECK:       %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK:       %[[ROOT:.*]] = llvm.intr.sqrt(%[[CE]]) : (f32) -> f32
// CHECK:       %[[RS:.*]] = llvm.fdiv %[[ONE]], %[[ROOT]] : f32
// CHECK:       llvm.intr.fma(%[[RS]], %[[A]], %[[A]]) : (f32, f32, f32) -> f32
// CHECK:       %[[D:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f64
// CHECK:       llvm.call @__nv_exp(%[[D]]) : (f64) -> f64
builtin.module attributes {gpu.container_module} {
  gpu.module @main_kernels {
    gpu.func @math(%x: memref<4xf32>, %y: memref<4xf64>) kernel {
      %c0 = arith.constant 0 : index
      %a = memref.load %x[%c0] : memref<4xf32>
      %e = math.exp %a : f32
      %l = math.log %e : f32
      %t = math.tanh %l : f32
      %r = math.erf %t : f32
      %p = math.powf %r, %a : f32
      %l1p = math.log1p %p : f32
      %em1 = math.expm1 %l1p : f32
      %s = math.sin %em1 : f32
      %c = math.cos %s : f32
      %sq = math.sqrt %c : f32
      %abs = math.absf %sq : f32
      %fl = math.floor %abs : f32
      %ce = math.ceil %fl : f32
      %rs = math.rsqrt %ce : f32
      %f = math.fma %rs, %a, %a : f32
      memref.store %f, %x[%c0] : memref<4xf32>
      %d = memref.load %y[%c0] : memref<4xf64>
      %de = math.exp %d : f64
      memref.store %de, %y[%c0] : memref<4xf64>
      gpu.return
    }
  }
}

// -----

// An argument is noalias only where every launch passes a buffer no other argument views: @copy
// gets the same buffer twice at its second launch, and @scale a buffer and a reshape of it.
// CHECK-LABEL: gpu.module @main_kernels
// CHECK:       llvm.func @copy(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// CHECK:       llvm.func @scale(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr {llvm.noalias})
builtin.module attributes {gpu.container_module} {
  func.func @main(%a: memref<4xf32>, %b: memref<4xf32>, %c: memref<4xf32>) -> i32 {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @main_kernels::@copy blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32>, %b : memref<4xf32>)
    gpu.launch_func @main_kernels::@copy blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32>, %a : memref<4xf32>)
    %a2 = memref.expand_shape %a [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
    gpu.launch_func @main_kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32>, %a2 : memref<2x2xf32>, %c : memref<4xf32>)
    %ok = arith.constant 0 : i32
    func.return %ok : i32
  }
  gpu.module @main_kernels {
    gpu.func @copy(%x: memref<4xf32>, %y: memref<4xf32>) kernel attributes {gpu.known_block_size = array<i32: 4, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<4xf32>
      memref.store %v, %y[%t] : memref<4xf32>
      gpu.return
    }
    gpu.func @scale(%x: memref<4xf32>, %x2: memref<2x2xf32>, %y: memref<4xf32>) kernel attributes {gpu.known_block_size = array<i32: 4, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<4xf32>
      memref.store %v, %y[%t] : memref<4xf32>
      gpu.return
    }
  }
}
