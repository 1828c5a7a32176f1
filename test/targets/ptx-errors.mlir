// Bad GPU export options are one-line errors before anything is compiled; so is input without
// GPU kernels (an llvm-stage module of the CPU pipeline).
// RUN: not strata-translate %s --to-ptx --chip sm_99 2>&1 | filecheck %s --check-prefix=CHIP
// RUN: not strata-translate %s --to-ptx --chip sm_90 --ptx-features +ptx70 2>&1 | filecheck %s --check-prefix=OLD
// RUN: not strata-translate %s --to-ptx --ptx-features +ptx91 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: not strata-translate %s --to-ptx --ptx-features sm80 2>&1 | filecheck %s --check-prefix=FEATURE
// RUN: not strata-translate %s --to-cubin 2>&1 | filecheck %s --check-prefix=NOOUT
// RUN: not strata-translate %s --to-llvmir --triple nvptx-nvidia-cuda 2>&1 | filecheck %s --check-prefix=TRIPLE
// RUN: echo "llvm.func @f() { llvm.return }" > %t.llvm.mlir
// RUN: not strata-translate %t.llvm.mlir --to-ptx 2>&1 | filecheck %s --check-prefix=CPU

// CHIP:    error: unknown chip 'sm_99' (chips: sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a, sm_100, sm_120)
// OLD:     error: sm_90 needs PTX ISA 7.8 or newer (--ptx-features +ptx78), found +ptx70
// UNKNOWN: error: unknown PTX ISA version '+ptx91' (known: +ptx60 to +ptx90)
// FEATURE: error: unsupported PTX feature 'sm80' (expected +ptxNN, e.g. +ptx80)
// NOOUT:   error: --to-cubin writes binary output: give -o FILE
// TRIPLE:  error: unsupported GPU triple 'nvptx-nvidia-cuda' (expected nvptx64-nvidia-cuda)
// CPU:     error: module is at the 'llvm' stage of the cpu pipeline, which cannot continue to the cuda pipeline

builtin.module attributes {gpu.container_module} {
  gpu.module @main_kernels {
    gpu.func @k(%x: memref<4xf32>) kernel {
      gpu.return
    }
  }
}
