// RUN: strata-translate %s --to-llvmir -O0 | filecheck %s
// RUN: strata-run %s | filecheck %s --check-prefix=OUT

// An i1 element in memory is one byte, 0 or 1, as LLVM loads it (`load i1` + `zext` is one byte
// move). xDSL holds true as -1: a byte of 0xff counted 255 per true element once LLVM stopped
// unrolling the loop that had folded those loads.
// CHECK: @"__constant_cst" = private constant [6 x i8] c"\01\00\01\00\00\01"
// OUT: [2 1]
func.func @main() -> tensor<2xi32> {
  %b0 = hlo.constant dense<[[true, false, true], [false, false, true]]> : tensor<2x3xi1>
  %b = hlo.optimization_barrier %b0 : tensor<2x3xi1>
  %n = hlo.convert %b : (tensor<2x3xi1>) -> tensor<2x3xi32>
  %z = hlo.constant dense<0> : tensor<i32>
  %s = hlo.reduce(%n init: %z) applies hlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  func.return %s : tensor<2xi32>
}
