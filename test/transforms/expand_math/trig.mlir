// RUN: strata-opt %s -p 'expand-math{vector-library=0 fma=1}' | filecheck %s
// RUN: strata-opt %s -p 'expand-math{vector-library=1}' | filecheck %s --check-prefix=LIBRARY
// RUN: strata-translate %s --to-llvmir -O2 --triple aarch64-unknown-linux-gnu \
// RUN:   | filecheck %s --check-prefix=NEON

// sin, cos and tan, where no vector library serves them (vector-library=0: AArch64, an object
// without --libmvec): |x| = (4m + n) pi/2 + r found in f64, below 2^25 by three parts of pi/2, from there
// by Payne and Hanek's reduction (2/pi's bits as four i64 constants, the 96 after bit s shifted
// out of them), r rounded to f32 for Cephes' polynomials, the result picked by quadrant; sin
// takes x's sign bit by an xor (sin(-0) = -0), an infinite or NaN x gives NaN.
// CHECK:       func.func private @__strata_math_sin_f32(%x: f32) -> f32 attributes {always_inline}
// CHECK:         %[[AX:.*]] = math.absf %x : f32
// CHECK-NEXT:    %[[XD:.*]] = arith.extf %[[AX]] : f32 to f64
// CHECK-NEXT:    arith.constant 0.63661977236758138 : f64
// CHECK:         arith.constant 1.570796325802803 : f64
// CHECK:         arith.constant 9.9209357395935172e-10 : f64
// CHECK:         arith.constant 5.7211887261098318e-18 : f64
// CHECK:         arith.constant -6703182060581546711 : i64
// CHECK:         arith.muli %{{.*}}, %{{.*}} : i64
// CHECK:         arith.sitofp %{{.*}} : i64 to f64
// CHECK:         arith.constant 0x4C000000 : f32
// CHECK:         arith.truncf %{{.*}} : f64 to f32
// CHECK:         arith.xori
// CHECK:       func.func private @__strata_math_cos_f32
// CHECK-NOT:     arith.xori
// CHECK:         func.return
// tan: the same reduction, sin r / cos r (-cos r / sin r in odd quadrants), x's sign by an xor.
// CHECK:       func.func private @__strata_math_tan_f32
// CHECK:         arith.divf %{{.*}}, %{{.*}} : f32
// CHECK:         arith.xori
func.func @main(%x: tensor<1024xf32>) -> tensor<1024xf32> attributes {tf.entry_function = {inputs = "x", outputs = "y"}} {
  %e = tensor.empty() : tensor<1024xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<1024xf32>) outs(%e : tensor<1024xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = math.sin %in : f32
    %b = math.cos %a : f32
    %c = math.tan %b : f32
    linalg.yield %c : f32
  } -> tensor<1024xf32>
  func.return %r : tensor<1024xf32>
}

// Where libmvec serves them (vector-library=1: the x86-64 Linux JIT, objects with --libmvec),
// they stay math ops for the vector library's variants.
// LIBRARY:     math.sin
// LIBRARY:     math.cos
// LIBRARY:     math.tan
// LIBRARY-NOT: __strata_math_sin

// On AArch64 the loop vectorises: 4 lanes (f32, and the f64 and i64 of the reduction in register
// pairs), no sinf or cosf call.
// NEON-LABEL:  define {{.*}}@main_kernel_0
// NEON:          <4 x float>
// NEON:          <4 x double>
// NEON:          <4 x i64>
// NEON-NOT:      @llvm.sin
// NEON-NOT:      @llvm.cos
// NEON-NOT:      @sinf
// NEON-NOT:      @cosf
// NEON-NOT:      @tanf
