// RUN: strata-opt %s -p convert-scf-to-cf | filecheck %s

// scf.while -> a `before` block branching to `after` or out, `after` branching back; the loop
// values travel as block arguments (scf.for and scf.if inside lower in the same pass).

// CHECK-LABEL: func.func @count
// CHECK-SAME: (%[[N:.*]]: i32) -> i32
// CHECK:        %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:   cf.br ^[[BEFORE:.*]](%[[ZERO]] : i32)
// CHECK-NEXT: ^[[BEFORE]](%[[I:.*]]: i32):
// CHECK-NEXT:   %[[C:.*]] = arith.cmpi slt, %[[I]], %[[N]] : i32
// CHECK-NEXT:   cf.cond_br %[[C]], ^[[AFTER:.*]](%[[I]] : i32), ^[[EXIT:.*]](%[[I]] : i32)
// CHECK-NEXT: ^[[AFTER]](%[[J:.*]]: i32):
// CHECK-NEXT:   %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:   %[[NEXT:.*]] = arith.addi %[[J]], %[[ONE]] : i32
// CHECK-NEXT:   cf.br ^[[BEFORE]](%[[NEXT]] : i32)
// CHECK-NEXT: ^[[EXIT]](%[[R:.*]]: i32):
// CHECK-NEXT:   cf.br ^[[REST:.*]]
// CHECK-NEXT: ^[[REST]]:
// CHECK-NEXT:   func.return %[[R]] : i32
// CHECK-NOT:  scf.
func.func @count(%n: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %r = scf.while (%i = %zero) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %one = arith.constant 1 : i32
    %next = arith.addi %j, %one : i32
    scf.yield %next : i32
  }
  func.return %r : i32
}
