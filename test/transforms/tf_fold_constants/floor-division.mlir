// RUN: strata-opt %s -p tf-fold-constants --print-debuginfo | filecheck %s

// FloorDiv and FloorMod round toward -inf (the import-time evaluator reads the same functions);
// integer RealDiv truncates toward zero, as hlo.divide's arith.divsi does.
// CHECK-LABEL: func.func @floor
// CHECK-NEXT:    %[[D:.*]] = "tf.Const"() <{value = dense<[-4, -3]> : tensor<2xi32>}> {{.*}} loc("div")
// CHECK-NEXT:    %[[M:.*]] = "tf.Const"() <{value = dense<[1, -2]> : tensor<2xi32>}> {{.*}} loc("mod")
// CHECK-NEXT:    %[[R:.*]] = "tf.Const"() <{value = dense<[-3, -2]> : tensor<2xi32>}> {{.*}} loc("real")
// CHECK-NEXT:    func.return %[[D]], %[[M]], %[[R]]
func.func @floor() -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
  %a = "tf.Const"() <{value = dense<[-7, 7]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %b = "tf.Const"() <{value = dense<[2, -3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.FloorDiv"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32> loc("div")
  %1 = "tf.FloorMod"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32> loc("mod")
  %2 = "tf.RealDiv"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32> loc("real")
  func.return %0, %1, %2 : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
}
