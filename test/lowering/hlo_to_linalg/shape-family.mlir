// RUN: strata-opt %s -p convert-hlo-to-linalg --split-input-file | filecheck %s

// One copy per input into the same destination: the first into tensor.empty, the next into the
// first's result, each writing its region (a plain `d1` into a larger dim is `d1 mod 4`).
// CHECK-LABEL: func.func @concatenate
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x1xf32>)
// CHECK-NEXT:   %[[INIT:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK-NEXT:   %[[R0:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, (d1 mod 4))>], iterator_types = ["parallel", "parallel"]} ins(%[[A]] : tensor<2x3xf32>) outs(%[[INIT]] : tensor<2x4xf32>)
// CHECK:        %[[R1:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, (d1 + 3))>], iterator_types = ["parallel", "parallel"]} ins(%[[B]] : tensor<2x1xf32>) outs(%[[R0]] : tensor<2x4xf32>)
// CHECK:        func.return %[[R1]]
func.func @concatenate(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>) -> tensor<2x4xf32> {
  %0 = hlo.concatenate %a, %b, dim = 1 : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @slice
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>)
// CHECK-NEXT:   %[[INIT:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:   %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ((d0 + 1), (d1 * 2))>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<4x6xf32>) outs(%[[INIT]] : tensor<2x3xf32>)
// CHECK-NEXT:   ^bb0(%[[E:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:     linalg.yield %[[E]] : f32
// CHECK:        func.return %[[R]]
func.func @slice(%x: tensor<4x6xf32>) -> tensor<2x3xf32> {
  %0 = hlo.slice %x [1:3, 0:6:2] : (tensor<4x6xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @reverse
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xf32>)
// CHECK:        linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (((d0 * -1) + 3), d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<4x3xf32>)
func.func @reverse(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = hlo.reverse %x, dims = [0] : tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// -----

// Fill with the pad value, then copy the operand to rows 1, 3 (interior 1) and columns 0..2.
// CHECK-LABEL: func.func @pad
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[V:.*]]: tensor<f32>)
// CHECK-NEXT:   %[[INIT:.*]] = tensor.empty() : tensor<5x4xf32>
// CHECK-NEXT:   %[[FILL:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V]] : tensor<f32>) outs(%[[INIT]] : tensor<5x4xf32>)
// CHECK:        %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (((d0 * 2) + 1), (d1 mod 4))>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[FILL]] : tensor<5x4xf32>)
// CHECK:        func.return %[[R]]
func.func @pad(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<5x4xf32> {
  %0 = hlo.pad %x, %v, low = [1, 0], high = [1, 1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x4xf32>
  func.return %0 : tensor<5x4xf32>
}

// -----

// Edges only (Keras's ZeroPadding2D): one generic that writes each element once, the operand's
// element at the index clamped into it (row - 1, column as it is), selected only inside rows
// 1..2; the pad value outside.
// CHECK-LABEL: func.func @pad_edges
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[V:.*]]: tensor<f32>)
// CHECK-NEXT:   %[[INIT:.*]] = tensor.empty() : tensor<4x3xf32>
// CHECK-NEXT:   %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V]] : tensor<f32>) outs(%[[INIT]] : tensor<4x3xf32>)
// CHECK-NEXT:   ^bb0(%[[PV:.*]]: f32, %{{.*}}: f32):
// CHECK:          %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:     %[[S:.*]] = arith.subi %[[I]], %[[C1]] : index
// CHECK:          %[[LOW:.*]] = arith.cmpi sge, %[[S]], %{{.*}} : index
// CHECK-NEXT:     %{{.*}} = arith.constant 0 : index
// CHECK-NEXT:     %[[M:.*]] = arith.maxsi %[[S]], %{{.*}} : index
// CHECK:          %[[HIGH:.*]] = arith.cmpi sle, %[[M]], %{{.*}} : index
// CHECK:          %[[ROW:.*]] = arith.minsi %[[M]], %{{.*}} : index
// CHECK-NEXT:     %[[IN:.*]] = arith.andi %[[LOW]], %[[HIGH]] : i1
// CHECK-NEXT:     %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT:     %[[E:.*]] = tensor.extract %[[X]][%[[ROW]], %[[J]]] : tensor<2x3xf32>
// CHECK-NEXT:     %[[OUT:.*]] = arith.select %[[IN]], %[[E]], %[[PV]] : f32
// CHECK-NEXT:     linalg.yield %[[OUT]] : f32
// CHECK:        func.return %[[R]]
func.func @pad_edges(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<4x3xf32> {
  %0 = hlo.pad %x, %v, low = [1, 0], high = [1, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// -----

// Negative edge padding removes elements: pad by the positive parts (3x6: interior rows and
// columns, one column low), then slice from row 1 (low = -1) over the 4x4 result; the two rows
// added high come from the fill.
// CHECK-LABEL: func.func @pad_negative
// CHECK:        %[[INIT:.*]] = tensor.empty() : tensor<5x6xi32>
// CHECK:        %[[FILL:.*]] = linalg.generic {{.*}} outs(%[[INIT]] : tensor<5x6xi32>)
// CHECK:        %[[GROWN:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ((d0 * 2), ((d1 * 2) + 1))>], {{.*}} outs(%[[FILL]] : tensor<5x6xi32>)
// CHECK:        %[[OUT:.*]] = tensor.empty() : tensor<4x4xi32>
// CHECK:        %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ((d0 + 1), (d1 mod 6))>, affine_map<(d0, d1) -> (d0, d1)>], {{.*}} ins(%[[GROWN]] : tensor<5x6xi32>) outs(%[[OUT]] : tensor<4x4xi32>)
// CHECK:        func.return %[[R]]
func.func @pad_negative(%x: tensor<2x3xi32>, %v: tensor<i32>) -> tensor<4x4xi32> {
  %0 = hlo.pad %x, %v, low = [-1, 1], high = [2, -2], interior = [1, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<4x4xi32>
  func.return %0 : tensor<4x4xi32>
}

// -----

// The position along `dim`, computed where it is read (a generic with no inputs fuses into its
// consumers), not a constant of the whole shape.
// CHECK-LABEL: func.func @iota
// CHECK:        linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%{{.*}} : tensor<2x3xi32>)
// CHECK-NEXT:   ^bb0(%{{.*}}: i32):
// CHECK-NEXT:     %[[P:.*]] = linalg.index 1 : index
// CHECK-NEXT:     %[[V:.*]] = arith.index_cast %[[P]] : index to i32
// CHECK-NEXT:     linalg.yield %[[V]] : i32
func.func @iota() -> tensor<2x3xi32> {
  %0 = hlo.iota dim = 1 : tensor<2x3xi32>
  func.return %0 : tensor<2x3xi32>
}
