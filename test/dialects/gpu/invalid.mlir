// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @two_sizes(%m: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected 3 sizes (x, y, z), found 2}}
  gpu.launch_func @k::@f blocks in (%c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<8xf32>)
  func.return
}

// -----

gpu.module @k {
  gpu.func @f() kernel {
    // expected-error @+1 {{Expected one of 'x', 'y', 'z' (gpu dimension)}}
    %t = gpu.thread_id w
    gpu.return
  }
}

// -----

gpu.module @k {
  // expected-error @+1 {{Expected void return type for kernel function}}
  gpu.func @f(%x: f32) -> f32 kernel {
    gpu.return %x : f32
  }
}
