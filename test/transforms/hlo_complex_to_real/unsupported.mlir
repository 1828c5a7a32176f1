// RUN: not strata-opt %s -p hlo-complex-to-real 2>&1 | filecheck %s

// Every op on complex values with no expansion is named at once, each once (an hlo.return is
// named with the op it returns from); nothing is rewritten.

// CHECK-DAG: unsupported.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'hlo.cbrt' op complex element type not supported for hlo.cbrt
// CHECK-DAG: unsupported.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'hlo.atan2' op complex element type not supported for hlo.atan2
// CHECK-DAG: unsupported.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'hlo.clamp' op complex element type not supported for hlo.clamp
// CHECK-DAG: unsupported.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'hlo.map' op complex element type not supported for hlo.map
// CHECK-NOT: hlo.return
// CHECK-NOT: Traceback
func.func @unsupported(%z: tensor<4xcomplex<f32>>) -> (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) {
  %0 = hlo.cbrt %z : tensor<4xcomplex<f32>>
  %1 = hlo.atan2 %z, %z : tensor<4xcomplex<f32>>
  %2 = hlo.clamp %z, %z, %z : tensor<4xcomplex<f32>>
  %3 = "hlo.map"(%z, %z) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %s = hlo.add %a, %b : tensor<complex<f32>>
    hlo.return %s : tensor<complex<f32>>
  }) : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  func.return %0, %1, %2, %3 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>
}
