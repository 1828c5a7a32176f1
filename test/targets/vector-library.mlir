// RUN: strata-opt %s --emit=llvm | %python -c "import sys; from strata.registry import make_context; from strata.loading import parse_ir; from strata.targets import llvm_ir, llvm_machine, vector_library as v; from strata.targets.description import TargetDescription as T; m = llvm_ir.to_llvm_ir(parse_ir(make_context(), sys.stdin.read())); v.use_vector_library(m, T.for_cpu('x86-64-v3')); print(llvm_machine.optimize(m, 2, llvm_machine.target_machine(None, 2, 'x86-64-v3', T.for_cpu('x86-64-v3').llvm_features)))" | filecheck %s --check-prefix=AVX2
// RUN: strata-opt %s --emit=llvm | %python -c "import sys; from strata.registry import make_context; from strata.loading import parse_ir; from strata.targets import llvm_ir, llvm_machine, vector_library as v; from strata.targets.description import TargetDescription as T; m = llvm_ir.to_llvm_ir(parse_ir(make_context(), sys.stdin.read())); v.use_vector_library(m, T.for_cpu('x86-64')); print(llvm_machine.optimize(m, 2, llvm_machine.target_machine(None, 2, 'x86-64', T.for_cpu('x86-64').llvm_features)))" | filecheck %s --check-prefix=SSE

// The JIT's loops over f32 sin and pow call glibc's libmvec (`cpu.jit` applies
// `use_vector_library` where libmvec loads; here it is applied by hand, at pinned tunings):
// each scalar call names a noinline wrapper with the one vector variant the tuning's registers
// hold (8 lanes `d` at AVX2, 4 lanes `b` at SSE), and the loop vectoriser calls that. The
// iterations the vector loop leaves (1003 is no multiple of 8) call the wrapper, which runs the
// same vector function on a splat: every element gets the same bits wherever it falls.

// AVX2:     define {{.*}} @main_kernel_0
// AVX2-NOT: @llvm.sin
// AVX2-NOT: _ZGVb
// AVX2:     call <8 x float> @_ZGVdN8v_sinf(<8 x float>
// AVX2:     call <8 x float> @_ZGVdN8vv_powf(<8 x float> {{.*}}, <8 x float>
// AVX2:     call float @__strata_vector_library_sinf(float
// AVX2:     call float @__strata_vector_library_powf(float
// AVX2:     define linkonce_odr float @__strata_vector_library_sinf(float
// AVX2:     shufflevector <8 x float>
// AVX2:     call <8 x float> @_ZGVdN8v_sinf(<8 x float>
// AVX2:     extractelement <8 x float>
// AVX2-NOT: @llvm.sin
// AVX2-NOT: @sinf

// SSE:      define {{.*}} @main_kernel_0
// SSE-NOT:  _ZGVd
// SSE:      call <4 x float> @_ZGVbN4v_sinf(<4 x float>
// SSE:      call <4 x float> @_ZGVbN4vv_powf(<4 x float> {{.*}}, <4 x float>
// SSE-NOT:  _ZGVd

func.func @main(%x: tensor<1003xf32>, %y: tensor<1003xf32>) -> tensor<1003xf32> attributes {tf.entry_function = {inputs = "x,y", outputs = "z"}} {
  %e = tensor.empty() : tensor<1003xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]} ins(%x, %y : tensor<1003xf32>, tensor<1003xf32>) outs(%e : tensor<1003xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = math.sin %a : f32
    %p = math.powf %s, %b : f32
    linalg.yield %p : f32
  } -> tensor<1003xf32>
  func.return %r : tensor<1003xf32>
}
