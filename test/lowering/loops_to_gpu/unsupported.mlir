// RUN: not strata-opt %s -p convert-loops-to-gpu --split-input-file 2>&1 | filecheck %s

// An scf.parallel without a GPU mapping is not launched.
// CHECK: error: convert-loops-to-gpu: 1 scf.parallel nests not launched (is not mapped to GPU blocks and threads (no `mapping`)):
// CHECK-NEXT: node 'unmapped' (scf.parallel)
func.func @unmapped(%buf: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  "scf.parallel"(%c0, %c4, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    memref.store %z, %buf[%i] : memref<4xf32>
    scf.reduce
  }) : (index, index, index) -> () loc("unmapped")
  func.return
}

// -----

// A store in the block-level body would run once per thread, outside any phase.
// CHECK: error: convert-loops-to-gpu: 1 scf.parallel nests not launched (outside a thread-level scf.parallel is not supported):
// CHECK-NEXT: node 'block_store' (memref.store)
func.func @block_level_store(%buf: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  "scf.parallel"(%c0, %c4, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%b: index):
    memref.store %z, %buf[%b] : memref<4xf32> loc("block_store")
    "scf.parallel"(%c0, %c4, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
    ^bb0(%t: index):
      memref.store %z, %buf[%t] : memref<4xf32>
      scf.reduce
    }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
    scf.reduce
  }) {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
  func.return
}

// -----

// Launch sizes must be constants.
// CHECK: error: convert-loops-to-gpu: 1 scf.parallel nests not launched (needs constant bounds from 0 with step 1):
// CHECK-NEXT: node 'dynamic' (scf.parallel)
func.func @dynamic_bound(%buf: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  "scf.parallel"(%c0, %n, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%b: index):
    "scf.parallel"(%c0, %c4, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
    ^bb0(%t: index):
      memref.store %z, %buf[%t] : memref<4xf32>
      scf.reduce
    }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
    scf.reduce
  }) {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> () loc("dynamic")
  func.return
}

// -----

// A thread-level loop directly under the function (no block-level loop around it).
// CHECK: error: convert-loops-to-gpu: 1 scf.parallel nests not launched (has an unsupported mapping (thread_x)):
// CHECK-NEXT: node 'threads_only' (scf.parallel)
func.func @threads_only(%buf: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  "scf.parallel"(%c0, %c4, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%t: index):
    memref.store %z, %buf[%t] : memref<4xf32>
    scf.reduce
  }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> () loc("threads_only")
  func.return
}

// -----

// A block-level alloca is per-thread state only when every phase indexes it by the same thread
// ids in the same positions; here thread (x, y) would read the slot thread (y, x) wrote.
// CHECK: error: convert-loops-to-gpu: 1 scf.parallel nests not launched (is not per-thread state (a static buffer indexed by thread ids only, one slot each)):
// CHECK-NEXT: node 'swapped' (memref.alloca)
func.func @swapped_slots(%buf: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  "scf.parallel"(%c0, %c4, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%b: index):
    %acc = memref.alloca() : memref<4x4xf32> loc("swapped")
    "scf.parallel"(%c0, %c0, %c4, %c4, %c1, %c1) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
    ^bb0(%tx: index, %ty: index):
      %v = memref.load %buf[%ty, %tx] : memref<4x4xf32>
      memref.store %v, %acc[%ty, %tx] : memref<4x4xf32>
      scf.reduce
    }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = thread_y, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index, index, index, index) -> ()
    "scf.parallel"(%c0, %c0, %c4, %c4, %c1, %c1) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
    ^bb0(%tx: index, %ty: index):
      %v = memref.load %acc[%tx, %ty] : memref<4x4xf32>
      memref.store %v, %buf[%ty, %tx] : memref<4x4xf32>
      scf.reduce
    }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = thread_y, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index, index, index, index) -> ()
    scf.reduce
  }) {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
  func.return
}

// -----

// A block-level alloca read at a block id is shared by the block's threads, not private.
// CHECK: error: convert-loops-to-gpu: 1 scf.parallel nests not launched (is not per-thread state (a static buffer indexed by thread ids only, one slot each)):
// CHECK-NEXT: node 'by_block' (memref.alloca)
func.func @block_indexed(%buf: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  "scf.parallel"(%c0, %c4, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%b: index):
    %acc = memref.alloca() : memref<4xf32> loc("by_block")
    "scf.parallel"(%c0, %c4, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
    ^bb0(%t: index):
      %v = memref.load %acc[%b] : memref<4xf32>
      memref.store %v, %buf[%t] : memref<4xf32>
      scf.reduce
    }) {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
    scf.reduce
  }) {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]} : (index, index, index) -> ()
  func.return
}

// -----

// The CPU pipeline's `loops` stage has the same dialects as `parallel-loops`; its host loops and
// kernel calls are named instead of passing through as host code.
// CHECK: error: convert-loops-to-gpu: 2 loops or calls left in host code (is this the CPU pipeline's `loops` stage? the GPU path starts from `buffers` or `parallel-loops`):
// CHECK-NEXT: node 'call' (func.call)
// CHECK-NEXT: node 'loop' (scf.for)
func.func @main(%m: memref<4xf32>) -> i32 {
  func.call @kernel(%m) : (memref<4xf32>) -> () loc("call")
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %m[%i] : memref<4xf32>
  } loc("loop")
  %ok = arith.constant 0 : i32
  func.return %ok : i32
}
func.func private @kernel(%m: memref<4xf32>) {
  func.return
}

// -----

// A host scf.for nest with no kernel calls left here (convert-linalg-to-parallel-loops makes a
// window copy at run-time offsets a kernel first) is named: the host plan runs no scf.for.
// CHECK: error: convert-loops-to-gpu: 1 counted host loops (scf.for) the host plan cannot run: only a window copy at run-time offsets (bufferize's nest for a dynamic_update_slice) is made a kernel, by convert-linalg-to-parallel-loops:
// CHECK-NEXT: node 'copy' (scf.for)
func.func @main(%src: memref<2xf32>, %dst: memref<8xf32>, %at: memref<index>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %o = memref.load %at[] : memref<index>
  scf.for %i = %c0 to %c2 step %c1 {
    %v = memref.load %src[%i] : memref<2xf32>
    %j = arith.addi %o, %i : index
    memref.store %v, %dst[%j] : memref<8xf32>
  } loc("copy")
  %ok = arith.constant 0 : i32
  func.return %ok : i32
}
