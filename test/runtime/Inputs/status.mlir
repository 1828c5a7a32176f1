func.func @main(%x: tensor<4xi32>) -> tensor<4xi32> attributes {tf.entry_function = {inputs = "x", outputs = "y"}} {
  %c0 = "hlo.constant"() <{value = dense<0> : tensor<4xi32>}> : () -> tensor<4xi32>
  %lt = "hlo.compare"(%x, %c0) <{comparison_direction = #hlo<comparison_direction LT>}> : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %f = "hlo.constant"() <{value = dense<false> : tensor<i1>}> : () -> tensor<i1>
  %any = "hlo.reduce"(%lt, %f) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %o = "hlo.or"(%a, %b) : (tensor<i1>, tensor<i1>) -> tensor<i1>
    "hlo.return"(%o) : (tensor<i1>) -> ()
  }) : (tensor<4xi1>, tensor<i1>) -> tensor<i1>
  "rt.check"(%any) <{message = "node 'g': index out of range [0, 10)"}> : (tensor<i1>) -> ()
  func.return %x : tensor<4xi32>
}
