// RUN: not strata-opt %s 2>&1 | filecheck %s

// An op whose custom parser in xDSL checks what it read with an assert (llvm.mlir.global's
// addr_space must be an integer; here a float) is a parse error at that op, not an internal
// error (found by test_fuzz_mlir, seed 2071).
// CHECK: custom-parser-asserts.mlir:9:3: error: cannot read this operation: an attribute or type it does not take
// CHECK-NOT: internal compiler error
builtin.module {
  llvm.mlir.global private constant @weights(dense<1.0> : tensor<2xf32>) {addr_space = 0 : f64, alignment = 64 : i64} : !llvm.array<2 x f32>
}
