// RUN: strata-opt %s --load-plugin %S/../plugin.py --split-input-file --verify-diagnostics

func.func @int_tensor(%x: tensor<4xi32>) {
  // expected-error @+1 {{'toy.clamp01' op expects a tensor of f32, found tensor<4xi32>}}
  %0 = toy.clamp01 %x : tensor<4xi32>
  func.return
}

// -----

func.func @infinite_factor(%x: tensor<4xf32>) {
  // expected-error @+1 {{'toy.scale' op factor must be finite, found inf}}
  %0 = toy.scale %x {factor = 0x7F800000 : f32} : tensor<4xf32>
  func.return
}
