func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %b = arith.addf %a, %a : tensor<2xf32>
  func.return %b : tensor<2xf32>
}
