// RUN: strata-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @bad(%flag: tensor<2xi1>) {
  // expected-error {{flag must be tensor<i1>}}
  "rt.check"(%flag) <{message = "m"}> : (tensor<2xi1>) -> ()
  func.return
}
// CHECK: 'rt.check' op flag must be tensor<i1>, found tensor<2xi1>
