// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=EXEC

// hlo.xor is arith.xori on integers and on i1.
// CHECK-LABEL: func.func @xor_i32
// CHECK:         linalg.generic
// CHECK:           arith.xori %{{.*}}, %{{.*}} : i32
// EXEC: PASS @xor_i32
// EXEC: PASS @xor_i1
func.func @xor_i32() {
  %a = hlo.constant dense<[0, 5, -1, 12]> : tensor<4xi32>
  %b = hlo.constant dense<[3, 5, 7, -8]> : tensor<4xi32>
  %c = hlo.xor %a, %b : tensor<4xi32>
  check.expect_eq_const %c, dense<[3, 0, -8, -12]> : tensor<4xi32>
  func.return
}
func.func @xor_i1() {
  %a = hlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %b = hlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %c = hlo.xor %a, %b : tensor<4xi1>
  check.expect_eq_const %c, dense<[false, true, true, false]> : tensor<4xi1>
  func.return
}
