// RUN: strata-opt %s -p convert-cf-to-llvm | filecheck %s

// CHECK-LABEL: func.func @loop
// CHECK-SAME:  (%[[N:.*]]: index, %[[INIT:.*]]: f32)
// CHECK:       %[[ZERO:.*]] = "test.op"() : () -> index
// CHECK:       %[[ZL:.*]] = builtin.unrealized_conversion_cast %[[ZERO]] : index to i64
// CHECK:       llvm.br ^[[HEAD:.*]](%[[ZL]], %[[INIT]] : i64, f32)
// CHECK:       ^[[HEAD]](%[[I:.*]]: i64, %[[ACC:.*]]: f32):
// CHECK:       %[[II:.*]] = builtin.unrealized_conversion_cast %[[I]] : i64 to index
// CHECK:       %[[C:.*]] = "test.op"(%[[II]], %[[N]]) : (index, index) -> i1
// CHECK:       llvm.cond_br %[[C]], ^[[BODY:.*]], ^[[EXIT:.*]]
// CHECK:       ^[[BODY]]:
// CHECK:       %[[NI:.*]], %[[NACC:.*]] = "test.op"(%[[II]], %[[ACC]]) : (index, f32) -> (index, f32)
// CHECK:       %[[NL:.*]] = builtin.unrealized_conversion_cast %[[NI]] : index to i64
// CHECK:       llvm.br ^[[HEAD]](%[[NL]], %[[NACC]] : i64, f32)
// CHECK:       ^[[EXIT]]:
// CHECK:       func.return %[[ACC]] : f32
func.func @loop(%n: index, %init: f32) -> f32 {
  %c0 = "test.op"() : () -> index
  cf.br ^head(%c0, %init : index, f32)
^head(%i: index, %acc: f32):
  %c = "test.op"(%i, %n) : (index, index) -> i1
  cf.cond_br %c, ^body, ^exit
^body:
  %next:2 = "test.op"(%i, %acc) : (index, f32) -> (index, f32)
  cf.br ^head(%next#0, %next#1 : index, f32)
^exit:
  func.return %acc : f32
}
