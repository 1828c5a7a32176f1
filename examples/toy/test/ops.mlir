// RUN: strata-opt %s --load-plugin %S/../plugin.py | filecheck %s
// RUN: strata-opt %s --load-plugin %S/../plugin.py --mlir-print-op-generic | strata-opt --load-plugin %S/../plugin.py | filecheck %s

// The toy ops print and parse back, in custom and generic form.
// CHECK-LABEL: func.func @ops
// CHECK:         %[[S:.*]] = toy.scale %x {factor = 2.500000e+00 : f32} : tensor<4xf32>
// CHECK-NEXT:    toy.clamp01 %[[S]] : tensor<4xf32>
func.func @ops(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = toy.scale %x {factor = 2.5 : f32} : tensor<4xf32>
  %1 = toy.clamp01 %0 : tensor<4xf32>
  func.return %1 : tensor<4xf32>
}
