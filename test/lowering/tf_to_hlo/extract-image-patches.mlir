// RUN: strata-opt %s -p convert-tf-to-hlo --split-input-file | filecheck %s

// tf.ExtractImagePatches with overlapping windows: SAME pads with zeros (out = ceil(7 / 2) = 4
// rows from a 3-row window with taps 2 apart, 5 rows tall: 3 * 2 + 5 - 7 = 4 rows of padding,
// 2 before), then one strided
// slice per tap (3 x 2 taps), concatenated along depth in (row, column) order. Columns: windows
// of 2, strides 2 over 6: no padding.
// CHECK-LABEL: func.func @overlapping
// CHECK:        %[[P:.*]] = hlo.pad %{{.*}}, %{{.*}}, low = [0, 2, 0, 0], high = [0, 2, 0, 0], interior = [0, 0, 0, 0] : (tensor<2x7x6x3xf32>, tensor<f32>) -> tensor<2x11x6x3xf32>
// CHECK-NEXT:   %[[A:.*]] = hlo.slice %[[P]] [0:2, 0:7:2, 0:5:2, 0:3] : (tensor<2x11x6x3xf32>) -> tensor<2x4x3x3xf32>
// CHECK-NEXT:   %[[B:.*]] = hlo.slice %[[P]] [0:2, 0:7:2, 1:6:2, 0:3]
// CHECK-NEXT:   %[[C:.*]] = hlo.slice %[[P]] [0:2, 2:9:2, 0:5:2, 0:3]
// CHECK:        %[[R:.*]] = hlo.concatenate %[[A]], %[[B]], %[[C]], %{{.*}}, %{{.*}}, %{{.*}}, dim = 3 : {{.*}} -> tensor<2x4x3x18xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @overlapping(%x: tensor<2x7x6x3xf32>) -> tensor<2x4x3x18xf32> {
  %y = "tf.ExtractImagePatches"(%x) <{ksizes = array<i64: 1, 3, 2, 1>, strides = array<i64: 1, 2, 2, 1>, rates = array<i64: 1, 2, 1, 1>, padding = "SAME"}> : (tensor<2x7x6x3xf32>) -> tensor<2x4x3x18xf32>
  func.return %y : tensor<2x4x3x18xf32>
}

// -----

// Patches that tile the image (ViT's): the whole patches, split into [N, rows, 4, cols, 4, C],
// the two patch dims moved inward, flattened.
// CHECK-LABEL: func.func @tiles
// CHECK-NEXT:   %[[S:.*]] = hlo.slice %{{.*}} [0:1, 0:8, 0:8, 0:2] : (tensor<1x9x10x2xf32>) -> tensor<1x8x8x2xf32>
// CHECK-NEXT:   %[[R:.*]] = hlo.reshape %[[S]] : (tensor<1x8x8x2xf32>) -> tensor<1x2x4x2x4x2xf32>
// CHECK-NEXT:   %[[T:.*]] = hlo.transpose %[[R]], dims = [0, 1, 3, 2, 4, 5]
// CHECK-NEXT:   %[[F:.*]] = hlo.reshape %[[T]] : (tensor<1x2x2x4x4x2xf32>) -> tensor<1x2x2x32xf32>
// CHECK-NEXT:   func.return %[[F]]
func.func @tiles(%x: tensor<1x9x10x2xf32>) -> tensor<1x2x2x32xf32> {
  %y = "tf.ExtractImagePatches"(%x) <{ksizes = array<i64: 1, 4, 4, 1>, strides = array<i64: 1, 4, 4, 1>, rates = array<i64: 1, 1, 1, 1>, padding = "VALID"}> : (tensor<1x9x10x2xf32>) -> tensor<1x2x2x32xf32>
  func.return %y : tensor<1x2x2x32xf32>
}
