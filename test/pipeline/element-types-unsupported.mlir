// Element types a stage cannot handle end in one diagnostic naming the op (and its location).
// RUN: not strata-opt %s --split-input-file --emit=llvm 2>&1 | filecheck %s

// A bf16 entry argument: the host runtime has no bf16 arrays.
func.func @negate_bf16_argument(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = hlo.negate %x : tensor<4xbf16> loc("net/neg")
  return %0 : tensor<4xbf16>
}
// CHECK: element-types-unsupported.mlir:{{[0-9]+}}:1: error: 'func.func' op 'arg0' has element type bf16, which the host cannot hold
// CHECK-NOT: internal compiler error

// -----

func.func @convert_f80(%x: tensor<4xf32>) -> tensor<4xf80> {
  %0 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xf80> loc("net/cast")
  return %0 : tensor<4xf80>
}
// CHECK: error: node 'net/cast' (hlo.convert): result element type f80 is not supported (expected one of f16, bf16, f32, f64, i1, i2, i4, i8, i16, i32, i64, ui2, ui4, ui8, ui16, ui32, ui64, complex<f32>, complex<f64>)
// CHECK-NOT: internal compiler error

// -----

func.func @reduce_two_results(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  %0:2 = "hlo.reduce"(%x, %c) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "hlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "hlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>, tensor<f32>) -> (tensor<f32>, tensor<f32>) loc("net/sum")
  return %0#0 : tensor<f32>
}
// CHECK: error: node 'net/sum' (hlo.reduce): expected 1 results from operands and attributes, found 2
// CHECK-NOT: internal compiler error
