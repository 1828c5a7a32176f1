// Every Strata dialect xDSL does not already have parses in xdsl-opt (tf, hlo, rt, nvvm).
// RUN: xdsl-opt %s | filecheck %s

// CHECK: rt.check
// CHECK: hlo.add
// CHECK: nvvm.read.ptx.sreg.tid.x
func.func @f(%flag: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  "rt.check"(%flag) <{message = "m"}> : (tensor<i1>) -> ()
  %0 = hlo.add %x, %x : tensor<4xf32>
  %t = "nvvm.read.ptx.sreg.tid.x"() : () -> i32
  func.return %0 : tensor<4xf32>
}
