// RUN: not strata-opt %s 2>&1 | filecheck %s

// An attribute xDSL parses but cannot print (a float of type f80: it has no format to pack the
// value with) is a diagnostic at its op when the IR is printed, not an internal error (found by
// test_fuzz_mlir, seed 2742: `strata.interleave = 4 : f80` on a loop).
// CHECK: unprintable-attribute.mlir:8:1: error: 'func.func' op attribute 'weird' cannot be printed: xDSL has no format for a float of type f80
// CHECK-NOT: internal compiler error
func.func @f() attributes {weird = 4 : f80} {
  func.return
}
