// RUN: strata-opt %s -p convert-to-llvm,reconcile-unrealized-casts | filecheck %s
// RUN: strata-opt %s -p convert-to-llvm | filecheck %s --check-prefix=ONE-WALK

// The five conversions in one walk: math, arith, memref, func and cf ops all become llvm ops,
// the casts between them cancel, none is left.
// CHECK-LABEL: llvm.func internal @helper(%{{.*}}: f32) -> f32
// CHECK:         llvm.intr.sqrt
// CHECK-LABEL: llvm.func @scale
// CHECK-SAME:    (%[[M:.*]]: !llvm.ptr, %[[N:.*]]: i64)
// CHECK:         llvm.br ^[[HEAD:.*]](%{{.*}} : i64)
// CHECK:       ^[[HEAD]](%[[I:.*]]: i64):
// CHECK:         %[[LT:.*]] = llvm.icmp "slt" %[[I]], %[[N]] : i64
// CHECK:         llvm.cond_br %[[LT]], ^[[BODY:.*]], ^[[EXIT:.*]]
// CHECK:       ^[[BODY]]:
// CHECK:         %[[P:.*]] = llvm.getelementptr inbounds %[[M]][%[[I]]]
// CHECK:         %[[V:.*]] = llvm.load %[[P]] : !llvm.ptr -> f32
// CHECK:         %[[R:.*]] = llvm.call @helper(%[[V]]) : (f32) -> f32
// CHECK:         llvm.fmul %[[R]], %{{.*}} : f32
// CHECK:         llvm.store
// CHECK:         llvm.br ^[[HEAD]]
// CHECK:       ^[[EXIT]]:
// CHECK-NEXT:    llvm.return
// CHECK-NOT:   unrealized_conversion_cast

// Every index value is i64 before the patterns run (nothing but these ops reads one), so none
// needs a cast: only the memref argument, as a pointer, meets its old users through one.
// ONE-WALK-LABEL: llvm.func @scale
// ONE-WALK-SAME:    (%[[M:.*]]: !llvm.ptr, %{{.*}}: i64)
// ONE-WALK-NEXT:    builtin.unrealized_conversion_cast %[[M]] : !llvm.ptr to memref<16xf32>
// ONE-WALK-NOT:     unrealized_conversion_cast
// ONE-WALK:         llvm.return
func.func private @helper(%x: f32) -> f32 {
  %r = math.sqrt %x : f32
  func.return %r : f32
}
func.func @scale(%m: memref<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  cf.br ^head(%c0 : index)
^head(%i: index):
  %lt = arith.cmpi slt, %i, %n : index
  cf.cond_br %lt, ^body, ^exit
^body:
  %v = memref.load %m[%i] : memref<16xf32>
  %r = func.call @helper(%v) : (f32) -> f32
  %s = arith.mulf %r, %two : f32
  memref.store %s, %m[%i] : memref<16xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^head(%next : index)
^exit:
  func.return
}
