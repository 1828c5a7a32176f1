// RUN: strata-opt %s --split-input-file -p linalg-fuse-epilogue | filecheck %s

// A matmul, then its bias add and ReLU: one generic that reads the bias (its map composed with
// the matmul's output map), computes the epilogue on the accumulated value and yields it at the
// last k, the accumulated value before. It writes the matmul's output (the fill).
// CHECK-LABEL: func.func @dense
// CHECK:         %[[FILL:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<8x32xf32>)
// CHECK:         %[[Y:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x, %w, %b : tensor<8x16xf32>, tensor<16x32xf32>, tensor<32xf32>) outs(%[[FILL]] : tensor<8x32xf32>) {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[W:.*]]: f32, %[[B:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[X]], %[[W]] fastmath<contract> : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[ACC]], %[[P]] fastmath<contract> : f32
// CHECK-NEXT:      %[[BIASED:.*]] = arith.addf %[[S]], %[[B]] : f32
// CHECK-NEXT:      %[[RELU:.*]] = arith.maximumf %[[BIASED]], %{{.*}} : f32
// CHECK-NEXT:      %[[K:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[C15:.*]] = arith.constant 15 : index
// CHECK-NEXT:      %[[LAST:.*]] = arith.cmpi eq, %[[K]], %[[C15]] : index
// CHECK-NEXT:      %[[OUT:.*]] = arith.select %[[LAST]], %[[RELU]], %[[S]] : f32
// CHECK-NEXT:      linalg.yield %[[OUT]] : f32
// CHECK-NEXT:    } -> tensor<8x32xf32>
// CHECK:         func.return %[[Y]] : tensor<8x32xf32>
func.func @dense(%x: tensor<8x16xf32>, %w: tensor<16x32xf32>, %b: tensor<32xf32>) -> tensor<8x32xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e0 = tensor.empty() : tensor<8x32xf32>
  %fill = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e0 : tensor<8x32xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  } -> tensor<8x32xf32>
  %d = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x, %w : tensor<8x16xf32>, tensor<16x32xf32>) outs(%fill : tensor<8x32xf32>) {
  ^bb0(%a: f32, %c: f32, %acc: f32):
    %p = arith.mulf %a, %c fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<8x32xf32>
  %e1 = tensor.empty() : tensor<8x32xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%d, %b : tensor<8x32xf32>, tensor<32xf32>) outs(%e1 : tensor<8x32xf32>) {
  ^bb0(%v: f32, %bias: f32, %o: f32):
    %t = arith.addf %v, %bias : f32
    %r = arith.maximumf %t, %zero : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  func.return %y : tensor<8x32xf32>
}

// -----

// A convolution whose output positions are one m dim (16 = 4 x 4), read back through a reshape
// to 4 x 4 by a residual add and ReLU: the residual is read at (m floordiv 4, m mod 4), the
// window dims are all at their last index, and the fused result goes through the same reshape.
// CHECK-LABEL: func.func @merged_rows
// CHECK:         %[[Y:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, ((d1 floordiv 4) + d2), ((d1 mod 4) + d3), d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (0, (d1 floordiv 4), (d1 mod 4), d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d5)>], {{.*}} ins(%x, %w, %r : {{.*}}) outs(%{{.*}} : tensor<1x16x64xf32>)
// CHECK:           %[[KH:.*]] = linalg.index 2 : index
// CHECK-NEXT:      %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %{{.*}} = arith.cmpi eq, %[[KH]], %[[C2]] : index
// CHECK:           %[[CI:.*]] = linalg.index 4 : index
// CHECK-NEXT:      %[[C127:.*]] = arith.constant 127 : index
// CHECK:           arith.select
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %[[Y]]
// CHECK-NEXT:    %[[C:.*]] = tensor.expand_shape %[[FLAT]] {{.*}} into tensor<1x4x4x64xf32>
// CHECK:         func.return %[[C]]
func.func @merged_rows(%x: tensor<1x6x6x128xf32>, %w: tensor<3x3x128x64xf32>, %r: tensor<1x4x4x64xf32>) -> tensor<1x4x4x64xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e0 = tensor.empty() : tensor<1x16x64xf32>
  %fill = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%e0 : tensor<1x16x64xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  } -> tensor<1x16x64xf32>
  %conv = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, ((d1 floordiv 4) + d2), ((d1 mod 4) + d3), d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d5)>], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%x, %w : tensor<1x6x6x128xf32>, tensor<3x3x128x64xf32>) outs(%fill : tensor<1x16x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<1x16x64xf32>
  %flat = tensor.collapse_shape %conv [[0, 1, 2]] : tensor<1x16x64xf32> into tensor<1024xf32>
  %c = tensor.expand_shape %flat [[0, 1, 2, 3]] output_shape [1, 4, 4, 64] : tensor<1024xf32> into tensor<1x4x4x64xf32>
  %e1 = tensor.empty() : tensor<1x4x4x64xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %r : tensor<1x4x4x64xf32>, tensor<1x4x4x64xf32>) outs(%e1 : tensor<1x4x4x64xf32>) {
  ^bb0(%v: f32, %res: f32, %o: f32):
    %t = arith.addf %v, %res : f32
    %u = arith.maximumf %t, %zero : f32
    linalg.yield %u : f32
  } -> tensor<1x4x4x64xf32>
  func.return %y : tensor<1x4x4x64xf32>
}

// -----

// Not fused: the product is returned too (read twice); an epilogue that reads a loop index; an
// epilogue that reads the product transposed.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-6: linalg.generic
// CHECK-NOT:     arith.select
func.func @kept(%x: tensor<8x16xf32>, %w: tensor<16x8xf32>, %init: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %d = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x, %w : tensor<8x16xf32>, tensor<16x8xf32>) outs(%init : tensor<8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%d : tensor<8x8xf32>) outs(%init : tensor<8x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.maximumf %v, %zero : f32
    linalg.yield %r : f32
  } -> tensor<8x8xf32>
  %d2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x, %w : tensor<8x16xf32>, tensor<16x8xf32>) outs(%init : tensor<8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  %y2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%d2 : tensor<8x8xf32>) outs(%init : tensor<8x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %i = linalg.index 0 : index
    %f = arith.index_cast %i : index to i32
    %g = arith.sitofp %f : i32 to f32
    %r = arith.addf %v, %g : f32
    linalg.yield %r : f32
  } -> tensor<8x8xf32>
  %d3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x, %w : tensor<8x16xf32>, tensor<16x8xf32>) outs(%init : tensor<8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  %y3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%d3 : tensor<8x8xf32>) outs(%init : tensor<8x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.maximumf %v, %zero : f32
    linalg.yield %r : f32
  } -> tensor<8x8xf32>
  func.return %d, %y, %y2, %y3 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}
