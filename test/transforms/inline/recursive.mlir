// RUN: not strata-opt %s -p inline 2>&1 | filecheck %s

// CHECK: recursive.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'func.call' op inline: recursive calls cannot be inlined (f -> g -> f)
func.func private @f(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = func.call @g(%a) : (tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}
func.func private @g(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = func.call @f(%a) : (tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}
