// Every math op the CPU path lowers also compiles for the GPU, in f32 and f64: libdevice for what
// NVPTX cannot select (linked, so no call is left in the PTX), intrinsics for the rest.
// RUN: strata-translate %s --to-llvmir --triple nvptx64-nvidia-cuda | filecheck %s --check-prefix=IR
// RUN: strata-translate %s --to-ptx --chip sm_80 | filecheck %s --check-prefix=PTX
// RUN: %if ptxas %{ strata-translate %s --to-cubin --chip sm_80 -o %t.sm_80.cubin %}
// RUN: %if ptxas %{ strata-translate %s --to-cubin --chip sm_90 -o %t.sm_90.cubin %}

builtin.module attributes {gpu.container_module} {
  gpu.module @main_kernels {
    gpu.func @math_f32(%x: memref<64xf32>) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %v0 = memref.load %x[%i] : memref<64xf32>
      %v1 = math.exp %v0 : f32
      %v2 = math.exp2 %v1 : f32
      %v3 = math.expm1 %v2 : f32
      %v4 = math.log %v3 : f32
      %v5 = math.log2 %v4 : f32
      %v6 = math.log10 %v5 : f32
      %v7 = math.log1p %v6 : f32
      %v8 = math.tanh %v7 : f32
      %v9 = math.erf %v8 : f32
      %v10 = math.sin %v9 : f32
      %v11 = math.cos %v10 : f32
      %v12 = math.tan %v11 : f32
      %v13 = math.asin %v12 : f32
      %v14 = math.acos %v13 : f32
      %v15 = math.atan %v14 : f32
      %v16 = math.sinh %v15 : f32
      %v17 = math.cosh %v16 : f32
      %v18 = math.cbrt %v17 : f32
      %v19 = math.sqrt %v18 : f32
      %v20 = math.absf %v19 : f32
      %v21 = math.floor %v20 : f32
      %v22 = math.ceil %v21 : f32
      %v23 = math.round %v22 : f32
      %v24 = math.roundeven %v23 : f32
      %v25 = math.trunc %v24 : f32
      %v26 = math.rsqrt %v25 : f32
      %v27 = math.powf %v26, %v0 : f32
      %v28 = math.atan2 %v27, %v0 : f32
      %v29 = math.fma %v28, %v0, %v0 : f32
      %v30 = math.copysign %v29, %v0 : f32
      memref.store %v30, %x[%i] : memref<64xf32>
      gpu.return
    }
    gpu.func @math_f64(%x: memref<64xf64>) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %v0 = memref.load %x[%i] : memref<64xf64>
      %v1 = math.exp %v0 : f64
      %v2 = math.exp2 %v1 : f64
      %v3 = math.expm1 %v2 : f64
      %v4 = math.log %v3 : f64
      %v5 = math.log2 %v4 : f64
      %v6 = math.log10 %v5 : f64
      %v7 = math.log1p %v6 : f64
      %v8 = math.tanh %v7 : f64
      %v9 = math.erf %v8 : f64
      %v10 = math.sin %v9 : f64
      %v11 = math.cos %v10 : f64
      %v12 = math.tan %v11 : f64
      %v13 = math.asin %v12 : f64
      %v14 = math.acos %v13 : f64
      %v15 = math.atan %v14 : f64
      %v16 = math.sinh %v15 : f64
      %v17 = math.cosh %v16 : f64
      %v18 = math.cbrt %v17 : f64
      %v19 = math.sqrt %v18 : f64
      %v20 = math.absf %v19 : f64
      %v21 = math.floor %v20 : f64
      %v22 = math.ceil %v21 : f64
      %v23 = math.round %v22 : f64
      %v24 = math.roundeven %v23 : f64
      %v25 = math.trunc %v24 : f64
      %v26 = math.rsqrt %v25 : f64
      %v27 = math.powf %v26, %v0 : f64
      %v28 = math.atan2 %v27, %v0 : f64
      %v29 = math.fma %v28, %v0, %v0 : f64
      %v30 = math.copysign %v29, %v0 : f64
      memref.store %v30, %x[%i] : memref<64xf64>
      gpu.return
    }
  }
}

// IR-DAG: declare float @"__nv_expf"(float
// IR-DAG: declare float @"__nv_tanhf"(float
// IR-DAG: declare float @"__nv_erff"(float
// IR-DAG: declare float @"__nv_log1pf"(float
// IR-DAG: declare float @"__nv_powf"(float
// IR-DAG: declare float @"__nv_atan2f"(float
// IR-DAG: declare double @"__nv_exp"(double
// IR-DAG: declare double @"__nv_erf"(double
// IR-DAG: declare double @"__nv_cbrt"(double
// IR-DAG: define ptx_kernel void @"math_f32"(ptr %"x")
// IR-DAG: define ptx_kernel void @"math_f64"(ptr %"x")

// Nothing external is left: libdevice's own helpers become internal .funcs.
// PTX-NOT: .extern
// PTX-NOT: __nv_
// PTX:     .visible .entry math_f32(
// PTX:     sqrt.rn.f32
// PTX:     cvt.rmi.f32.f32
// PTX:     .visible .entry math_f64(
// PTX:     sqrt.rn.f64
