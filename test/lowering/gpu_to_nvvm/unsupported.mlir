// RUN: strata-opt %s -p convert-gpu-to-nvvm --verify-diagnostics

// The pass names every op it could not lower inside the gpu.module (a dynamic memref, f16 erf,
// a gpu op without an nvvm counterpart), and a gpu op the host cannot keep.

builtin.module attributes {gpu.container_module} {
  func.func @host(%m: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch' op convert-gpu-to-nvvm: ops left (unsupported ops or types in kernels)}}
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    func.return
  }
  gpu.module @main_kernels {
    gpu.func @k(%d: memref<?xf32>, %h: memref<4xf16>) kernel {
      %c0 = arith.constant 0 : index
      %n = "gpu.subgroup_size"() : () -> index  // expected-error {{'gpu.subgroup_size' op convert-gpu-to-nvvm}}
      %v = memref.load %d[%n] : memref<?xf32>  // expected-error {{'memref.load' op convert-gpu-to-nvvm}}
      memref.store %v, %d[%c0] : memref<?xf32>  // expected-error {{'memref.store' op convert-gpu-to-nvvm}}
      %x = memref.load %h[%c0] : memref<4xf16>
      %e = math.erf %x : f16  // expected-error {{'math.erf' op convert-gpu-to-nvvm}}
      memref.store %e, %h[%c0] : memref<4xf16>
      gpu.return
    }
  }
}
