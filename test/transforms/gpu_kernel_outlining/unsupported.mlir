// RUN: not strata-opt %s -p gpu-kernel-outlining 2>&1 | filecheck %s

// Kernels take only memrefs: a host scalar used inside the launch is named.
// CHECK: error: gpu-kernel-outlining: 1 gpu.launch ops not outlined (uses a host value of type index (only memrefs)):
// CHECK-NEXT: node 'scaled' (gpu.launch)
func.func @host_scalar(%out: memref<4xindex>, %n: index) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    memref.store %n, %out[%tx] : memref<4xindex>
    gpu.terminator
  } loc("scaled")
  func.return
}
