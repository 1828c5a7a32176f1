// RUN: strata-opt %s --emit=llvm | filecheck %s
// RUN: strata-opt %s --emit=llvm | %python -c "import sys; from strata.registry import make_context; from strata.loading import parse_ir; from strata.targets.llvm_ir import to_llvm_ir; from strata.targets.llvm_machine import optimize; ir = to_llvm_ir(parse_ir(make_context(), sys.stdin.read())); print(ir); print(optimize(ir, 2))" | filecheck %s --check-prefix=IR

// The whole `llvm` stage from a `loops`-stage module: only llvm ops remain, no casts. math.exp
// is a call of expand-math's function, `alwaysinline` in LLVM IR (its bit casts and integer
// shifts remain as llvm ops); after optimisation it is inlined and gone.

// CHECK:       llvm.mlir.global private constant @w0(dense<{{.*}}> : tensor<4x3xf32>) {addr_space = 0 : i32, alignment = 64 : i64} : !llvm.array<4 x !llvm.array<3 x f32>>
// CHECK-LABEL: llvm.func @main
// CHECK-SAME:  (%[[X:.*]]: !llvm.ptr {llvm.noalias}, %[[OUT:.*]]: !llvm.ptr {llvm.noalias}, %[[ARENA:.*]]: !llvm.ptr {llvm.noalias}) -> i32
// CHECK-SAME:  attributes {strata.signature = "{{.*}}"}
// CHECK-NOT:   unrealized_conversion_cast
// CHECK:       %[[W:.*]] = llvm.mlir.addressof @w0 : !llvm.ptr
// CHECK:       ^[[HEAD:.*]](%[[K:.*]]: i64, %[[ACC:.*]]: f32):
// CHECK:       llvm.getelementptr inbounds %[[X]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:       llvm.getelementptr inbounds %[[W]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:       llvm.call @__strata_math_exp_f32(%{{.*}}) : (f32) -> f32
// CHECK:       llvm.call_intrinsic "llvm.memcpy.p0.p0.i64"(%[[OUT]], %[[ARENA]], %{{.*}}, %{{.*}})
// CHECK:       llvm.return
// CHECK:       llvm.func internal @__strata_math_exp_f32(%{{.*}}: f32) -> f32 attributes {always_inline}
// CHECK:       llvm.bitcast %{{.*}} : f32 to i32
// CHECK:       llvm.shl
// CHECK-NOT:   unrealized_conversion_cast

// IR:          @"w0" = private constant [48 x i8] c"\00\00\80?\00\00\00@{{.*}}", align 64
// IR:          define external i32 @"main"(ptr noalias %"x", ptr noalias %"out", ptr noalias %"arena")
// IR:          define internal float @"__strata_math_exp_f32"(float %"x") alwaysinline
// IR:          define noundef i32 @main(ptr noalias {{.*}} %x, ptr noalias {{.*}} %out, ptr noalias {{.*}} %arena)
// IR-NOT:      __strata_math_exp_f32

"memref.global"() <{sym_name = "w0", type = memref<4x3xf32>, initial_value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]> : tensor<4x3xf32>, sym_visibility = "private", constant}> : () -> ()
func.func @main(%x: memref<2x4xf32>, %out: memref<2x3xf32>, %arena: memref<64xi8>) -> i32 attributes {strata.signature = "{\"entry\":\"main\",\"inputs\":[{\"name\":\"x\",\"shape\":[2,4],\"dtype\":\"float32\"}],\"outputs\":[{\"name\":\"out\",\"shape\":[2,3],\"dtype\":\"float32\"}],\"arena_bytes\":64,\"status_codes\":{}}"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %w = memref.get_global @w0 : memref<4x3xf32>
  %t = memref.view %arena[%c0][] : memref<64xi8> to memref<2x3xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %zero) -> (f32) {
        %xv = memref.load %x[%i, %k] : memref<2x4xf32>
        %wv = memref.load %w[%k, %j] : memref<4x3xf32>
        %p = arith.mulf %xv, %wv : f32
        %s = arith.addf %a, %p : f32
        scf.yield %s : f32
      }
      %pos = arith.cmpf ogt, %acc, %zero : f32
      %r = scf.if %pos -> (f32) {
        scf.yield %acc : f32
      } else {
        %e = math.exp %acc : f32
        scf.yield %e : f32
      }
      memref.store %r, %t[%i, %j] : memref<2x3xf32>
    }
  }
  %flat = memref.collapse_shape %t [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  %flat_out = memref.collapse_shape %out [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  "memref.copy"(%flat, %flat_out) : (memref<6xf32>, memref<6xf32>) -> ()
  %ok = arith.constant 0 : i32
  func.return %ok : i32
}
