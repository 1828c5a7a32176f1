// RUN: strata-translate --import-stablehlo %s | filecheck %s
// RUN: strata-translate --import-stablehlo %s | strata-opt --generic | strata-opt | filecheck %s
// RUN: strata-translate --import-stablehlo %s | strata-opt -p inline | filecheck %s --check-prefix=OPT
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=RUNS
// RUN: not strata-run %S/Inputs/composite-no-decomposition.mlir --run-checks 2>&1 | filecheck %s --check-prefix=MISSING

// stablehlo.composite is a call of its decomposition (inline puts the body in its place; its name
// and attributes round-trip); dot_general's `algorithm = <...>` is read, printed and kept, and the
// contraction computes at the operands' own precision (StableHLO's interpret tests).
// CHECK-LABEL: func.func @composite
// CHECK:         hlo.composite "my.add_n" %{{.*}} {composite_attributes = {n = 2 : i64}, decomposition = @add_n.impl, version = 1 : i32} : (tensor<i64>) -> tensor<i64>
// CHECK-LABEL: func.func @algorithm
// CHECK:         hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// OPT-LABEL:     func.func @composite
// OPT-NOT:       hlo.composite
// OPT:           hlo.add
// RUNS: PASS @composite
// RUNS: PASS @algorithm
// RUNS: 2 of 2 functions passed
// MISSING: composite-no-decomposition.mlir:3:3: error: 'hlo.composite' op inline: decomposition @nowhere is not a function here
func.func private @add_n.impl(%arg0: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.constant dense<2> : tensor<i64>
  %1 = stablehlo.add %arg0, %0 : tensor<i64>
  func.return %1 : tensor<i64>
}

func.func @composite() {
  %0 = stablehlo.constant dense<1> : tensor<i64>
  %1 = stablehlo.composite "my.add_n" %0 {
    composite_attributes = { n = 2 : i64 },
    decomposition = @add_n.impl,
    version = 1 : i32
  } : (tensor<i64>) -> tensor<i64>
  check.expect_eq_const %1, dense<3> : tensor<i64>
  func.return
}

func.func @algorithm() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = stablehlo.constant dense<[[0.5, 0.0], [0.0, 2.0]]> : tensor<2x2xf32>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0],
    algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32,
                 lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1,
                 allow_imprecise_accumulation = false> : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %r, dense<[[0.5, 4.0], [1.5, 8.0]]> : tensor<2x2xf32>
  func.return
}
