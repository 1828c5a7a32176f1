// RUN: strata-opt %s -p linalg-outline-kernels | filecheck %s

// noalias only where an argument's bytes provably overlap no other argument's: arena views at
// disjoint constant offsets are distinct; overlapping views, one buffer passed twice (directly or
// through a reshape), and a view at an unknown offset are not.

// CHECK-LABEL: func.func private @main_kernel_0_disjoint_views
// CHECK-SAME:  (%{{.*}}: memref<4xf32> {llvm.noalias}, %{{.*}}: memref<4xf32> {llvm.noalias})
// CHECK-LABEL: func.func private @main_kernel_1_overlapping_views
// CHECK-SAME:  (%{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32> {llvm.noalias})
// CHECK-LABEL: func.func private @main_kernel_2_reshaped_twice
// CHECK-SAME:  (%{{.*}}: memref<4xf32>, %{{.*}}: memref<2x2xf32>)
// CHECK-LABEL: func.func private @main_kernel_3_unknown_offset
// CHECK-SAME:  (%{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>)
func.func @main(%x: memref<4xf32>, %arena: memref<64xi8>, %shift: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c48 = arith.constant 48 : index
  %v0 = memref.view %arena[%c0][] : memref<64xi8> to memref<4xf32>
  %v8 = memref.view %arena[%c8][] : memref<64xi8> to memref<4xf32>
  %v16 = memref.view %arena[%c16][] : memref<64xi8> to memref<4xf32>
  %v48 = memref.view %arena[%c48][] : memref<64xi8> to memref<4xf32>
  %vx = memref.view %arena[%shift][] : memref<64xi8> to memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v0 : memref<4xf32>) outs(%v16 : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } loc("disjoint_views")
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v0, %v8 : memref<4xf32>, memref<4xf32>) outs(%v48 : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } loc("overlapping_views")
  %r = memref.expand_shape %v0 [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 * 2 + d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v0 : memref<4xf32>) outs(%r : memref<2x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } loc("reshaped_twice")
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%vx : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } loc("unknown_offset")
  func.return
}
