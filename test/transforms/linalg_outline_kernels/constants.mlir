// RUN: strata-opt %s -p linalg-outline-kernels | filecheck %s

// Kernels that are the same code but for the values of scalar constants take those constants as
// arguments, and one kernel serves them all: the three comparisons of a length with a step
// number (11, 10, 11) call one kernel with an i32 argument. A constant that shapes the code
// (a divisor: x / 2.0 becomes x * 0.5) or addresses (an index) stays in each kernel, and a
// constant that is the same at every site stays in the code too (the 0.5 added below).
// CHECK-LABEL: func.func @main
// CHECK-DAG:     %[[C11:.*]] = arith.constant 11 : i32
// CHECK-DAG:     %[[C10:.*]] = arith.constant 10 : i32
// CHECK:         func.call @main_kernel_0(%{{.*}}, %{{.*}}, %[[C11]]) : (memref<4xi32>, memref<4xi1>, i32) -> ()
// CHECK-NEXT:    func.call @main_kernel_0(%{{.*}}, %{{.*}}, %[[C10]]) : (memref<4xi32>, memref<4xi1>, i32) -> ()
// CHECK-NEXT:    func.call @main_kernel_0(%{{.*}}, %{{.*}}, %[[C11]]) : (memref<4xi32>, memref<4xi1>, i32) -> ()
// CHECK:         func.call @main_kernel_3(%{{.*}}, %{{.*}}) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    func.call @main_kernel_4(%{{.*}}, %{{.*}}) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK:         func.call @main_kernel_5(%{{.*}}) : (memref<4xi64>) -> ()
// CHECK-NEXT:    func.call @main_kernel_6(%{{.*}}) : (memref<4xi64>) -> ()
// CHECK:         func.call @main_kernel_7(%x, %y, %two) : (memref<4xf32>, memref<4xf32>, f32) -> ()
// CHECK-NEXT:    func.call @main_kernel_7(%x, %z, %three) : (memref<4xf32>, memref<4xf32>, f32) -> ()
// CHECK-NEXT:    func.return

// CHECK:       func.func private @main_kernel_0(%{{.*}}: memref<4xi32> {llvm.noalias}, %{{.*}}: memref<4xi1> {llvm.noalias}, %[[N:.*]]: i32)
// CHECK-NOT:     arith.constant
// CHECK:         arith.cmpi sle, %{{.*}}, %[[N]] : i32
// CHECK-NOT:   func.func private @main_kernel_1
// CHECK-NOT:   func.func private @main_kernel_2
// CHECK:       func.func private @main_kernel_3(%{{[^,]*}}, %{{[^,]*}}) attributes
// CHECK:         arith.constant 2.0
// CHECK:       func.func private @main_kernel_4(%{{[^,]*}}, %{{[^,]*}}) attributes
// CHECK:         arith.constant 3.0
// CHECK:       func.func private @main_kernel_5(%{{[^,]*}}) attributes
// CHECK:         arith.constant 1 : index
// CHECK:       func.func private @main_kernel_6(%{{[^,]*}}) attributes
// CHECK:         arith.constant 2 : index
// CHECK:       func.func private @main_kernel_7(%{{.*}}: memref<4xf32> {llvm.noalias}, %{{.*}}: memref<4xf32> {llvm.noalias}, %[[S:.*]]: f32)
// CHECK:         %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK:         arith.mulf %{{.*}}, %[[S]] : f32
// CHECK:         arith.addf %{{.*}}, %[[HALF]] : f32
// CHECK-NOT:   func.func private
#id = affine_map<(d0) -> (d0)>
func.func @main(%len: memref<4xi32>, %m0: memref<4xi1>, %m1: memref<4xi1>, %m2: memref<4xi1>,
                %x: memref<4xf32>, %y: memref<4xf32>, %z: memref<4xf32>, %i: memref<4xi64>,
                %j: memref<4xi64>) {
  %c11 = arith.constant 11 : i32
  %c10 = arith.constant 10 : i32
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%len : memref<4xi32>) outs(%m0 : memref<4xi1>) {
  ^bb0(%a: i32, %o: i1):
    %p = arith.cmpi sle, %a, %c11 : i32
    linalg.yield %p : i1
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%len : memref<4xi32>) outs(%m1 : memref<4xi1>) {
  ^bb0(%a: i32, %o: i1):
    %p = arith.cmpi sle, %a, %c10 : i32
    linalg.yield %p : i1
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%len : memref<4xi32>) outs(%m2 : memref<4xi1>) {
  ^bb0(%a: i32, %o: i1):
    %p = arith.cmpi sle, %a, %c11 : i32
    linalg.yield %p : i1
  }
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %q = arith.divf %a, %two : f32
    linalg.yield %q : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%z : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %q = arith.divf %a, %three : f32
    linalg.yield %q : f32
  }
  %one_i = arith.constant 1 : index
  %two_i = arith.constant 2 : index
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%i : memref<4xi64>) {
  ^bb0(%o: i64):
    %k = linalg.index 0 : index
    %s = arith.addi %k, %one_i : index
    %v = arith.index_cast %s : index to i64
    linalg.yield %v : i64
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%j : memref<4xi64>) {
  ^bb0(%o: i64):
    %k = linalg.index 0 : index
    %s = arith.addi %k, %two_i : index
    %v = arith.index_cast %s : index to i64
    linalg.yield %v : i64
  }
  %half = arith.constant 0.5 : f32
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %q = arith.mulf %a, %two : f32
    %r = arith.addf %q, %half : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%z : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %q = arith.mulf %a, %three : f32
    %r = arith.addf %q, %half : f32
    linalg.yield %r : f32
  }
  func.return
}
