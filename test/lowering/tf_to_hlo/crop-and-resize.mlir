// RUN: strata-opt %s --split-input-file -p convert-tf-to-hlo | filecheck %s

// tf.CropAndResize, bilinear: box_ind checked against the 2 images; source rows y1 * 7 +
// i * ((y2 - y1) * 7 / 4) for the 5 rows of a crop (columns alike over 8 = W - 1, 3 steps),
// the image as 144 rows of 3 channels gathered at (box_ind * 8 + y) * 9 + x for the four
// neighbours, mixed as TensorFlow does, and 0.5 where a sample is outside the image.
// CHECK-LABEL: func.func @bilinear
// CHECK:         %[[BAD:.*]] = hlo.reduce
// CHECK-NEXT:    rt.check %[[BAD]], "{{.*}}'tf.CropAndResize' op box index out of range [0, 2)"
// CHECK-NEXT:    %[[FLAT:.*]] = hlo.reshape %{{.*}} : (tensor<2x8x9x3xf32>) -> tensor<144x3xf32>
// CHECK:         hlo.constant dense<7.000000e+00> : tensor<f32>
// CHECK:         hlo.constant dense<4.000000e+00> : tensor<4xf32>
// CHECK:         hlo.iota dim = 1 : tensor<4x5xi32>
// CHECK:         hlo.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK:         hlo.iota dim = 1 : tensor<4x4xi32>
// CHECK:         hlo.floor %{{.*}} : tensor<4x5xf32>
// CHECK:         hlo.ceil %{{.*}} : tensor<4x5xf32>
// CHECK-COUNT-4: "hlo.gather"(%[[FLAT]], %{{.*}}) {{.*}} -> tensor<4x5x4x3xf32>
// CHECK:         hlo.compare GE, %{{.*}}, %{{.*}}, FLOAT : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xi1>
// CHECK:         %[[OUT:.*]] = hlo.constant dense<5.000000e-01> : tensor<4x5x4x3xf32>
// CHECK:         %[[Y:.*]] = hlo.select %{{.*}}, %{{.*}}, %[[OUT]]
// CHECK-NEXT:    func.return %[[Y]]
func.func @bilinear(%image: tensor<2x8x9x3xf32>, %boxes: tensor<4x4xf32>, %ind: tensor<4xi32>) -> tensor<4x5x4x3xf32> {
  %size = "tf.Const"() <{value = dense<[5, 4]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.CropAndResize"(%image, %boxes, %ind, %size) <{method = "bilinear", extrapolation_value = 5.000000e-01 : f32}> : (tensor<2x8x9x3xf32>, tensor<4x4xf32>, tensor<4xi32>, tensor<2xi32>) -> tensor<4x5x4x3xf32>
  func.return %0 : tensor<4x5x4x3xf32>
}

// -----

// Nearest, an int image, one row: the boxes' centre row 0.5 * (y1 + y2) * 7, the pixel rounded
// half away from zero, one gather of the image converted to f32.
// CHECK-LABEL: func.func @nearest
// CHECK:         hlo.convert %{{.*}} : (tensor<144x3xi32>) -> tensor<144x3xf32>
// CHECK:         hlo.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK:         hlo.round_nearest_afz %{{.*}} : tensor<4x1xf32>
// CHECK:         hlo.round_nearest_afz %{{.*}} : tensor<4x6xf32>
// CHECK-COUNT-1: "hlo.gather"
// CHECK-NOT:     "hlo.gather"
// CHECK:         hlo.constant dense<-1.000000e+00> : tensor<4x1x6x3xf32>
func.func @nearest(%image: tensor<2x8x9x3xi32>, %boxes: tensor<4x4xf32>, %ind: tensor<4xi32>) -> tensor<4x1x6x3xf32> {
  %size = "tf.Const"() <{value = dense<[1, 6]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.CropAndResize"(%image, %boxes, %ind, %size) <{method = "nearest", extrapolation_value = -1.000000e+00 : f32}> : (tensor<2x8x9x3xi32>, tensor<4x4xf32>, tensor<4xi32>, tensor<2xi32>) -> tensor<4x1x6x3xf32>
  func.return %0 : tensor<4x1x6x3xf32>
}
