// RUN: strata-opt %s -p convert-hlo-to-linalg | filecheck %s

// An iota of bf16 or of an unsigned type goes through i64: hlo.convert's conversion rounds
// each position into the element type (the bf16 emulation then computes it in f32).
// CHECK-LABEL: func.func @iota
// CHECK:         %[[P:.*]] = linalg.index 1 : index
// CHECK-NEXT:    %[[W:.*]] = arith.index_cast %[[P]] : index to i64
// CHECK-NEXT:    %[[V:.*]] = arith.sitofp %[[W]] : i64 to bf16
// CHECK-NEXT:    linalg.yield %[[V]] : bf16
func.func @iota() -> tensor<2x3xbf16> {
  %0 = hlo.iota dim = 1 : tensor<2x3xbf16>
  func.return %0 : tensor<2x3xbf16>
}

// CHECK-LABEL: func.func @iota_unsigned
// CHECK:         %[[P:.*]] = linalg.index 0 : index
// CHECK-NEXT:    %[[W:.*]] = arith.index_cast %[[P]] : index to i64
// CHECK-NEXT:    %[[V:.*]] = arith.trunci %[[W]] : i64 to ui8
// CHECK-NEXT:    linalg.yield %[[V]] : ui8
func.func @iota_unsigned() -> tensor<4x2xui8> {
  %0 = hlo.iota dim = 0 : tensor<4x2xui8>
  func.return %0 : tensor<4x2xui8>
}
