// RUN: strata-opt %s -p convert-scf-to-cf | filecheck %s --check-prefix=CF
// RUN: strata-opt %s -p convert-scf-to-cf,convert-cf-to-llvm | filecheck %s --check-prefix=BR

// An scf.for's `strata.interleave` (set by convert-linalg-to-loops on a latency-bound loop) goes
// to the loop's back edge, the latch branch where LLVM looks for a loop's metadata (the LLVM export
// makes it `llvm.loop.interleave.count`: test/targets/interleave.mlir). The entry branch carries
// nothing.
// CF-LABEL: func.func @tanh_loop
// CF:         cf.br ^[[HEAD:.*]](%{{.*}} : index)
// CF-NOT:     strata.interleave
// CF:         ^[[HEAD]](%[[I:.*]]: index):
// CF:         math.tanh
// CF:         %[[NEXT:.*]] = arith.addi %[[I]], %{{.*}} : index
// CF-NEXT:    cf.br ^[[HEAD]](%[[NEXT]] : index) {strata.interleave = 4 : i64}
// BR:         llvm.br ^{{.*}}(%{{.*}} : i64) {strata.interleave = 4 : i64}
func.func @tanh_loop(%x: memref<1024xf32>, %y: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1024 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %x[%i] : memref<1024xf32>
    %t = math.tanh %a : f32
    memref.store %t, %y[%i] : memref<1024xf32>
  } {strata.interleave = 4 : i64}
  func.return
}
