// RUN: strata-opt %s --split-input-file --verify-diagnostics

// The feature vectors must have the feature dim's size; feature_index must name a dim.
func.func @wrong_feature_size(%x: tensor<3x2xf32>, %s: tensor<3xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{'hlo.batch_norm_inference' op operand 1 must be tensor<2xf32>, found tensor<3xf32>}}
  %y = "hlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<3x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  func.return %y : tensor<3x2xf32>
}

// -----

func.func @feature_index_out_of_range(%x: tensor<3x2xf32>, %s: tensor<2xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{'hlo.batch_norm_training' op feature_index 5 is out of range for rank 2}}
  %y, %m, %v = "hlo.batch_norm_training"(%x, %s, %s) {epsilon = 0.0 : f32, feature_index = 5 : i64} : (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>)
  func.return %y : tensor<3x2xf32>
}
