// RUN: strata-opt %s -p convert-hlo-to-linalg --split-input-file | filecheck %s

// Padding: one generic that writes each element of the padded tensor once, x at the index clamped
// into it where that is inside, zero outside; the window map is o * 2 + k, and the loops are
// (n, oh, ow, kh, kw, ci, co): parallel, reductions, the out feature innermost.
// CHECK-LABEL: func.func @conv_padded
// CHECK-SAME: (%[[X:.*]]: tensor<1x5x5x2xf32>, %[[W:.*]]: tensor<3x3x2x16xf32>)
// CHECK:        %[[PAD:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], {{.*}} outs(%{{.*}} : tensor<1x7x7x2xf32>)
// CHECK:          %[[N:.*]] = linalg.index 0 : index
// CHECK:          %[[H:.*]] = linalg.index 1 : index
// CHECK:          %[[HS:.*]] = arith.subi %[[H]], %{{.*}} : index
// CHECK:          arith.cmpi sge, %[[HS]]
// CHECK:          %[[HL:.*]] = arith.maxsi %[[HS]]
// CHECK:          arith.cmpi sle, %[[HL]]
// CHECK:          %[[HI:.*]] = arith.minsi %[[HL]]
// CHECK:          %[[C:.*]] = linalg.index 3 : index
// CHECK-NEXT:     %[[V:.*]] = tensor.extract %[[X]][%[[N]], %[[HI]], %{{.*}}, %[[C]]] : tensor<1x5x5x2xf32>
// CHECK-NEXT:     %[[E:.*]] = arith.select %{{.*}}, %[[V]], %{{.*}} : f32
// CHECK-NEXT:     linalg.yield %[[E]] : f32
// CHECK:        %[[INIT:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x3x3x16xf32>)
// CHECK:        %[[Y:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, ((d1 * 2) + d3), ((d2 * 2) + d4), d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%[[PAD]], %[[W]] : tensor<1x7x7x2xf32>, tensor<3x3x2x16xf32>) outs(%[[INIT]] : tensor<1x3x3x16xf32>)
// CHECK-NEXT:   ^{{.*}}(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:     %[[P:.*]] = arith.mulf %[[A]], %[[B]] fastmath<contract> : f32
// CHECK-NEXT:     %[[S:.*]] = arith.addf %[[ACC]], %[[P]] fastmath<contract> : f32
// CHECK-NEXT:     linalg.yield %[[S]] : f32
// CHECK:        func.return %[[Y]]
func.func @conv_padded(%x: tensor<1x5x5x2xf32>, %w: tensor<3x3x2x16xf32>) -> tensor<1x3x3x16xf32> {
  %y = "hlo.convolution"(%x, %w) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, window_strides = array<i64: 2, 2>, padding = dense<1> : tensor<2x2xi64>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x5x5x2xf32>, tensor<3x3x2x16xf32>) -> tensor<1x3x3x16xf32>
  func.return %y : tensor<1x3x3x16xf32>
}

// -----

// One output feature per group (depthwise): the feature dims split into (group, 1) by reshapes, and
// the group loop goes innermost, after the reductions.
// CHECK-LABEL: func.func @conv_depthwise
// CHECK:        %[[X5:.*]] = tensor.expand_shape %{{.*}} output_shape [1, 4, 4, 8, 1] : tensor<128xf32> into tensor<1x4x4x8x1xf32>
// CHECK:        %[[W5:.*]] = tensor.expand_shape %{{.*}} output_shape [3, 3, 1, 8, 1] : tensor<72xf32> into tensor<3x3x1x8x1xf32>
// CHECK:        %[[C:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 + d3), (d2 + d4), d6, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6, 0)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, 0)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%[[X5]], %[[W5]] : tensor<1x4x4x8x1xf32>, tensor<3x3x1x8x1xf32>)
// CHECK:        %[[FLAT:.*]] = tensor.collapse_shape %[[C]] {{.*}} : tensor<1x2x2x8x1xf32> into tensor<32xf32>
// CHECK-NEXT:   %[[Y:.*]] = tensor.expand_shape %[[FLAT]] {{.*}} : tensor<32xf32> into tensor<1x2x2x8xf32>
// CHECK-NEXT:   func.return %[[Y]]
func.func @conv_depthwise(%x: tensor<1x4x4x8xf32>, %w: tensor<3x3x1x8xf32>) -> tensor<1x2x2x8xf32> {
  %y = "hlo.convolution"(%x, %w) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 8 : i64, batch_group_count = 1 : i64}> : (tensor<1x4x4x8xf32>, tensor<3x3x1x8xf32>) -> tensor<1x2x2x8xf32>
  func.return %y : tensor<1x2x2x8xf32>
}

// -----

// A pool: window loops (reductions) before the channel loop; an unread tensor of the window's shape
// gives the window loops their trip counts; the output starts as the init value.
// CHECK-LABEL: func.func @max_pool
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x4x2xf32>, %[[INIT:.*]]: tensor<f32>)
// CHECK-NEXT:   %[[I:.*]] = tensor.extract %[[INIT]][] : tensor<f32>
// CHECK-NEXT:   %[[WIN:.*]] = tensor.empty() : tensor<2x2xf32>
// CHECK:        %[[FILL:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x2x2x2xf32>)
// CHECK-NEXT:   ^{{.*}}(%{{.*}}: f32):
// CHECK-NEXT:     linalg.yield %[[I]] : f32
// CHECK:        %[[Y:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, ((d1 * 2) + d3), ((d2 * 2) + d4), d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d5)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "parallel"]} ins(%[[X]], %[[WIN]] : tensor<1x4x4x2xf32>, tensor<2x2xf32>) outs(%[[FILL]] : tensor<1x2x2x2xf32>)
// CHECK-NEXT:   ^{{.*}}(%[[E:.*]]: f32, %{{.*}}: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:     %[[M:.*]] = arith.maximumf %[[ACC]], %[[E]] : f32
// CHECK-NEXT:     linalg.yield %[[M]] : f32
// CHECK:        func.return %[[Y]]
func.func @max_pool(%x: tensor<1x4x4x2xf32>, %init: tensor<f32>) -> tensor<1x2x2x2xf32> {
  %y = "hlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }) : (tensor<1x4x4x2xf32>, tensor<f32>) -> tensor<1x2x2x2xf32>
  func.return %y : tensor<1x2x2x2xf32>
}

// -----

// A filter over COLUMNS_INSIDE_BYTES (3x3x64x64 f32: 144 KB; the loop nest then puts its column
// blocks outermost) on channels-last data: the output positions are one loop m (5x5 -> 25),
// (m floordiv 5, m mod 5) in the input's map, so that a register tile of rows covers the plane,
// not each 5-wide row with a tail. The result is expanded back to NHWC.
// CHECK-LABEL: func.func @conv_rows_merged
// CHECK:        %[[C:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, ((d1 floordiv 5) + d2), ((d1 mod 5) + d3), d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d5)>], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%{{.*}}, %{{.*}} : tensor<2x7x7x64xf32>, tensor<3x3x64x64xf32>) outs(%{{.*}} : tensor<2x25x64xf32>)
// CHECK:        %[[FLAT:.*]] = tensor.collapse_shape %[[C]] {{.*}} : tensor<2x25x64xf32> into tensor<3200xf32>
// CHECK-NEXT:   %[[Y:.*]] = tensor.expand_shape %[[FLAT]] {{.*}} output_shape [2, 5, 5, 64] : tensor<3200xf32> into tensor<2x5x5x64xf32>
// CHECK-NEXT:   func.return %[[Y]]
func.func @conv_rows_merged(%x: tensor<2x7x7x64xf32>, %w: tensor<3x3x64x64xf32>) -> tensor<2x5x5x64xf32> {
  %y = "hlo.convolution"(%x, %w) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<2x7x7x64xf32>, tensor<3x3x64x64xf32>) -> tensor<2x5x5x64xf32>
  func.return %y : tensor<2x5x5x64xf32>
}

// -----

// Padding a dilated input (a fill, then a copy through d * 2): its dim padded only at the end
// (h: stride 2 over an even size) is written through d + z, z a loop of one trip, which comes
// first so that the last loop, the one vectorised, is the channels'.
// CHECK-LABEL: func.func @conv_padded_at_end
// CHECK:        linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0)>, affine_map<(d0, d1, d2, d3, d4) -> (d1, (d2 + d0), (d3 * 2), d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%{{.*}}, %{{.*}} : tensor<1x4x4x2xf32>, tensor<1xf32>) outs(%{{.*}} : tensor<1x5x8x2xf32>)
func.func @conv_padded_at_end(%x: tensor<1x4x4x2xf32>, %w: tensor<3x3x2x8xf32>) -> tensor<1x2x3x8xf32> {
  %y = "hlo.convolution"(%x, %w) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, window_strides = array<i64: 2, 2>, padding = dense<[[0, 1], [0, 1]]> : tensor<2x2xi64>, lhs_dilation = array<i64: 1, 2>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x4x4x2xf32>, tensor<3x3x2x8xf32>) -> tensor<1x2x3x8xf32>
  func.return %y : tensor<1x2x3x8xf32>
}
