// RUN: strata-opt %s --mlir-print-debuginfo | filecheck %s
// RUN: strata-opt %s --mlir-print-debuginfo | strata-opt --mlir-print-debuginfo | filecheck %s
// RUN: strata-opt %s --emit=hlo-opt --mlir-print-debuginfo | filecheck %s --check-prefix=PASS
// RUN: not strata-opt %s -p convert-hlo-to-linalg,convert-linalg-to-loops 2>&1 | filecheck %s --check-prefix=ERR

// An op parsed from a file is at loc("file":line:col) (the start of its results, as in MLIR)
// unless it has a loc of its own; printing with debuginfo and parsing again keeps both, and so
// do passes. Errors are reported at the op's position (verify-diagnostics.mlir).

func.func @f(%a: tensor<4xf32>) -> tensor<2x4xf32> {
  %0 = hlo.exponential %a : tensor<4xf32>
  %1 = hlo.broadcast_in_dim %0, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32> loc("my_node")
  func.return %1 : tensor<2x4xf32>
}
// CHECK:      hlo.exponential {{.*}} loc("{{[^"]*}}locations.mlir":11:3)
// CHECK-NEXT: hlo.broadcast_in_dim {{.*}} loc("my_node")
// CHECK-NEXT: func.return {{.*}} loc("{{[^"]*}}locations.mlir":13:3)
// PASS:       hlo.exponential {{.*}} loc("{{[^"]*}}locations.mlir":11:3)
// Where some ops are TF nodes, a contract failure lists each op by what it has.
// ERR:        error: convert-linalg-to-loops: 2 linalg ops still on tensors (run bufferize first):
// ERR-NEXT:     {{.*}}locations.mlir:11:3: 'linalg.generic' op
// ERR-NEXT:     node 'my_node' (linalg.generic)
