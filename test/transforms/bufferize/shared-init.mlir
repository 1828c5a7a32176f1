// RUN: strata-opt %s -p bufferize | filecheck %s

// Two generics take the same tensor.empty as their init: writing it in place would make %a and
// %b one buffer, and the mulf would overwrite the addf's results before the subf reads them.
// Each generic must get its own copy of the shared temporary.
// CHECK-LABEL: func.func @shared_init
// CHECK-SAME:  (%[[X:.*]]: memref<4xf32>, %[[OUT:.*]]: memref<4xf32>) -> i32
// CHECK-NEXT:    %[[SHARED:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%[[SHARED]], %[[A]])
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[X]] : memref<4xf32>) outs(%[[A]] : memref<4xf32>)
// CHECK:           arith.addf
// CHECK:         %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%[[SHARED]], %[[B]])
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[X]] : memref<4xf32>) outs(%[[B]] : memref<4xf32>)
// CHECK:           arith.mulf
// CHECK:         linalg.generic {{.*}} ins(%[[A]], %[[B]] : memref<4xf32>, memref<4xf32>) outs(%[[OUT]] : memref<4xf32>)
// CHECK:           arith.subf
func.func @shared_init(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
  ^bb0(%p: f32, %q: f32, %out: f32):
    %s = arith.subf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
