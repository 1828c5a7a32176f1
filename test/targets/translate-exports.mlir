// Exports compile a tf-stage file the rest of the way first; the entry is named after the file
// unless --entry-name says otherwise.
// RUN: strata-translate %s --to-llvmir --entry-name dense | filecheck %s --check-prefix=IR
// RUN: strata-translate %s --to-llvmir -O2 --entry-name dense | filecheck %s --check-prefix=OPT
// RUN: strata-translate %s --to-header --entry-name dense | filecheck %s --check-prefix=HDR
// RUN: strata-translate %s --to-obj --entry-name dense -o %t.o
// RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read(); assert d[:4] == b'\x7fELF' and b'dense' in d, d[:8]" %t.o
// RUN: strata-translate %s --to-asm --entry-name dense | filecheck %s --check-prefix=ASM
// RUN: not strata-translate %s --to-obj 2>&1 | filecheck %s --check-prefix=NOOUT
// RUN: not strata-translate %s --to-header --entry-name 9lives 2>&1 | filecheck %s --check-prefix=BADNAME

func.func @main(%x: tensor<2x3xf32>) -> tensor<2x4xf32> attributes {tf.entry_function = {inputs = "x", outputs = "y"}} {
  %w = "tf.Const"() <{value = dense<0.5> : tensor<3x4xf32>}> : () -> tensor<3x4xf32>
  %0 = "tf.MatMul"(%x, %w) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = "tf.Relu"(%0) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  func.return %1 : tensor<2x4xf32>
}

// IR: target triple = "x86_64-unknown-linux-gnu"
// IR: define external i32 @"dense"(ptr noalias %"x", ptr noalias %{{.*}}, ptr noalias %"arena")
// IR: define internal void @"main_kernel_
// OPT: define{{.*}} i32 @dense(ptr noalias
// HDR: #define DENSE_ARENA_BYTES
// HDR: int32_t dense(const float *x /* [2][3] */, float *y /* [2][4] */, void *arena);
// ASM: dense:
// NOOUT: error: --to-obj writes binary output: give -o FILE
// BADNAME: error: entry name '9lives' is not a C identifier
