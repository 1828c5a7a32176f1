// RUN: strata-opt %s --load-plugin %S/../plugin.py --emit=hlo | filecheck %s --check-prefix=HLO
// RUN: strata-opt %s --load-plugin %S/../plugin.py --emit=llvm | filecheck %s --check-prefix=LLVM
// RUN: not strata-opt %s --emit=hlo 2>&1 | filecheck %s --check-prefix=NOPLUGIN

// With the plugin, `toy` is a stage before `hlo`: --emit lowers a toy module through
// lower-toy-to-hlo and on down the pipeline. Without it, toy is an unknown dialect.
// HLO-NOT:     toy.
// HLO:         hlo.multiply
// HLO:         hlo.minimum
// LLVM:        llvm.func @main
// NOPLUGIN:    pipeline.mlir:13:8: error: Operation toy.scale is not registered
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> attributes {tf.entry_function = {inputs = "x", outputs = "y"}} {
  %0 = toy.scale %x {factor = 2.5 : f32} : tensor<4xf32>
  %1 = toy.clamp01 %0 : tensor<4xf32>
  func.return %1 : tensor<4xf32>
}
