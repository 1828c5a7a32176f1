// RUN: strata-opt %s --load-plugin %S/../plugin.py -p lower-toy-to-hlo | filecheck %s

// CHECK-LABEL: func.func @scale
// CHECK:         %[[F:.*]] = hlo.constant dense<2.500000e+00> : tensor<4xf32>
// CHECK-NEXT:    %[[Y:.*]] = hlo.multiply %x, %[[F]] : tensor<4xf32>
// CHECK-NEXT:    func.return %[[Y]]
func.func @scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = toy.scale %x {factor = 2.5 : f32} : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @clamp01
// CHECK:         %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<2x3xf32>
// CHECK-NEXT:    %[[LOW:.*]] = hlo.maximum %x, %[[ZERO]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[ONE:.*]] = hlo.constant dense<1.000000e+00> : tensor<2x3xf32>
// CHECK-NEXT:    %[[Y:.*]] = hlo.minimum %[[LOW]], %[[ONE]] : tensor<2x3xf32>
// CHECK-NEXT:    func.return %[[Y]]
func.func @clamp01(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = toy.clamp01 %x : tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}
