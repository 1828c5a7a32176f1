// RUN: strata-opt %s -p convert-arith-to-llvm --split-input-file | filecheck %s

// CHECK-LABEL: func.func @float_binary
// CHECK-SAME:  (%[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK:       %[[ADD:.*]] = llvm.fadd %[[A]], %[[B]] : f32
// CHECK:       %[[MUL:.*]] = llvm.fmul %[[ADD]], %[[B]] {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK:       %[[MAX:.*]] = llvm.call_intrinsic "llvm.maximum.f32"(%[[MUL]], %[[A]]) : (f32, f32) -> f32
// CHECK:       %[[NUM:.*]] = llvm.intr.maxnum(%[[MAX]], %[[A]]) : (f32, f32) -> f32
// CHECK:       %[[NEG:.*]] = llvm.fneg %[[NUM]] : f32
// CHECK:       func.return %[[NEG]] : f32
func.func @float_binary(%a: f32, %b: f32) -> f32 {
  %0 = arith.addf %a, %b : f32
  %1 = arith.mulf %0, %b fastmath<fast> : f32
  %2 = arith.maximumf %1, %a : f32
  %3 = arith.maxnumf %2, %a : f32
  %4 = arith.negf %3 : f32
  func.return %4 : f32
}

// -----

// CHECK-LABEL: func.func @index_arith
// CHECK-SAME:  (%[[I:.*]]: index)
// CHECK-DAG:   %[[C4:.*]] = llvm.mlir.constant(4) : i64
// CHECK-DAG:   %[[IL:.*]] = builtin.unrealized_conversion_cast %[[I]] : index to i64
// CHECK:       %[[MUL:.*]] = llvm.mul %[[IL]], %[[C4]] : i64
// CHECK:       %[[BACK:.*]] = builtin.unrealized_conversion_cast %[[MUL]] : i64 to index
// CHECK:       func.return %[[BACK]] : index
func.func @index_arith(%i: index) -> index {
  %c4 = arith.constant 4 : index
  %0 = arith.muli %i, %c4 : index
  func.return %0 : index
}

// -----

// CHECK-LABEL: func.func @compare_select
// CHECK-SAME:  (%[[A:.*]]: f32, %[[B:.*]]: f32, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK:       %[[CF:.*]] = llvm.fcmp "olt" %[[A]], %[[B]] : f32
// CHECK:       %[[CI:.*]] = llvm.icmp "sge" %[[X]], %[[Y]] : i32
// CHECK:       %[[AND:.*]] = llvm.and %[[CF]], %[[CI]] : i1
// CHECK:       %[[SEL:.*]] = llvm.select %[[AND]], %[[X]], %[[Y]] : i1, i32
// CHECK:       %[[MAX:.*]] = llvm.call_intrinsic "llvm.smax.i32"(%[[SEL]], %[[X]]) : (i32, i32) -> i32
func.func @compare_select(%a: f32, %b: f32, %x: i32, %y: i32) -> i32 {
  %0 = arith.cmpf olt, %a, %b : f32
  %1 = arith.cmpi sge, %x, %y : i32
  %2 = arith.andi %0, %1 : i1
  %3 = arith.select %2, %x, %y : i32
  %4 = arith.maxsi %3, %x : i32
  func.return %4 : i32
}

// -----

// CHECK-LABEL: func.func @casts
// CHECK-SAME:  (%[[F:.*]]: f32, %[[I:.*]]: i32, %[[N:.*]]: index)
// CHECK:       %[[NL:.*]] = builtin.unrealized_conversion_cast %[[N]] : index to i64
// CHECK:       %[[D:.*]] = llvm.fpext %[[F]] : f32 to f64
// CHECK:       %[[S:.*]] = llvm.fptosi %[[F]] : f32 to i32
// CHECK:       %[[U:.*]] = llvm.uitofp %[[I]] : i32 to f32
// CHECK:       %[[E:.*]] = llvm.sext %[[I]] : i32 to i64
// CHECK:       %[[T:.*]] = llvm.trunc %[[NL]] : i64 to i32
// CHECK:       %[[B:.*]] = llvm.bitcast %[[F]] : f32 to i32
func.func @casts(%f: f32, %i: i32, %n: index) -> (f64, i32, f32, i64, i32, i32) {
  %0 = arith.extf %f : f32 to f64
  %1 = arith.fptosi %f : f32 to i32
  %2 = arith.uitofp %i : i32 to f32
  %3 = arith.extsi %i : i32 to i64
  %4 = arith.index_cast %n : index to i32
  %5 = arith.bitcast %f : f32 to i32
  func.return %0, %1, %2, %3, %4, %5 : f64, i32, f32, i64, i32, i32
}
