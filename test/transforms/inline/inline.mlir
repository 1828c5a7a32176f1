// RUN: strata-opt %s -p inline | filecheck %s

// Calls are replaced by the callee's body (callees of callees first); private functions no
// longer called are erased, public ones stay.
// CHECK-LABEL: func.func public @main
// CHECK-NEXT:    %[[M:.*]] = hlo.multiply %x, %x : tensor<3xf32>
// CHECK-NEXT:    %[[A:.*]] = hlo.add %[[M]], %[[M]] : tensor<3xf32>
// CHECK-NEXT:    %[[B:.*]] = hlo.add %[[A]], %x : tensor<3xf32>
// CHECK-NEXT:    func.return %[[B]]
// CHECK-NOT:   @square
// CHECK-NOT:   @twice
// CHECK-LABEL: func.func @kept
func.func public @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = func.call @twice(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %1 = hlo.add %0, %x : tensor<3xf32>
  func.return %1 : tensor<3xf32>
}
func.func private @twice(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = func.call @square(%a) : (tensor<3xf32>) -> tensor<3xf32>
  %1 = hlo.add %0, %0 : tensor<3xf32>
  func.return %1 : tensor<3xf32>
}
func.func private @square(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = hlo.multiply %a, %a : tensor<3xf32>
  func.return %0 : tensor<3xf32>
}
func.func @kept(%a: tensor<3xf32>) -> tensor<3xf32> {
  func.return %a : tensor<3xf32>
}
