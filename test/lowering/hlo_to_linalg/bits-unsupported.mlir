// RUN: not strata-opt %s -p convert-hlo-to-linalg --split-input-file 2>&1 | filecheck %s

// A tuple reaches linalg only through get_tuple_element of an hlo.tuple, which is the element.
// A function's tuple argument or result, a call's tuple result, or a get_tuple_element of
// anything else fails the pass, naming each op that holds one.
// CHECK: error: convert-hlo-to-linalg: 6 ops hold tuples (tuples are only supported when every get_tuple_element reads a tuple op directly):
// CHECK-DAG: node 'takes_tuple' (func.func)
// CHECK-DAG: node 'reads_argument' (hlo.get_tuple_element)
// CHECK-DAG: node 'returns_tuple' (func.func)
// CHECK-DAG: node 'returned' (hlo.tuple)
// CHECK-DAG: node 'call' (func.call)
// CHECK-DAG: node 'reads_call' (hlo.get_tuple_element)
// Resolved tuples are not named.
// CHECK-NOT: node 'resolved'
func.func @takes_tuple(%t: tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32> {
  %a = hlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32> loc("reads_argument")
  func.return %a : tensor<2xf32>
} loc("takes_tuple")

func.func @returns_tuple(%x: tensor<2xf32>) -> tuple<tensor<2xf32>> {
  %t = hlo.tuple %x : tuple<tensor<2xf32>> loc("returned")
  func.return %t : tuple<tensor<2xf32>>
} loc("returns_tuple")

func.func @calls(%x: tensor<2xf32>) -> tensor<2xf32> {
  %t = func.call @returns_tuple(%x) : (tensor<2xf32>) -> tuple<tensor<2xf32>> loc("call")
  %a = hlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>>) -> tensor<2xf32> loc("reads_call")
  %u = hlo.tuple %a, %x : tuple<tensor<2xf32>, tensor<2xf32>> loc("resolved")
  %b = hlo.get_tuple_element %u[1] : (tuple<tensor<2xf32>, tensor<2xf32>>) -> tensor<2xf32> loc("resolved")
  func.return %b : tensor<2xf32>
}

// -----

// A bitcast_convert between widths needs static shapes.
// CHECK: error: 'hlo.bitcast_convert' op convert-hlo-to-linalg: hlo ops could not be lowered
func.func @dynamic_bitcast(%x: tensor<?x4xi8>) -> tensor<3xf32> {
  %0 = hlo.bitcast_convert %x : (tensor<?x4xi8>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}
