// RUN: strata-opt %s -p "parallelize-kernels{threads=3 min-flops=0}" | filecheck %s
// RUN: strata-opt %s -p "parallelize-kernels{threads=3 min-flops=0}" --emit=llvm -o %t.mlir && strata-translate %t.mlir --to-llvmir | filecheck %s --check-prefix=IR
// RUN: strata-translate %t.mlir --to-llvmir | filecheck %s --check-prefix=SCALAR
// RUN: strata-opt %s -p "parallelize-kernels{threads=3 min-flops=100000}" | filecheck %s --check-prefix=SMALL
// RUN: strata-opt %s -p "parallelize-kernels{threads=1 min-flops=0}" --emit=llvm -o %t1.mlir && strata-translate %t1.mlir --to-llvmir | filecheck %s --check-prefix=ONE

// A kernel whose outer loop writes disjoint rows gets a chunk function over [begin, end) and is
// marked for the export, which hands the module's thread pool a task over step-aligned parts of
// the 8 rows, up to 4 a thread (PARTS_PER_THREAD), so 8 of one row here: the caller runs the
// first, and it and the pool's 2 threads claim the others as they come free (the task computes
// its part's range). A kernel's scalar arguments (constants linalg-outline-kernels passes, here a
// scale) travel in the task like its buffers. The kernel whose outer loop is a reduction is left
// alone.
// CHECK:       func.func private @main_kernel_0(%{{.*}}: memref<8x16xf32> {llvm.noalias}, %{{.*}}: memref<8x16xf32> {llvm.noalias}) attributes {no_inline, strata.parallel_chunk = "main_kernel_0_chunk", strata.parallel_trip = 8 : i64, strata.parallel_step = 1 : i64, strata.threads = 3 : i64}
// CHECK:       func.func private @main_kernel_0_chunk(%{{.*}}: memref<8x16xf32> {llvm.noalias}, %{{.*}}: memref<8x16xf32> {llvm.noalias}, %begin: index, %end: index)
// CHECK:         scf.for %{{.*}} = %begin to %end step
// CHECK-NOT:     {strata.parallel}
// CHECK:       func.func private @main_kernel_2(%{{.*}}: memref<8x16xf32> {llvm.noalias}, %{{.*}}: memref<8x16xf32> {llvm.noalias}, %{{.*}}: f32) attributes {no_inline, strata.parallel_chunk = "main_kernel_2_chunk"
// CHECK:       func.func private @main_kernel_2_chunk(%{{.*}}: memref<8x16xf32> {llvm.noalias}, %{{.*}}: memref<8x16xf32> {llvm.noalias}, %{{.*}}: f32, %begin: index, %end: index)
// CHECK:       func.func private @main_kernel_1(
// CHECK-NOT:   strata.parallel_chunk
// CHECK-NOT:   @main_kernel_1_chunk
// IR:          define internal void @"main_kernel_0"(ptr noalias %{{.*}}, ptr noalias %{{.*}})
// IR:          call void @"__strata_pool_run"({{.*}} @"main_kernel_0_task", {{.*}}, i32 8, i32 2)
// IR:          define internal void @"main_kernel_0_task"(ptr %{{.*}}, i32 %{{.*}})
// IR:          call void @"main_kernel_0_chunk"(ptr %{{.*}}, ptr %{{.*}}, i64 %{{.*}}, i64 %{{.*}})
// IR:          define internal ptr @"__strata_pool.worker"(ptr %{{.*}})
// IR:          call i32 @"pthread_cond_wait"
// IR:          call i32 @"pthread_create"({{.*}} @"__strata_pool.worker"
// IR:          define internal void @"__strata_pool_run"(
// IR:          cmpxchg {{.*}} @"__strata_pool.busy", i32 0, i32 1 acquire monotonic
// IR:          define void @"{{.*}}_stop_threads"()
// IR:          call i32 @"pthread_join"
// SCALAR:      define internal void @"main_kernel_2"(ptr noalias %{{.*}}, ptr noalias %{{.*}}, float %{{.*}})
// SCALAR:      call void @"__strata_pool_run"({{.*}} @"main_kernel_2_task", {{.*}}, i32 8, i32 2)
// SCALAR:      define internal void @"main_kernel_2_task"(ptr %{{.*}}, i32 %{{.*}})
// SCALAR:      load float
// SCALAR:      call void @"main_kernel_2_chunk"(ptr %{{.*}}, ptr %{{.*}}, float %{{.*}}, i64 %{{.*}}, i64 %{{.*}})
// SMALL-NOT:   _chunk
// At one thread the kernel calls its chunk once over the whole range (the same code as at any
// other count, so results are bit-identical), and uses no thread.
// ONE:         define internal void @"main_kernel_0"(
// ONE-NOT:     __strata_pool
// ONE:         call void @"main_kernel_0_chunk"(ptr %{{.*}}, ptr %{{.*}}, i64 0, i64 8)
builtin.module {
  func.func @main(%a: memref<8x16xf32>, %b: memref<8x16xf32>, %s: memref<16xf32>, %arena: memref<1xi8>) -> i32 attributes {strata.signature = "{\22entry\22:\22main\22,\22inputs\22:[{\22name\22:\22a\22,\22shape\22:[8,16],\22dtype\22:\22float32\22}],\22outputs\22:[{\22name\22:\22b\22,\22shape\22:[8,16],\22dtype\22:\22float32\22},{\22name\22:\22s\22,\22shape\22:[16],\22dtype\22:\22float32\22}],\22arena_bytes\22:1,\22status_codes\22:{}}"} {
    func.call @main_kernel_0(%a, %b) : (memref<8x16xf32>, memref<8x16xf32>) -> ()
    %k = arith.constant 3.0 : f32
    func.call @main_kernel_2(%a, %b, %k) : (memref<8x16xf32>, memref<8x16xf32>, f32) -> ()
    func.call @main_kernel_1(%a, %s) : (memref<8x16xf32>, memref<16xf32>) -> ()
    %ok = arith.constant 0 : i32
    func.return %ok : i32
  }
  func.func private @main_kernel_0(%in: memref<8x16xf32> {llvm.noalias}, %out: memref<8x16xf32> {llvm.noalias}) attributes {no_inline} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        %v = memref.load %in[%i, %j] : memref<8x16xf32>
        %w = arith.mulf %v, %v : f32
        memref.store %w, %out[%i, %j] : memref<8x16xf32>
      }
    } {strata.parallel}
    func.return
  }
  func.func private @main_kernel_2(%in: memref<8x16xf32> {llvm.noalias}, %out: memref<8x16xf32> {llvm.noalias}, %k: f32) attributes {no_inline} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        %v = memref.load %in[%i, %j] : memref<8x16xf32>
        %w = arith.mulf %v, %k : f32
        memref.store %w, %out[%i, %j] : memref<8x16xf32>
      }
    } {strata.parallel}
    func.return
  }
  func.func private @main_kernel_1(%in: memref<8x16xf32> {llvm.noalias}, %out: memref<16xf32> {llvm.noalias}) attributes {no_inline} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        %v = memref.load %in[%i, %j] : memref<8x16xf32>
        %acc = memref.load %out[%j] : memref<16xf32>
        %w = arith.addf %acc, %v : f32
        memref.store %w, %out[%j] : memref<16xf32>
      }
    }
    func.return
  }
}
