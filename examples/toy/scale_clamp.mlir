// RUN: strata-run %s --load-plugin %S/plugin.py --inputs %S/scale_clamp.inputs.npz --outputs y --compare %S/scale_clamp.outputs.npz | filecheck %s
// CHECK: y: ok

// y = clamp(2.5 * x, 0, 1), run end to end: the outputs are numpy's (see docs/extending.md).
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> attributes {tf.entry_function = {inputs = "x", outputs = "y"}} {
  %0 = toy.scale %x {factor = 2.5 : f32} : tensor<4xf32>
  %1 = toy.clamp01 %0 : tensor<4xf32>
  func.return %1 : tensor<4xf32>
}
