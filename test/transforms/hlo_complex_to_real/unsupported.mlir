// RUN: not strata-opt %s -p hlo-complex-to-real 2>&1 | filecheck %s

// Every op on complex values with no expansion is named at once; nothing is rewritten.
// (Control flow carrying complex values is rejected earlier, by the hlo verifier.)

// CHECK-DAG: unsupported.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'hlo.sign' op complex element type not supported for hlo.sign
// CHECK-DAG: unsupported.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'hlo.compare' op complex element type not supported for hlo.compare
// CHECK-DAG: unsupported.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'hlo.atan2' op complex element type not supported for hlo.atan2
func.func @unsupported(%z: tensor<4xcomplex<f32>>) -> (tensor<4xi1>, tensor<4xcomplex<f32>>) {
  %0 = hlo.sign %z : tensor<4xcomplex<f32>>
  %1 = hlo.compare LT, %z, %0 : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  %2 = hlo.atan2 %z, %z : tensor<4xcomplex<f32>>
  func.return %1, %2 : tensor<4xi1>, tensor<4xcomplex<f32>>
}
