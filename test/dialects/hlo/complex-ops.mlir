// RUN: strata-opt %s | filecheck %s
// RUN: strata-opt %s --generic | strata-opt | filecheck %s

// CHECK-LABEL: func.func @complex_ops
// CHECK-SAME: (%[[RE:.*]]: tensor<4xf32>, %[[IM:.*]]: tensor<4xf32>, %[[Z:.*]]: tensor<2x3xcomplex<f64>>, %[[X:.*]]: tensor<f64>)
func.func @complex_ops(%re: tensor<4xf32>, %im: tensor<4xf32>, %z: tensor<2x3xcomplex<f64>>, %x: tensor<f64>) {
  // CHECK-NEXT: hlo.complex %[[RE]], %[[IM]] : tensor<4xcomplex<f32>>
  %0 = hlo.complex %re, %im : tensor<4xcomplex<f32>>
  // CHECK-NEXT: hlo.real %[[Z]] : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %1 = hlo.real %z : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  // CHECK-NEXT: hlo.imag %[[Z]] : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %2 = hlo.imag %z : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  // CHECK-NEXT: hlo.real %[[X]] : tensor<f64>
  %3 = hlo.real %x : tensor<f64>
  // CHECK-NEXT: hlo.abs %[[Z]] : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %4 = hlo.abs %z : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  // CHECK-NEXT: hlo.constant dense<[(1.500000e+00,2.500000e+00), (0.000000e+00,-1.000000e+00)]> : tensor<2xcomplex<f32>>
  %5 = hlo.constant dense<[(1.5, 2.5), (0.0, -1.0)]> : tensor<2xcomplex<f32>>
  // CHECK-NEXT: hlo.multiply %[[Z]], %[[Z]] : tensor<2x3xcomplex<f64>>
  %6 = hlo.multiply %z, %z : tensor<2x3xcomplex<f64>>
  func.return
}

// CHECK-LABEL: func.func @fft
// CHECK-SAME: (%[[Z:.*]]: tensor<3x4xcomplex<f32>>, %[[X:.*]]: tensor<2x8xf64>)
func.func @fft(%z: tensor<3x4xcomplex<f32>>, %x: tensor<2x8xf64>) {
  // CHECK-NEXT: hlo.fft %[[Z]], type = FFT, length = [3, 4] : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  %0 = hlo.fft %z, type = FFT, length = [3, 4] : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  // CHECK-NEXT: hlo.fft %[[X]], type = RFFT, length = [8] : (tensor<2x8xf64>) -> tensor<2x5xcomplex<f64>>
  %1 = hlo.fft %x, type = RFFT, length = [8] : (tensor<2x8xf64>) -> tensor<2x5xcomplex<f64>>
  // CHECK-NEXT: hlo.fft %[[Z]], type = IRFFT, length = [6] : (tensor<3x4xcomplex<f32>>) -> tensor<3x6xf32>
  %2 = hlo.fft %z, type = IRFFT, length = [6] : (tensor<3x4xcomplex<f32>>) -> tensor<3x6xf32>
  func.return
}
