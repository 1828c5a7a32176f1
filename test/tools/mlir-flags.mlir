// The mlir-opt flags MLIR users type.
// RUN: strata-opt %s --allow-unregistered-dialect -p canonicalize,cse --mlir-print-ir-before-all --mlir-print-ir-after-all 2>&1 >/dev/null | filecheck %s --check-prefix=ALL
// RUN: strata-opt %s --allow-unregistered-dialect -p cse,cse --mlir-print-ir-after-change 2>&1 >/dev/null | filecheck %s --check-prefix=CHANGE
// RUN: not strata-opt %s --allow-unregistered-dialect -p canonicalize,convert-linalg-to-loops --mlir-print-ir-after-failure 2>&1 | filecheck %s --check-prefix=FAILURE
// RUN: strata-opt %s --allow-unregistered-dialect -p canonicalize,cse --mlir-timing --dump-pass-pipeline 2>&1 >/dev/null | filecheck %s --check-prefix=TIMING
// RUN: strata-opt %s --allow-unregistered-dialect -p cse | filecheck %s --check-prefix=UNREG
// RUN: not strata-opt %s 2>&1 | filecheck %s --check-prefix=NOUNREG

// ALL:         // -----// IR Dump Before canonicalize //----- //
// ALL:         // -----// IR Dump After canonicalize //----- //
// ALL:         // -----// IR Dump Before cse //----- //
// ALL:         // -----// IR Dump After cse //----- //
// The first cse merges the two constants; the second changes nothing and prints nothing.
// CHANGE:      // -----// IR Dump After cse //----- //
// CHANGE-NOT:  IR Dump
// FAILURE:     // -----// IR Dump After convert-linalg-to-loops Failed //----- //
// FAILURE:     "toy.print"
// FAILURE:     mlir-flags.mlir:32:3: error: 'linalg.generic' op convert-linalg-to-loops: linalg ops still on tensors
// TIMING:      Pass Manager with 2 passes:
// TIMING-NEXT: builtin.module(canonicalize,cse)
// TIMING:      Total Execution Time: {{[0-9.]+}} seconds
// TIMING:      canonicalize
// TIMING-NEXT: cse
// TIMING-NEXT: (100.0%)  Total
// UNREG:       "toy.print"(%{{.*}}) : (i32) -> ()
// NOUNREG:     {{.*}}mlir-flags.mlir:30:3: error: Operation toy.print is not registered
func.func @f(%t: tensor<4xf32>) -> (i32, i32, tensor<4xf32>) {
  %a = arith.constant 2 : i32
  %b = arith.constant 2 : i32
  "toy.print"(%a) : (i32) -> ()
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  func.return %a, %b, %r : i32, i32, tensor<4xf32>
}
