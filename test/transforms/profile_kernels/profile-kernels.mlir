// RUN: strata-opt %s -p profile-kernels | filecheck %s

// Each kernel call of the entry is bracketed by clock_gettime(CLOCK_MONOTONIC) into its own
// timespec slot of a zero-initialised public global; the signature lists the calls in order with
// the kernel, its TF node, its flops (8 elements x one addf; 2x4x3 x (mulf + addf)) and its bytes.
// CHECK:       "memref.global"() <{sym_name = "__strata_profile_main", type = memref<64xi8>, initial_value = dense<0> : tensor<64xi8>, sym_visibility = "public"}>
// CHECK:       func.func private @clock_gettime(i32, memref<2xi64>) -> i32
// CHECK-LABEL: func.func @main
// CHECK-SAME:    profiled_calls
// CHECK-SAME:    {\22kernel\22:\22main_kernel_0_Add\22,\22nodes\22:\22Add\22,\22flops\22:8,\22bytes\22:64}
// CHECK-SAME:    {\22kernel\22:\22main_kernel_1_MatMul\22,\22nodes\22:\22MatMul\22,\22flops\22:48,\22bytes\22:104}
// CHECK:         %[[BASE:.*]] = memref.get_global @__strata_profile_main : memref<64xi8>
// CHECK-NEXT:    %[[CLOCK:.*]] = arith.constant 1 : i32
// CHECK:         %[[T0:.*]] = memref.view %[[BASE]][%{{.*}}][] : memref<64xi8> to memref<2xi64>
// CHECK-NEXT:    func.call @clock_gettime(%[[CLOCK]], %[[T0]])
// CHECK-NEXT:    func.call @main_kernel_0_Add
// CHECK:         func.call @clock_gettime
// CHECK:         func.call @clock_gettime
// CHECK-NEXT:    func.call @main_kernel_1_MatMul
// CHECK:         func.call @clock_gettime
builtin.module {
  func.func @main(%x: memref<8xf32>, %a: memref<2x3xf32>, %b: memref<3x4xf32>, %out: memref<8xf32>, %c: memref<2x4xf32>, %arena: memref<1xi8>) -> i32 attributes {strata.signature = "{\22entry\22:\22main\22,\22inputs\22:[],\22outputs\22:[],\22arena_bytes\22:1,\22status_codes\22:{}}"} {
    func.call @main_kernel_0_Add(%x, %out) : (memref<8xf32>, memref<8xf32>) -> () loc("Add")
    func.call @main_kernel_1_MatMul(%a, %b, %c) : (memref<2x3xf32>, memref<3x4xf32>, memref<2x4xf32>) -> () loc("MatMul")
    %ok = arith.constant 0 : i32
    func.return %ok : i32
  }
  func.func private @main_kernel_0_Add(%in: memref<8xf32>, %res: memref<8xf32>) attributes {no_inline} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %v = memref.load %in[%i] : memref<8xf32>
      %s = arith.addf %v, %v : f32
      memref.store %s, %res[%i] : memref<8xf32>
    }
    func.return
  }
  func.func private @main_kernel_1_MatMul(%a: memref<2x3xf32>, %b: memref<3x4xf32>, %c: memref<2x4xf32>) attributes {no_inline} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %k = %c0 to %c3 step %c1 {
        scf.for %j = %c0 to %c4 step %c1 {
          %x = memref.load %a[%i, %k] : memref<2x3xf32>
          %y = memref.load %b[%k, %j] : memref<3x4xf32>
          %z = memref.load %c[%i, %j] : memref<2x4xf32>
          %p = arith.mulf %x, %y : f32
          %s = arith.addf %z, %p : f32
          memref.store %s, %c[%i, %j] : memref<2x4xf32>
        }
      }
    }
    func.return
  }
}
