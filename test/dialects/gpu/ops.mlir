// RUN: strata-opt %s | filecheck %s
// RUN: strata-opt %s --generic | strata-opt | filecheck %s

// The gpu ops print in MLIR's custom syntax (xDSL 0.74 only has the generic form), and the
// printed text parses back, generic or custom, to the same module.

// CHECK-LABEL: builtin.module attributes {gpu.container_module}
builtin.module attributes {gpu.container_module} {
  // CHECK-LABEL: func.func @host
  // CHECK-SAME:  (%[[M:.*]]: memref<8xf32>)
  func.func @host(%m: memref<8xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // CHECK: gpu.launch_func @kernels::@scale blocks in (%[[ONE:.*]], %[[ONE]], %[[ONE]]) threads in (%[[EIGHT:.*]], %[[ONE]], %[[ONE]]) args(%[[M]] : memref<8xf32>)
    gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%m : memref<8xf32>)
    // CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[EIGHT]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) {
    // CHECK-NEXT: memref.load %[[M]][%[[TX]]] : memref<8xf32>
    // CHECK-NEXT: gpu.terminator
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
      %v = memref.load %m[%tx] : memref<8xf32>
      gpu.terminator
    }
    func.return
  }
  // CHECK-LABEL: gpu.module @kernels {
  gpu.module @kernels {
    // CHECK:       gpu.func @scale(%[[A:.*]]: memref<8xf32>) kernel attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
    // CHECK-NEXT:    %[[T:.*]] = gpu.thread_id x
    // CHECK-NEXT:    %{{.*}} = gpu.block_id y
    // CHECK-NEXT:    %{{.*}} = gpu.block_dim z
    // CHECK-NEXT:    %{{.*}} = gpu.grid_dim x
    // CHECK-NEXT:    %[[V:.*]] = memref.load %[[A]][%[[T]]] : memref<8xf32>
    // CHECK-NEXT:    gpu.barrier
    // CHECK-NEXT:    memref.store %[[V]], %[[A]][%[[T]]] : memref<8xf32>
    // CHECK-NEXT:    gpu.return
    gpu.func @scale(%a: memref<8xf32>) kernel attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
      %t = gpu.thread_id x
      %b = gpu.block_id y
      %d = gpu.block_dim z
      %g = gpu.grid_dim x
      %v = memref.load %a[%t] : memref<8xf32>
      gpu.barrier
      memref.store %v, %a[%t] : memref<8xf32>
      gpu.return
    }
    // CHECK:       gpu.func @helper(%{{.*}}: f32) -> f32 {
    // CHECK-NEXT:    gpu.return %{{.*}} : f32
    gpu.func @helper(%x: f32) -> f32 {
      gpu.return %x : f32
    }
  }
}
