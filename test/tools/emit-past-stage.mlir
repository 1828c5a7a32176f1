// Asking for a stage the input is already past is an error naming both stages.
// RUN: strata-opt %S/../targets/emit-llvm.mlir --emit=llvm > %t.mlir
// RUN: not strata-opt %t.mlir --emit=hlo 2>&1 | filecheck %s
// CHECK: error: the input is at stage 'llvm', past 'hlo': stages only lower
