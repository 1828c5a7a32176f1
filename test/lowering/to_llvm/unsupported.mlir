// RUN: not strata-opt %s -p convert-arith-to-llvm 2>&1 | filecheck %s --check-prefix=ARITH
// RUN: not strata-opt %s -p convert-math-to-llvm 2>&1 | filecheck %s --check-prefix=MATH
// RUN: not strata-opt %s -p convert-memref-to-llvm 2>&1 | filecheck %s --check-prefix=MEMREF
// RUN: not strata-opt %s -p convert-func-to-llvm 2>&1 | filecheck %s --check-prefix=FUNC

// Each pass names every op of its dialect that it could not convert.

// ARITH:      unsupported.mlir:17:3: error: 'arith.floordivsi' op convert-arith-to-llvm: arith ops left (unsupported types or ops)
// MATH:       unsupported.mlir:18:3: error: 'math.erf' op convert-math-to-llvm: math ops left (unsupported types or ops)
// MEMREF:     unsupported.mlir:19:3: error: 'memref.load' op convert-memref-to-llvm: memref ops left (dynamic shapes, layouts or unsupported ops)
// MEMREF-NEXT: unsupported.mlir:20:3: error: 'memref.subview' op convert-memref-to-llvm
// FUNC:       unsupported.mlir:15:1: error: 'func.func' op convert-func-to-llvm: func ops left (several results or unsupported types)
// FUNC-NEXT:  unsupported.mlir:21:3: error: 'func.return' op convert-func-to-llvm

func.func @unsupported(%a: i32, %b: i32, %h: f16, %m: memref<?xf32>, %s: memref<8xf32>, %i: index)
    -> (i32, f16, f32, memref<4xf32, strided<[1], offset: 2>>) {
  %0 = arith.floordivsi %a, %b : i32
  %1 = math.erf %h : f16
  %2 = memref.load %m[%i] : memref<?xf32>
  %3 = memref.subview %s[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  func.return %0, %1, %2, %3 : i32, f16, f32, memref<4xf32, strided<[1], offset: 2>>
}

// RUN: not strata-opt %s -p convert-to-llvm 2>&1 | filecheck %s --check-prefix=ALL
// convert-to-llvm (the five in one walk) names the ops left of every dialect in one error.
// ALL:        unsupported.mlir:18:3: error: 'math.erf' op convert-to-llvm: math ops left (unsupported types or ops)
// ALL:        unsupported.mlir:17:3: error: 'arith.floordivsi' op convert-to-llvm: arith ops left
// ALL:        unsupported.mlir:19:3: error: 'memref.load' op convert-to-llvm: memref ops left
// ALL:        unsupported.mlir:20:3: error: 'memref.subview' op convert-to-llvm: memref ops left
// ALL:        unsupported.mlir:15:1: error: 'func.func' op convert-to-llvm: func ops left
