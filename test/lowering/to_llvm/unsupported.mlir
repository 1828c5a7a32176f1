// RUN: not strata-opt %s -p convert-arith-to-llvm 2>&1 | filecheck %s --check-prefix=ARITH
// RUN: not strata-opt %s -p convert-math-to-llvm 2>&1 | filecheck %s --check-prefix=MATH
// RUN: not strata-opt %s -p convert-memref-to-llvm 2>&1 | filecheck %s --check-prefix=MEMREF
// RUN: not strata-opt %s -p convert-func-to-llvm 2>&1 | filecheck %s --check-prefix=FUNC

// Each pass names every op of its dialect that it could not convert.

// ARITH:      error: convert-arith-to-llvm: 1 arith ops left (unsupported types or ops):
// ARITH-NEXT:   'arith.floordivsi' op
// MATH:       error: convert-math-to-llvm: 1 math ops left (unsupported types or ops):
// MATH-NEXT:    'math.erf' op
// MEMREF:     error: convert-memref-to-llvm: 2 memref ops left (dynamic shapes, layouts or unsupported ops):
// MEMREF-NEXT:  'memref.load' op
// MEMREF-NEXT:  'memref.subview' op
// FUNC:       error: convert-func-to-llvm: 2 func ops left (several results or unsupported types):
// FUNC-NEXT:    'func.func' op
// FUNC-NEXT:    'func.return' op

func.func @unsupported(%a: i32, %b: i32, %h: f16, %m: memref<?xf32>, %s: memref<8xf32>, %i: index)
    -> (i32, f16, f32, memref<4xf32, strided<[1], offset: 2>>) {
  %0 = arith.floordivsi %a, %b : i32
  %1 = math.erf %h : f16
  %2 = memref.load %m[%i] : memref<?xf32>
  %3 = memref.subview %s[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  func.return %0, %1, %2, %3 : i32, f16, f32, memref<4xf32, strided<[1], offset: 2>>
}
