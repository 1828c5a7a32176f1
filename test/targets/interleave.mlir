// RUN: strata-translate %s --to-llvmir -O0 --triple x86_64-unknown-linux-gnu --cpu x86-64-v3 | filecheck %s --check-prefix=IR
// RUN: strata-translate %s --to-llvmir -O2 --triple x86_64-unknown-linux-gnu --cpu x86-64-v3 | filecheck %s --check-prefix=O2

// tanh then exp over 4096 floats: one dependency chain ~45 ops deep per element. The target's
// interleave count (4) reaches the kernel's loop as `llvm.loop.interleave.count` metadata on its
// latch branch, and at O2 the vector body runs four independent 8-lane chains: four loads,
// four stores per iteration.
// IR-LABEL:   define internal void @"main_kernel_0
// IR:         br label {{.*}}, !llvm.loop ![[LOOP:[0-9]+]]
// IR:         ![[OPT:[0-9]+]] = !{ !"llvm.loop.interleave.count", i32 4 }
// IR:         ![[LOOP]] = !{ ![[LOOP]], ![[OPT]] }
// O2-LABEL:   define internal {{.*}}@main_kernel_0(
// O2:         load <8 x float>
// O2-NEXT:    load <8 x float>
// O2-NEXT:    load <8 x float>
// O2-NEXT:    load <8 x float>
// O2:         store <8 x float>
// O2-NEXT:    store <8 x float>
// O2-NEXT:    store <8 x float>
// O2-NEXT:    store <8 x float>
func.func @main(%x: tensor<4096xf32>) -> tensor<4096xf32> attributes {tf.entry_function = {inputs = "x", outputs = "y"}} {
  %t = hlo.tanh %x : tensor<4096xf32>
  %e = hlo.exponential %t : tensor<4096xf32>
  func.return %e : tensor<4096xf32>
}
