// RUN: strata-opt %s --emit=llvm | filecheck %s

// Unsigned element types reach LLVM as its signless integers (the earlier stages chose the
// unsigned ops: udiv, icmp ult, ...): loads, stores and pointers of ui32 are i32.
// CHECK-NOT:   ui32
// CHECK:       llvm.udiv %{{.*}}, %{{.*}} : i32
// CHECK-NOT:   ui32
func.func @main(%a: tensor<3xui32>, %b: tensor<3xui32>) -> tensor<3xui32> {
  %c = hlo.divide %a, %b : tensor<3xui32>
  func.return %c : tensor<3xui32>
}
