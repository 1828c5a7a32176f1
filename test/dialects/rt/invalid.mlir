// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @bad(%flag: tensor<2xi1>) {
  // expected-error @+1 {{flag must be tensor<i1>, found tensor<2xi1>}}
  "rt.check"(%flag) <{message = "m"}> : (tensor<2xi1>) -> ()
  func.return
}
