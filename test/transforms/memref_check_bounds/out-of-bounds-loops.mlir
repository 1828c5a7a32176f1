// A loops-stage kernel whose inner loop runs one column past its input: with --check-bounds the
// run fails naming the node, the kernel, the buffer and the dim; the load is not performed.
// RUN: not strata-run %s --check-bounds 2>&1 | filecheck %s

// CHECK: error: main: status {{[0-9]+}}: node 'Relu': kernel @main_kernel_0_Relu: load from input 'x' (memref<2x3xf32>): index of dim 1 out of range [0, 3)

builtin.module {
  func.func @main(%x: memref<2x3xf32> loc("x"), %out: memref<2x3xf32>, %arena: memref<1xi8>) -> i32 attributes {tf.entry_function = {inputs = "x", outputs = "Identity"}, strata.signature = "{\22entry\22:\22main\22,\22inputs\22:[{\22name\22:\22x\22,\22shape\22:[2,3],\22dtype\22:\22float32\22}],\22outputs\22:[{\22name\22:\22Identity\22,\22shape\22:[2,3],\22dtype\22:\22float32\22}],\22arena_bytes\22:0,\22status_codes\22:{}}"} {
    func.call @main_kernel_0_Relu(%x, %out) : (memref<2x3xf32>, memref<2x3xf32>) -> () loc("Relu")
    %ok = arith.constant 0 : i32
    func.return %ok : i32
  }
  func.func private @main_kernel_0_Relu(%in: memref<2x3xf32>, %res: memref<2x3xf32>) attributes {no_inline} {
    %zero = arith.constant 0.000000e+00 : f32 loc("Relu")
    %c0 = arith.constant 0 : index loc("Relu")
    %c1 = arith.constant 1 : index loc("Relu")
    %c2 = arith.constant 2 : index loc("Relu")
    %c3 = arith.constant 3 : index loc("Relu")
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c3 step %c1 {
        %j1 = arith.addi %j, %c1 : index loc("Relu")
        %v = memref.load %in[%i, %j1] : memref<2x3xf32> loc("Relu")
        %r = arith.maximumf %v, %zero : f32 loc("Relu")
        memref.store %r, %res[%i, %j] : memref<2x3xf32> loc("Relu")
      } loc("Relu")
    } loc("Relu")
    func.return loc("Relu")
  } loc("Relu")
}
