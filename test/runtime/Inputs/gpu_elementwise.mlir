// out = reshape(exp(x) * w + 1), N = 1000 over 8 blocks of 128 threads (guarded); a second kernel
// clears an error flag that the first sets for x > 1e4, read back by the host as status 3.
builtin.module attributes {gpu.container_module} {
  "memref.global"() <{sym_name = "__constant_w", type = memref<1000xf32>, initial_value = dense<0.5> : tensor<1000xf32>, sym_visibility = "private", constant}> : () -> ()
  func.func @main(%x: memref<1000xf32>, %out: memref<10x100xf32>, %arena: memref<8192xi8>) -> i32 attributes {strata.signature = "{\22entry\22:\22main\22,\22inputs\22:[{\22name\22:\22x\22,\22shape\22:[1000],\22dtype\22:\22float32\22}],\22outputs\22:[{\22name\22:\22out\22,\22shape\22:[10,100],\22dtype\22:\22float32\22}],\22arena_bytes\22:8192,\22status_codes\22:{\223\22:\22node 'check' (tf.CheckNumerics): x > 1e4\22}}"} {
    %w = memref.get_global @__constant_w : memref<1000xf32>
    %c0 = arith.constant 0 : index
    %tmp = memref.view %arena[%c0][] : memref<8192xi8> to memref<1000xf32>
    %c4096 = arith.constant 4096 : index
    %flag = memref.view %arena[%c4096][] : memref<8192xi8> to memref<1xi32>
    %c1 = arith.constant 1 : index
    %g = arith.constant 8 : index
    %b = arith.constant 128 : index
    gpu.launch_func @main_kernels::@main_kernel_1_clear blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%flag : memref<1xi32>)
    gpu.launch_func @main_kernels::@main_kernel_0_exp blocks in (%g, %c1, %c1) threads in (%b, %c1, %c1) args(%x : memref<1000xf32>, %w : memref<1000xf32>, %tmp : memref<1000xf32>, %flag : memref<1xi32>)
    %shaped = memref.expand_shape %tmp [[0, 1]] output_shape [10, 100] : memref<1000xf32> into memref<10x100xf32>
    "memref.copy"(%shaped, %out) : (memref<10x100xf32>, memref<10x100xf32>) -> ()
    %f = memref.load %flag[%c0] : memref<1xi32>
    %zero = arith.constant 0 : i32
    %bad = arith.cmpi ne, %f, %zero : i32
    %three = arith.constant 3 : i32
    %status = arith.select %bad, %three, %zero : i32
    func.return %status : i32
  }
  gpu.module @main_kernels {
    gpu.func @main_kernel_0_exp(%x: memref<1000xf32>, %w: memref<1000xf32>, %t: memref<1000xf32>, %flag: memref<1xi32>) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %n = arith.constant 1000 : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %a = memref.load %x[%i] : memref<1000xf32>
        %e = math.exp %a : f32
        %ww = memref.load %w[%i] : memref<1000xf32>
        %m = arith.mulf %e, %ww : f32
        %one = arith.constant 1.0 : f32
        %r = arith.addf %m, %one : f32
        memref.store %r, %t[%i] : memref<1000xf32>
        %big = arith.constant 1.0e4 : f32
        %over = arith.cmpf ogt, %a, %big : f32
        scf.if %over {
          %set = arith.constant 1 : i32
          %c0 = arith.constant 0 : index
          memref.store %set, %flag[%c0] : memref<1xi32>
        }
      }
      gpu.return
    }
    gpu.func @main_kernel_1_clear(%flag: memref<1xi32>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
      %zero = arith.constant 0 : i32
      %c0 = arith.constant 0 : index
      memref.store %zero, %flag[%c0] : memref<1xi32>
      gpu.return
    }
  }
}
