// RUN: not strata-opt %s -p convert-gpu-to-nvvm 2>&1 | filecheck %s

// The pass names every op it could not lower inside the gpu.module (a dynamic memref, f16 erf,
// a gpu op without an nvvm counterpart), and a gpu op the host cannot keep.

// CHECK:      error: convert-gpu-to-nvvm: 5 ops left (unsupported ops or types in kernels):
// CHECK-NEXT:   'gpu.launch' op
// CHECK-NEXT:   'gpu.subgroup_size' op
// CHECK-NEXT:   'memref.load' op
// CHECK-NEXT:   'memref.store' op
// CHECK-NEXT:   'math.erf' op

builtin.module attributes {gpu.container_module} {
  func.func @host(%m: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    func.return
  }
  gpu.module @main_kernels {
    gpu.func @k(%d: memref<?xf32>, %h: memref<4xf16>) kernel {
      %c0 = arith.constant 0 : index
      %n = "gpu.subgroup_size"() : () -> index
      %v = memref.load %d[%n] : memref<?xf32>
      memref.store %v, %d[%c0] : memref<?xf32>
      %x = memref.load %h[%c0] : memref<4xf16>
      %e = math.erf %x : f16
      memref.store %e, %h[%c0] : memref<4xf16>
      gpu.return
    }
  }
}
