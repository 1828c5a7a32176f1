// RUN: strata-opt %s -p convert-hlo-to-linalg,bufferize,buffer-assign,linalg-outline-kernels | filecheck %s

// Linalg ops inside a loop are outlined like the others and called from the loop each
// iteration; two identical ones share one kernel (the tanh before and after a reversal: a
// tanh of a tanh would be one generic). Temporaries made in the loop are arena views
// placed there; a buffer the loop reads stays live (its bytes unshared) to the loop's end.

// CHECK-LABEL: func.func @main
// CHECK-SAME: %[[ARENA:[0-9a-z_]+]]: memref<{{[0-9]+}}xi8>) -> i32
// CHECK:      scf.while () : () -> () {
// CHECK:        func.call @[[COND:main_kernel_[0-9]+]](
// CHECK:        scf.condition
// CHECK-NEXT: } do {
// CHECK:        %[[T:.*]] = memref.view %[[ARENA]]
// CHECK:        func.call @[[TANH:main_kernel_[0-9]+]](%{{.*}}, %[[T]])
// CHECK:        func.call @{{main_kernel_[0-9]+}}(%[[T]], %[[R:[^)]*]])
// CHECK:        func.call @[[TANH]](%[[R]], %{{.*}})
// CHECK:        scf.yield
// CHECK:      func.func private @[[COND]]
// CHECK:      func.func private @[[TANH]]
// CHECK:        math.tanh
// CHECK-NOT:  math.tanh
func.func @main(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<4xf32>
   cond {
    %c = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %t = hlo.tanh %v : tensor<4xf32>
    %r = hlo.reverse %t, dims = [0] : tensor<4xf32>
    %t2 = hlo.tanh %r : tensor<4xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.return %i1, %t2 : tensor<i32>, tensor<4xf32>
  }
  func.return %r#1 : tensor<4xf32>
}
