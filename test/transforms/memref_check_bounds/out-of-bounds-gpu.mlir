// A gpu-stage kernel launched with one thread per element whose store runs a row past its
// output: under cuda-sim with --check-bounds the host plan raises the kernel's status.
// RUN: not strata-run %s --target cuda-sim --check-bounds 2>&1 | filecheck %s

// CHECK: error: main: status {{[0-9]+}}: node 'Relu': kernel @main_kernel_0_Relu: store to output 'Identity' (memref<2x3xf32>): index of dim 0 out of range [0, 2)

builtin.module attributes {gpu.container_module} {
  func.func @main(%x: memref<2x3xf32> loc("x"), %out: memref<2x3xf32>, %arena: memref<1xi8>) -> i32 attributes {tf.entry_function = {inputs = "x", outputs = "Identity"}, strata.signature = "{\22entry\22:\22main\22,\22inputs\22:[{\22name\22:\22x\22,\22shape\22:[2,3],\22dtype\22:\22float32\22}],\22outputs\22:[{\22name\22:\22Identity\22,\22shape\22:[2,3],\22dtype\22:\22float32\22}],\22arena_bytes\22:0,\22status_codes\22:{}}"} {
    %c6 = arith.constant 6 : index
    %c1 = arith.constant 1 : index
    gpu.launch_func @main_kernels::@main_kernel_0_Relu blocks in (%c1, %c1, %c1) threads in (%c6, %c1, %c1) args(%x : memref<2x3xf32>, %out : memref<2x3xf32>) loc("Relu")
    %ok = arith.constant 0 : i32
    func.return %ok : i32
  }
  gpu.module @main_kernels {
    gpu.func @main_kernel_0_Relu(%in: memref<2x3xf32>, %res: memref<2x3xf32>) kernel attributes {gpu.known_block_size = array<i32: 6, 1, 1>} {
      %tid = gpu.thread_id x loc("Relu")
      %c1 = arith.constant 1 : index loc("Relu")
      %c3 = arith.constant 3 : index loc("Relu")
      %zero = arith.constant 0.000000e+00 : f32 loc("Relu")
      %col = arith.remui %tid, %c3 : index loc("Relu")
      %row = arith.divui %tid, %c3 : index loc("Relu")
      %v = memref.load %in[%row, %col] : memref<2x3xf32> loc("Relu")
      %r = arith.maximumf %v, %zero : f32 loc("Relu")
      %row1 = arith.addi %row, %c1 : index loc("Relu")
      memref.store %r, %res[%row1, %col] : memref<2x3xf32> loc("Relu")
      gpu.return loc("Relu")
    } loc("Relu")
  }
}
