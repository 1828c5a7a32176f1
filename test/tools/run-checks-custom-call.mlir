// RUN: not strata-run %s --run-checks --split-input-file | filecheck %s
// RUN: strata-opt %s --split-input-file | filecheck %s --check-prefix=ROUND

// JAX-made StableHLO tests (openxla/stablehlo's `testdata`) spell their checks as custom calls:
// `custom_call @check.expect_close(%got, %want)` (at most 3 ulp apart, a non-finite value only
// against itself), `@check.expect_eq` (exact) and `@check.expect_almost_eq` (within 0.001), in a
// public @main that calls private @inputs and @expected functions. Only @main runs. Any other
// custom call is one error naming its target.

// CHECK:      PASS @main
// CHECK-NEXT: FAIL @main
// CHECK-NEXT:   run-checks-custom-call.mlir:50:5: error: 'check.expect_close' op failed: element [1] is inf, expected 3.4028234663852886e+38 (0 to 3 ulp)
// CHECK-NEXT: FAIL @main
// CHECK-NEXT:   run-checks-custom-call.mlir:60:5: error: 'hlo.custom_call' op custom_call @my.kernel cannot be compiled: Strata has no external functions to call
// CHECK-NEXT: 1 of 3 functions passed

// ROUND: hlo.custom_call @check.expect_close(%{{.*}}, %{{.*}}) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
// ROUND: hlo.custom_call @my.kernel(%{{.*}}) {api_version = 2 : i32, backend_config = ""} : (tensor<2xf32>) -> tensor<2xf32>

module @jit_main attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<2xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = call @inputs() : () -> tensor<2xf32>
    %1 = call @expected() : () -> tensor<2xf32>
    %2 = stablehlo.exponential %0 : tensor<2xf32>
    stablehlo.custom_call @check.expect_close(%2, %1) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
    stablehlo.custom_call @check.expect_almost_eq(%2, %1) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
    %3 = stablehlo.floor %2 : tensor<2xf32>
    %4 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    stablehlo.custom_call @check.expect_eq(%3, %4) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
    return %2 : tensor<2xf32>
  }
  func.func private @inputs() -> (tensor<2xf32> {mhlo.layout_mode = "default"}) {
    %cst = stablehlo.constant dense<[0.5, 1.0]> : tensor<2xf32>
    return %cst : tensor<2xf32>
  }
  func.func private @expected() -> (tensor<2xf32> {mhlo.layout_mode = "default"}) {
    %cst = stablehlo.constant dense<[1.64872122, 2.71828175]> : tensor<2xf32>
    return %cst : tensor<2xf32>
  }
}

// -----

module @jit_main {
  func.func public @main() -> tensor<2xf32> {
    %0 = stablehlo.constant dense<[1.0, 3.4028230e+38]> : tensor<2xf32>
    %1 = stablehlo.add %0, %0 : tensor<2xf32>
    %2 = stablehlo.multiply %0, %0 : tensor<2xf32>
    %3 = stablehlo.constant dense<[2.0, 3.4028234e+38]> : tensor<2xf32>
    stablehlo.custom_call @check.expect_close(%1, %3) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
    return %1 : tensor<2xf32>
  }
}

// -----

module @jit_main {
  func.func public @main() -> tensor<2xf32> {
    %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %1 = "stablehlo.custom_call"(%0) {call_target_name = "my.kernel", api_version = 2 : i32, backend_config = ""} : (tensor<2xf32>) -> tensor<2xf32>
    return %1 : tensor<2xf32>
  }
}
