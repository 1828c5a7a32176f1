// RUN: not strata-opt %s -p convert-math-to-llvm 2>&1 | filecheck %s

// math.cbrt on f64 calls the C library's `cbrt`; a function of the module with that name is an
// error naming the clash (it was an internal error in the LLVM export).
// CHECK: extern-clash.mlir:7:3: error: 'math.cbrt' op needs the external function 'cbrt' (C library or runtime), but the module defines its own @cbrt: rename it
func.func @cbrt(%x: f64) -> f64 {
  %y = math.cbrt %x : f64
  func.return %y : f64
}
