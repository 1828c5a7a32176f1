// c = a @ b for a: 40x72, b: 72x48 in 16x16 tiles through shared memory: a uniform scf.for over
// the 5 K tiles with two barriers in its body; the accumulator lives in a private alloca.
builtin.module attributes {gpu.container_module} {
  func.func @main(%a: memref<40x72xf32>, %b: memref<72x48xf32>, %c: memref<40x48xf32>, %arena: memref<64xi8>) -> i32 attributes {strata.signature = "{\22entry\22:\22main\22,\22inputs\22:[{\22name\22:\22a\22,\22shape\22:[40,72],\22dtype\22:\22float32\22},{\22name\22:\22b\22,\22shape\22:[72,48],\22dtype\22:\22float32\22}],\22outputs\22:[{\22name\22:\22c\22,\22shape\22:[40,48],\22dtype\22:\22float32\22}],\22arena_bytes\22:64,\22status_codes\22:{}}"} {
    %c1 = arith.constant 1 : index
    %g = arith.constant 3 : index
    %t = arith.constant 16 : index
    gpu.launch_func @main_kernels::@main_kernel_0_matmul blocks in (%g, %g, %c1) threads in (%t, %t, %c1) args(%a : memref<40x72xf32>, %b : memref<72x48xf32>, %c : memref<40x48xf32>)
    %ok = arith.constant 0 : i32
    func.return %ok : i32
  }
  gpu.module @main_kernels {
    "memref.global"() <{sym_name = "__shared_0", type = memref<16x16xf32, 3>, initial_value, sym_visibility = "private"}> : () -> ()
    "memref.global"() <{sym_name = "__shared_1", type = memref<16x16xf32, 3>, initial_value, sym_visibility = "private"}> : () -> ()
    gpu.func @main_kernel_0_matmul(%A: memref<40x72xf32>, %B: memref<72x48xf32>, %C: memref<40x48xf32>) kernel attributes {gpu.known_block_size = array<i32: 16, 16, 1>} {
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %As = memref.get_global @__shared_0 : memref<16x16xf32, 3>
      %Bs = memref.get_global @__shared_1 : memref<16x16xf32, 3>
      %acc = memref.alloca() : memref<1xf32>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c40 = arith.constant 40 : index
      %c48 = arith.constant 48 : index
      %c72 = arith.constant 72 : index
      %zero = arith.constant 0.0 : f32
      %rb = arith.muli %by, %c16 : index
      %row = arith.addi %rb, %ty : index
      %cb = arith.muli %bx, %c16 : index
      %col = arith.addi %cb, %tx : index
      memref.store %zero, %acc[%c0] : memref<1xf32>
      %tiles = arith.constant 5 : index
      scf.for %kt = %c0 to %tiles step %c1 {
        %k0 = arith.muli %kt, %c16 : index
        %ak = arith.addi %k0, %tx : index
        %rowin = arith.cmpi ult, %row, %c40 : index
        %akin = arith.cmpi ult, %ak, %c72 : index
        %ina = arith.andi %rowin, %akin : i1
        %va = scf.if %ina -> (f32) {
          %v = memref.load %A[%row, %ak] : memref<40x72xf32>
          scf.yield %v : f32
        } else {
          scf.yield %zero : f32
        }
        memref.store %va, %As[%ty, %tx] : memref<16x16xf32, 3>
        %bk = arith.addi %k0, %ty : index
        %bkin = arith.cmpi ult, %bk, %c72 : index
        %colin = arith.cmpi ult, %col, %c48 : index
        %inb = arith.andi %bkin, %colin : i1
        %vb = scf.if %inb -> (f32) {
          %v = memref.load %B[%bk, %col] : memref<72x48xf32>
          scf.yield %v : f32
        } else {
          scf.yield %zero : f32
        }
        memref.store %vb, %Bs[%ty, %tx] : memref<16x16xf32, 3>
        gpu.barrier
        %sum0 = memref.load %acc[%c0] : memref<1xf32>
        %sum = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %sum0) -> (f32) {
          %x = memref.load %As[%ty, %k] : memref<16x16xf32, 3>
          %y = memref.load %Bs[%k, %tx] : memref<16x16xf32, 3>
          %p = arith.mulf %x, %y : f32
          %n = arith.addf %s, %p : f32
          scf.yield %n : f32
        }
        memref.store %sum, %acc[%c0] : memref<1xf32>
        gpu.barrier
      }
      %rowok = arith.cmpi ult, %row, %c40 : index
      %colok = arith.cmpi ult, %col, %c48 : index
      %ok = arith.andi %rowok, %colok : i1
      scf.if %ok {
        %r = memref.load %acc[%c0] : memref<1xf32>
        memref.store %r, %C[%row, %col] : memref<40x48xf32>
      }
      gpu.return
    }
  }
}
