// RUN: strata-opt %s -p convert-hlo-to-linalg,bufferize,buffer-assign,linalg-outline-kernels,profile-kernels | filecheck %s

// A loop of the entry is timed as one slice (`loop` in profiled_calls): the kernels inside it
// run once per iteration, and each call site has one timestamp slot.

// CHECK-LABEL: func.func @main
// CHECK-SAME:  profiled_calls\22:[{\22kernel\22:\22loop\22
// CHECK:       func.call @clock_gettime
// CHECK-NEXT:  scf.while
// CHECK-NOT:     func.call @clock_gettime
// CHECK:         scf.yield
// CHECK-NEXT:  }
// CHECK:       func.call @clock_gettime
// CHECK-NOT:   func.call @clock_gettime
// CHECK:       func.return
func.func @main(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<4xf32>
   cond {
    %c = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %t = hlo.tanh %v : tensor<4xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.return %i1, %t : tensor<i32>, tensor<4xf32>
  }
  func.return %r#1 : tensor<4xf32>
}
