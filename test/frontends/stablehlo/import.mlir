// RUN: strata-opt %s --mlir-print-debuginfo | filecheck %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | filecheck %s --check-prefix=ROUND

// StableHLO text as JAX and TensorFlow export it parses straight into `hlo` (the same ops and
// syntax under Strata's prefix): module and result attributes, `public` functions, precision,
// `#stablehlo<...>` and `#stablehlo.dot<...>` attributes in the generic form, and location
// aliases defined after their use.

// CHECK:      builtin.module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}
// CHECK:      func.func public @main(%arg0: tensor<2x3xf32> {{.*}}) -> (tensor<2x4xf32> {jax.result_info = "result"})
// CHECK:        hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32> loc("jit(f)/dot_general"("f.py":3:10))
// CHECK:        hlo.compare GT, %{{.*}}, %{{.*}} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
// CHECK:        hlo.dot_general %{{.*}}, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK:        hlo.dot %{{.*}}, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// ROUND:        hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, HIGHEST]
// ROUND:        hlo.compare GT
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32> loc("x"), %arg1: tensor<3x4xf32>) -> (tensor<2x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32> loc(#loc3)
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32> loc(#loc)
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %2 = "stablehlo.compare"(%0, %1) {comparison_direction = #stablehlo<comparison_direction GT>, compare_type = #stablehlo<comparison_type FLOAT>} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
    %3 = stablehlo.select %2, %0, %1 : tensor<2x4xi1>, tensor<2x4xf32>
    %4 = "stablehlo.dot_general"(%arg0, %arg1) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    %5 = stablehlo.dot %arg0, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    %6 = stablehlo.add %3, %4 : tensor<2x4xf32>
    %7 = stablehlo.add %6, %5 : tensor<2x4xf32>
    return %7 : tensor<2x4xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("f.py":3:10)
#loc3 = loc("jit(f)/dot_general"(#loc2))
