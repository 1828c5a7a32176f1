// RUN: strata-opt %s -p bufferize | filecheck %s
// RUN: strata-opt %s -p bufferize,buffer-assign,linalg-outline-kernels | filecheck %s --check-prefix=KERNEL

// A gather's body reads a table it captures (a weight constant here): after bufferize the read
// is a memref.load of the table's buffer, and the outlined kernel takes the table as an argument.
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[IDS:.*]]: memref<3xi32>, %[[OUT:.*]]: memref<3x2xf32>) -> i32
// CHECK-NEXT:   %[[T:.*]] = memref.get_global @__constant_table : memref<4x2xf32>
// CHECK-NEXT:   linalg.generic {{.*}} ins(%[[IDS]] : memref<3xi32>) outs(%[[OUT]] : memref<3x2xf32>) {
// CHECK-NEXT:   ^{{.*}}(%[[ID:.*]]: i32, %{{.*}}: f32):
// CHECK-NEXT:     %[[ROW:.*]] = arith.index_cast %[[ID]] : i32 to index
// CHECK-NEXT:     %[[COL:.*]] = linalg.index 1 : index
// CHECK-NEXT:     %[[V:.*]] = memref.load %[[T]][%[[ROW]], %[[COL]]] : memref<4x2xf32>
// CHECK-NEXT:     linalg.yield %[[V]] : f32
// CHECK-NOT:  tensor

// KERNEL:       func.call @main_kernel_0_gather(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<3xi32>, memref<3x2xf32>, memref<4x2xf32>) -> ()
// KERNEL-LABEL: func.func private @main_kernel_0_gather
// KERNEL-SAME:  (%[[IDS:.*]]: memref<3xi32> {llvm.noalias}, %[[OUT:.*]]: memref<3x2xf32> {llvm.noalias}, %[[T:.*]]: memref<4x2xf32> {llvm.noalias})
// KERNEL:         memref.load %[[T]][%{{.*}}, %{{.*}}] : memref<4x2xf32>
func.func @main(%ids: tensor<3xi32>) -> tensor<3x2xf32> {
  %t = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32> loc("table")
  %e = tensor.empty() : tensor<3x2xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<3xi32>) outs(%e : tensor<3x2xf32>) {
  ^bb0(%id: i32, %out: f32):
    %row = arith.index_cast %id : i32 to index
    %col = linalg.index 1 : index
    %v = tensor.extract %t[%row, %col] : tensor<4x2xf32>
    linalg.yield %v : f32
  } -> tensor<3x2xf32> loc("gather")
  func.return %r : tensor<3x2xf32>
}
