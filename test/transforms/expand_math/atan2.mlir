// RUN: strata-opt %s -p 'expand-math{vector-library=0 fma=1}' | filecheck %s
// RUN: strata-opt %s -p 'expand-math{vector-library=1}' | filecheck %s --check-prefix=LIBRARY
// RUN: strata-translate %s --to-llvmir -O2 --triple aarch64-unknown-linux-gnu \
// RUN:   | filecheck %s --check-prefix=NEON

func.func @main(%x: tensor<1024xf32>, %y: tensor<1024xf32>) -> tensor<1024xf32> attributes {tf.entry_function = {inputs = "x,y", outputs = "z"}} {
  %e = tensor.empty() : tensor<1024xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %y : tensor<1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %z = math.atan2 %a, %b : f32
    linalg.yield %z : f32
  } -> tensor<1024xf32>
  func.return %r : tensor<1024xf32>
}



// Where no vector library serves it, and where one does (the expansion is faster than
// libmvec's), atan2(y, x) is expanded: a = min(|x|, |y|) / max(|x|, |y|) (0 for two zeros,
// 1 for two infinities), atan a reduced by (a - 1)/(a + 1) above tan(pi/8), then pi/2 - it where
// |y| > |x| and pi - that where x's sign bit is set, with pi/2 and pi in two parts; NaN set last,
// y's sign by copysign.
// CHECK-LABEL: func.func @main
// CHECK:         func.call @__strata_math_atan2_f32(%a, %b) : (f32, f32) -> f32
// CHECK:       func.func private @__strata_math_atan2_f32(%y: f32, %x: f32) -> f32 attributes {always_inline}
// CHECK:         %[[AY:.*]] = math.absf %y : f32
// CHECK-NEXT:    %[[AX:.*]] = math.absf %x : f32
// CHECK-NEXT:    %[[SWAP:.*]] = arith.cmpf ogt, %[[AY]], %[[AX]] : f32
// CHECK-NEXT:    %[[LOW:.*]] = arith.select %[[SWAP]], %[[AX]], %[[AY]] : f32
// CHECK-NEXT:    %[[HIGH:.*]] = arith.select %[[SWAP]], %[[AY]], %[[AX]] : f32
// CHECK-NEXT:    arith.divf %[[LOW]], %[[HIGH]] : f32
// CHECK:         arith.constant 0.414213568 : f32
// CHECK:         arith.constant 1.57079637 : f32
// CHECK:         arith.constant -4.37113883e-08 : f32
// CHECK:         arith.bitcast %x : f32 to i32
// CHECK:         arith.constant 3.14159274 : f32
// CHECK:         arith.cmpf uno, %y, %x : f32
// CHECK:         %[[R:.*]] = math.copysign %{{.*}}, %y : f32
// CHECK-NEXT:    func.return %[[R]] : f32
// LIBRARY:       __strata_math_atan2_f32

// On AArch64 the loop vectorises: no atan2f call.
// NEON-LABEL:  define {{.*}}@main_kernel_0
// NEON:          <4 x float>
// NEON-NOT:      @atan2f
