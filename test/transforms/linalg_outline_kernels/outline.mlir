// RUN: strata-opt %s -p linalg-outline-kernels | filecheck %s

// Each top-level linalg op becomes a private no_inline kernel named after the function, its index
// and its location; the call passes the op's buffers, and distinct argument buffers are noalias.
// CHECK-LABEL: func.func @main
// CHECK-SAME:  (%[[A:.*]]: memref<4xf32>, %[[B:.*]]: memref<4xf32>)
// CHECK-NEXT:    func.call @main_kernel_0_dense_MatMul(%[[A]], %[[B]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    func.call @main_kernel_1(%[[B]]) : (memref<4xf32>) -> ()
// CHECK-NEXT:    func.return
// CHECK-LABEL: func.func private @main_kernel_0_dense_MatMul
// CHECK-SAME:  (%[[IN:.*]]: memref<4xf32> {llvm.noalias}, %[[OUT:.*]]: memref<4xf32> {llvm.noalias}) attributes {no_inline}
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[IN]] : memref<4xf32>) outs(%[[OUT]] : memref<4xf32>)
// CHECK:           arith.addf
// CHECK:         func.return
// CHECK-LABEL: func.func private @main_kernel_1
// CHECK-SAME:  (%[[ONLY:.*]]: memref<4xf32> {llvm.noalias}) attributes {no_inline}
// CHECK-NEXT:    linalg.generic {{.*}} outs(%[[ONLY]] : memref<4xf32>)
// CHECK:           arith.mulf
// CHECK:         func.return
func.func @main(%a: memref<4xf32>, %b: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %in : f32
    linalg.yield %s : f32
  } loc("dense/MatMul")
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%b : memref<4xf32>) {
  ^bb0(%out: f32):
    %s = arith.mulf %out, %out : f32
    linalg.yield %s : f32
  }
  func.return
}
