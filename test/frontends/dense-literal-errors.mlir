// RUN: strata-opt %s --split-input-file --verify-diagnostics

// A dense literal whose values its element type cannot hold is a parse error at the literal
// (xDSL raised a Python ValueError or NotImplementedError: an internal error).
func.func @out_of_range() {
  // expected-error @+1 {{dense literal does not fit its type: Integer value 4286578688 is out of range for type ui8}}
  %0 = hlo.constant dense<0xff800000> : tensor<ui8>
  func.return
}

// -----

func.func @unpackable() {
  // expected-error @+1 {{dense literal does not fit its type: its element type cannot hold them}}
  %0 = hlo.constant dense<0.0> : tensor<f80>
  func.return
}

// -----

// xDSL expands a splat to all its elements: a huge one is refused before it exhausts memory.
func.func @huge_splat() {
  // expected-error @+1 {{dense literal of 1536000000 elements: more than the 67108864 a constant may have}}
  %0 = hlo.constant dense<0.0> : tensor<4x12x1000000x32xf32>
  func.return
}

// -----

func.func @hex_too_wide() {
  // expected-error @+1 {{dense literal does not fit its type: an element's bits must be 0 <= number <= 65535}}
  %0 = hlo.constant dense<0xff800000> : tensor<f16>
  func.return
}

// -----

// An attribute xDSL cannot print (a float of type f80) fails verification with a diagnostic.
// expected-error @+1 {{'memref.global' op does not verify: an attribute xDSL cannot handle (NotImplementedError)}}
"memref.global"() <{sym_name = "g", type = memref<2xf32>, initial_value = dense<1.0> : tensor<2xf32>, sym_visibility = "private", constant, alignment = 64 : f80}> : () -> ()
