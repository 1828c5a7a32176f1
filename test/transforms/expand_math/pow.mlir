// RUN: strata-opt %s -p 'expand-math{vector-library=0 fma=1}' | filecheck %s
// RUN: strata-opt %s -p 'expand-math{vector-library=1}' | filecheck %s --check-prefix=LIBRARY
// RUN: strata-translate %s --to-llvmir -O2 --triple aarch64-unknown-linux-gnu \
// RUN:   | filecheck %s --check-prefix=NEON

func.func @main(%x: tensor<1024xf32>, %y: tensor<1024xf32>) -> tensor<1024xf32> attributes {tf.entry_function = {inputs = "x,y", outputs = "z"}} {
  %e = tensor.empty() : tensor<1024xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %y : tensor<1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %z = math.powf %a, %b : f32
    linalg.yield %z : f32
  } -> tensor<1024xf32>
  func.return %r : tensor<1024xf32>
}

// Where no vector library serves it (AArch64, an object without --libmvec), powf is expanded:
// |x| = 2^k m with m in [sqrt(1/2), sqrt(2)) from the bits of |x| as an f64, ln m = 2s P(s^2)
// with s = (m - 1)/(m + 1), t = y log2|x| clamped to [-200, 200], 2^t = 2^n P(r) with n rounded
// by adding 1.5 2^52, the f64 result rounded once to f32; the sign of a negative x to an odd
// power by an xor; then C's special cases by selects (NaN, x^0 = 1^y = (-1)^±inf = 1).
// CHECK-LABEL: func.func @main
// CHECK:         func.call @__strata_math_pow_f32(%a, %b) : (f32, f32) -> f32
// CHECK:       func.func private @__strata_math_pow_f32(%x: f32, %y: f32) -> f32 attributes {always_inline}
// CHECK:         %[[AX:.*]] = math.absf %x : f32
// CHECK-NEXT:    %[[XD:.*]] = arith.extf %[[AX]] : f32 to f64
// CHECK-NEXT:    arith.bitcast %[[XD]] : f64 to i64
// CHECK:         arith.divf %{{.*}}, %{{.*}} : f64
// CHECK:         arith.constant 0.33333333333333331 : f64
// CHECK:         %[[YD:.*]] = arith.extf %y : f32 to f64
// CHECK-NEXT:    arith.mulf %[[YD]], %{{.*}} : f64
// CHECK:         arith.constant 2.000000e+02 : f64
// CHECK:         arith.constant 0x4338000000000000 : f64
// CHECK:         arith.constant 0.69314718055994529 : f64
// CHECK:         %[[R:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK:         math.floor %y : f32
// CHECK:         arith.xori %{{.*}}, %{{.*}} : i32
// CHECK:         arith.cmpf uno, %x, %y : f32
// CHECK:         arith.constant 0x7fc00000 : f32
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         %[[Z:.*]] = arith.select %{{.*}}, %[[ONE]], %{{.*}} : f32
// CHECK-NEXT:    func.return %[[Z]] : f32

// Where libmvec serves it (the x86-64 Linux JIT, objects with --libmvec), it stays math.powf for
// the vector library's variant.
// LIBRARY:     math.powf
// LIBRARY-NOT: __strata_math_pow

// On AArch64 the loop vectorises: no powf call.
// NEON-LABEL:  define {{.*}}@main_kernel_0
// NEON:          <4 x float>
// NEON:          <4 x double>
// NEON-NOT:      @llvm.pow
// NEON-NOT:      @powf
