// RUN: strata-opt %s -p convert-memref-to-llvm --split-input-file | filecheck %s

// CHECK-LABEL: func.func @load_store
// CHECK-SAME:  (%[[M:.*]]: memref<4x8xf32>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-DAG:   %[[P:.*]] = builtin.unrealized_conversion_cast %[[M]] : memref<4x8xf32> to !llvm.ptr
// CHECK-DAG:   %[[IL:.*]] = builtin.unrealized_conversion_cast %[[I]] : index to i64
// CHECK-DAG:   %[[JL:.*]] = builtin.unrealized_conversion_cast %[[J]] : index to i64
// CHECK:       %[[STRIDE:.*]] = llvm.mlir.constant(8) : i64
// CHECK:       %[[ROW:.*]] = llvm.mul %[[IL]], %[[STRIDE]] overflow<nsw> : i64
// CHECK:       %[[LIN:.*]] = llvm.add %[[ROW]], %[[JL]] overflow<nsw> : i64
// CHECK:       %[[GEP:.*]] = llvm.getelementptr inbounds %[[P]][%[[LIN]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:       %[[V:.*]] = llvm.load %[[GEP]] : !llvm.ptr -> f32
// CHECK:       %[[ROW2:.*]] = llvm.mul %[[JL]], %{{.*}} overflow<nsw> : i64
// CHECK:       %[[LIN2:.*]] = llvm.add %[[ROW2]], %[[IL]] overflow<nsw> : i64
// CHECK:       %[[GEP2:.*]] = llvm.getelementptr inbounds %[[P]][%[[LIN2]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:       llvm.store %[[V]], %[[GEP2]] : f32, !llvm.ptr
func.func @load_store(%m: memref<4x8xf32>, %i: index, %j: index) {
  %v = memref.load %m[%i, %j] : memref<4x8xf32>
  memref.store %v, %m[%j, %i] : memref<4x8xf32>
  func.return
}

// -----

// CHECK:       llvm.mlir.global private constant @w(dense<{{.*}}> : tensor<2x2xf32>) {addr_space = 0 : i32, alignment = 64 : i64} : !llvm.array<2 x !llvm.array<2 x f32>>
// CHECK-LABEL: func.func @global_view_reshape
// CHECK-SAME:  (%[[ARENA:.*]]: memref<64xi8>, %[[OFF:.*]]: index)
// CHECK-DAG:   %[[W:.*]] = llvm.mlir.addressof @w : !llvm.ptr
// CHECK-DAG:   %[[AP:.*]] = builtin.unrealized_conversion_cast %[[ARENA]] : memref<64xi8> to !llvm.ptr
// CHECK-DAG:   %[[OL:.*]] = builtin.unrealized_conversion_cast %[[OFF]] : index to i64
// CHECK:       %[[VIEW:.*]] = llvm.getelementptr inbounds %[[AP]][%[[OL]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK:       %[[SIZE:.*]] = llvm.mlir.constant(16) : i64
// CHECK:       llvm.call_intrinsic "llvm.memcpy.p0.p0.i64"(%[[VIEW]], %[[W]], %[[SIZE]], %{{.*}}) : (!llvm.ptr, !llvm.ptr, i64, i1) -> ()
// CHECK:       %[[IDX:.*]] = builtin.unrealized_conversion_cast %{{.*}} : index to i64
// CHECK:       %[[ELT:.*]] = llvm.getelementptr inbounds %[[VIEW]][%[[IDX]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
"memref.global"() <{sym_name = "w", type = memref<2x2xf32>, initial_value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>, sym_visibility = "private", constant}> : () -> ()
func.func @global_view_reshape(%arena: memref<64xi8>, %off: index) -> f32 {
  %w = memref.get_global @w : memref<2x2xf32>
  %t = memref.view %arena[%off][] : memref<64xi8> to memref<2x2xf32>
  "memref.copy"(%w, %t) : (memref<2x2xf32>, memref<2x2xf32>) -> ()
  %flat = memref.collapse_shape %t [[0, 1]] : memref<2x2xf32> into memref<4xf32>
  %c3 = "test.op"() : () -> index
  %v = memref.load %flat[%c3] : memref<4xf32>
  func.return %v : f32
}

// -----

// CHECK:       llvm.func @free(!llvm.ptr)
// CHECK:       llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-LABEL: func.func @alloc
// CHECK:       %[[N:.*]] = llvm.mlir.constant(16) : i64
// CHECK:       %[[S:.*]] = llvm.alloca %[[N]] x f32 {alignment = 64 : i64} : (i64) -> !llvm.ptr
// CHECK:       %[[BYTES:.*]] = llvm.mlir.constant(64) : i64
// CHECK:       %[[H:.*]] = llvm.call @malloc(%[[BYTES]]) : (i64) -> !llvm.ptr
// CHECK:       llvm.call @free(%[[H]]) : (!llvm.ptr) -> ()
func.func @alloc() {
  %s = memref.alloca() : memref<16xf32>
  %h = memref.alloc() : memref<16xf32>
  memref.dealloc %h : memref<16xf32>
  func.return
}

// -----

// i4 and ui4 are held in a byte each, extended by their signedness (numpy's int8/uint8): LLVM's
// own store of an i4 leaves the byte's other bits unspecified. A load truncates the byte.
// CHECK-LABEL: func.func @narrow_integers
// CHECK:       %[[B:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i8
// CHECK-NEXT:  %[[V:.*]] = llvm.trunc %[[B]] : i8 to i4
// CHECK:       %[[W:.*]] = llvm.sext %{{.*}} : i4 to i8
// CHECK-NEXT:  llvm.store %[[W]], %{{.*}} : i8, !llvm.ptr
// CHECK:       llvm.load %{{.*}} : !llvm.ptr -> i8
// CHECK:       %[[UW:.*]] = llvm.zext %{{.*}} : i4 to i8
// CHECK-NEXT:  llvm.store %[[UW]], %{{.*}} : i8, !llvm.ptr
// CHECK:       llvm.load %{{.*}} : !llvm.ptr -> i1
func.func @narrow_integers(%m: memref<4xi4>, %u: memref<4xui4>, %b: memref<4xi1>, %i: index, %j: index) {
  %v = memref.load %m[%i] : memref<4xi4>
  memref.store %v, %m[%j] : memref<4xi4>
  %w = memref.load %u[%i] : memref<4xui4>
  memref.store %w, %u[%j] : memref<4xui4>
  %c = memref.load %b[%i] : memref<4xi1>
  memref.store %c, %b[%j] : memref<4xi1>
  func.return
}
