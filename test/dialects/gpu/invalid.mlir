// RUN: strata-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @two_sizes(%m: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  // expected-error {{expected 3 sizes (x, y, z), found 2}}
  gpu.launch_func @k::@f blocks in (%c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<8xf32>)
  func.return
}
// CHECK: expected 3 sizes (x, y, z), found 2

// -----

gpu.module @k {
  gpu.func @f() kernel {
    // expected-error {{gpu dimension}}
    %t = gpu.thread_id w
    gpu.return
  }
}
// CHECK: gpu dimension

// -----

gpu.module @k {
  // expected-error {{Expected void return type for kernel function}}
  gpu.func @f(%x: f32) -> f32 kernel {
    gpu.return %x : f32
  }
}
// CHECK: Expected void return type for kernel function
