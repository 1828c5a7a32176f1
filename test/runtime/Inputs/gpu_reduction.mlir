// out[r] = sum(x[r, :]) for x: 4x256, one block of 128 threads per row: each thread adds two
// elements (kept across a barrier in a private alloca), then a tree reduction in shared memory in
// a uniform scf.for with a barrier in its body.
builtin.module attributes {gpu.container_module} {
  func.func @main(%x: memref<4x256xf32>, %out: memref<4xf32>, %arena: memref<64xi8>) -> i32 attributes {strata.signature = "{\22entry\22:\22main\22,\22inputs\22:[{\22name\22:\22x\22,\22shape\22:[4,256],\22dtype\22:\22float32\22}],\22outputs\22:[{\22name\22:\22out\22,\22shape\22:[4],\22dtype\22:\22float32\22}],\22arena_bytes\22:64,\22status_codes\22:{}}"} {
    %c1 = arith.constant 1 : index
    %g = arith.constant 4 : index
    %b = arith.constant 128 : index
    gpu.launch_func @main_kernels::@main_kernel_0_sum blocks in (%g, %c1, %c1) threads in (%b, %c1, %c1) args(%x : memref<4x256xf32>, %out : memref<4xf32>)
    %ok = arith.constant 0 : i32
    func.return %ok : i32
  }
  gpu.module @main_kernels {
    "memref.global"() <{sym_name = "__shared_0", type = memref<128xf32, 3>, initial_value, sym_visibility = "private"}> : () -> ()
    gpu.func @main_kernel_0_sum(%x: memref<4x256xf32>, %o: memref<4xf32>) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %row = gpu.block_id x
      %tid = gpu.thread_id x
      %sh = memref.get_global @__shared_0 : memref<128xf32, 3>
      %p = memref.alloca() : memref<1xf32>
      %c0 = arith.constant 0 : index
      %c128 = arith.constant 128 : index
      %a = memref.load %x[%row, %tid] : memref<4x256xf32>
      %j = arith.addi %tid, %c128 : index
      %b = memref.load %x[%row, %j] : memref<4x256xf32>
      %s = arith.addf %a, %b : f32
      memref.store %s, %p[%c0] : memref<1xf32>
      gpu.barrier
      %v = memref.load %p[%c0] : memref<1xf32>
      memref.store %v, %sh[%tid] : memref<128xf32, 3>
      gpu.barrier
      %c1 = arith.constant 1 : index
      %c7 = arith.constant 7 : index
      %c64 = arith.constant 64 : index
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
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %total = memref.load %sh[%c0] : memref<128xf32, 3>
        memref.store %total, %o[%row] : memref<4xf32>
      }
      gpu.return
    }
  }
}
