// RUN: strata-opt %s -p linalg-outline-kernels --mlir-print-debuginfo | filecheck %s

// Kernels identical up to their buffers are emitted once: layer0 and layer1 run the same code on
// other buffers (and another constant weight, passed as a buffer), so both call the first kernel;
// layer2 multiplies instead of adding and gets its own. Kernel names keep the first node's name;
// each call keeps its own location.
// CHECK-LABEL: func.func @main
// CHECK-NEXT:    %[[W0:[a-z0-9_]+]] = memref.get_global @w0
// CHECK-NEXT:    func.call @main_kernel_0_layer0(%{{.*}}, %[[W0]], %[[H:[a-z0-9_]+]]) : {{.*}} loc("layer0")
// CHECK-NEXT:    %[[W1:[a-z0-9_]+]] = memref.get_global @w1
// CHECK-NEXT:    func.call @main_kernel_0_layer0(%[[H]], %[[W1]], %{{.*}}) : {{.*}} loc("layer1")
// CHECK-NEXT:    func.call @main_kernel_2_layer2(
// CHECK-NOT:   func.func private @main_kernel_1
// CHECK:       func.func private @main_kernel_0_layer0(
// CHECK:         arith.addf
// CHECK-NOT:   func.func private @main_kernel_1
// CHECK:       func.func private @main_kernel_2_layer2(
// CHECK:         arith.mulf
// CHECK-NOT:   func.func private
"memref.global"() <{sym_name = "w0", type = memref<4xf32>, initial_value = dense<1.0> : tensor<4xf32>, sym_visibility = "private", constant}> : () -> ()
"memref.global"() <{sym_name = "w1", type = memref<4xf32>, initial_value = dense<2.0> : tensor<4xf32>, sym_visibility = "private", constant}> : () -> ()
func.func @main(%x: memref<4xf32>, %h: memref<4xf32>, %y: memref<4xf32>, %z: memref<4xf32>) {
  %w0 = memref.get_global @w0 : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %w0 : memref<4xf32>, memref<4xf32>) outs(%h : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } loc("layer0")
  %w1 = memref.get_global @w1 : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%h, %w1 : memref<4xf32>, memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } loc("layer1")
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%y, %w1 : memref<4xf32>, memref<4xf32>) outs(%z : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.mulf %a, %b : f32
    linalg.yield %s : f32
  } loc("layer2")
  func.return
}
