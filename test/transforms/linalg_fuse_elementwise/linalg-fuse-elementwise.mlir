// RUN: strata-opt %s -p linalg-fuse-elementwise --split-input-file | filecheck %s

// exp(a + b) * b: three elementwise generics become one; the consumer's other inputs come first,
// then the producer's, and `b`, read twice with the same map, is one input.
// CHECK-LABEL: func.func @elementwise_chain
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK-NEXT:   %[[INIT:.*]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:   %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[B]], %[[A]] : tensor<4xf32>, tensor<4xf32>) outs(%[[INIT]] : tensor<4xf32>) {
// CHECK-NEXT:   ^bb0(%[[B1:.*]]: f32, %[[A2:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:     %[[SUM:.*]] = arith.addf %[[A2]], %[[B1]] : f32
// CHECK-NEXT:     %[[EXP:.*]] = math.exp %[[SUM]] : f32
// CHECK-NEXT:     %[[MUL:.*]] = arith.mulf %[[EXP]], %[[B1]] : f32
// CHECK-NEXT:     linalg.yield %[[MUL]] : f32
// CHECK-NEXT:   } -> tensor<4xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @elementwise_chain(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %e0 = tensor.empty() : tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e0 : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%sum : tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
  ^bb0(%x: f32, %out: f32):
    %r = math.exp %x : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %mul = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%exp, %b : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  func.return %mul : tensor<4xf32>
}

// -----

// A producer whose result is also returned fuses into its elementwise consumer, and the fused
// generic yields it too, after the consumer's result: computed once, written once.
// CHECK-LABEL: func.func @producer_with_two_uses
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK-DAG:    %[[E0:.*]] = tensor.empty()
// CHECK-DAG:    %[[E1:.*]] = tensor.empty()
// CHECK:        %[[EXP:.*]], %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[B]] : tensor<4xf32>, tensor<4xf32>) outs(%[[E1]], %[[E0]] : tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32, %{{.*}}: f32):
// CHECK-NEXT:     %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT:     %[[R:.*]] = math.exp %[[S]] : f32
// CHECK-NEXT:     linalg.yield %[[R]], %[[S]] : f32, f32
// CHECK-NEXT:   } -> (tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT:   func.return %[[SUM]], %[[EXP]]
func.func @producer_with_two_uses(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e0 = tensor.empty() : tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e0 : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%sum : tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
  ^bb0(%x: f32, %out: f32):
    %r = math.exp %x : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  func.return %sum, %exp : tensor<4xf32>, tensor<4xf32>
}

// -----

// An LSTM cell's tail: c = f * c0 + i * g is read by the next step (returned) and by
// h = o * tanh(c). Its generic fuses into h's, yielding c too; then that generic, whose two
// results are both read by the last one (element for element), fuses whole into it: one generic.
// CHECK-LABEL: func.func @values_with_several_readers
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT:     linalg.generic
// CHECK:         ^bb0(%[[O:.*]]: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32):
// CHECK:           %[[C:.*]] = arith.addf
// CHECK:           %[[T:.*]] = math.tanh %[[C]]
// CHECK:           %[[H:.*]] = arith.mulf %[[O]], %[[T]]
// CHECK:           %[[S:.*]] = arith.addf %[[H]], %[[C]]
// CHECK:           linalg.yield %[[S]], %[[H]], %[[C]] : f32, f32, f32
// CHECK:         func.return
#id = affine_map<(d0) -> (d0)>
func.func @values_with_several_readers(%f: tensor<4xf32>, %c0: tensor<4xf32>, %i: tensor<4xf32>, %g: tensor<4xf32>, %o: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %e0 = tensor.empty() : tensor<4xf32>
  %c = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel"]} ins(%f, %c0, %i, %g : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%e0 : tensor<4xf32>) {
  ^bb0(%vf: f32, %vc: f32, %vi: f32, %vg: f32, %out: f32):
    %fc = arith.mulf %vf, %vc : f32
    %ig = arith.mulf %vi, %vg : f32
    %s = arith.addf %fc, %ig : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %h = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%o, %c : tensor<4xf32>, tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
  ^bb0(%vo: f32, %vc: f32, %out: f32):
    %t = math.tanh %vc : f32
    %m = arith.mulf %vo, %t : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%h, %c : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
  ^bb0(%vh: f32, %vc: f32, %out: f32):
    %s = arith.addf %vh, %vc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  func.return %sum, %h, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// A reader of the producer before its consumer would read a value the fused generic, which
// takes the consumer's place, computes after it: nothing fuses.
// CHECK-LABEL: func.func @reader_before_the_consumer
// CHECK-COUNT-3: linalg.generic
func.func @reader_before_the_consumer(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e0 = tensor.empty() : tensor<4xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e0 : tensor<4xf32>) {
  ^bb0(%v: f32, %out: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4x4xf32>
  %row = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4xf32>) outs(%e1 : tensor<4x4xf32>) {
  ^bb0(%v: f32, %out: f32):
    %r = math.sqrt %v : f32
    linalg.yield %r : f32
  } -> tensor<4x4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
  ^bb0(%v: f32, %out: f32):
    %r = math.tanh %v : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %d = tensor.extract_slice %row[0, 0] [1, 4] [1, 1] : tensor<4x4xf32> to tensor<4xf32>
  func.return %y, %d : tensor<4xf32>, tensor<4xf32>
}

// -----

// A few arith ops feeding only generics are copied into each of them: no buffer for %sq.
// CHECK-LABEL: func.func @cheap_producer_with_two_consumers
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>)
// CHECK-NOT:    linalg.generic {{.*}} ins(%[[A]] : tensor<4xf32>) outs
// CHECK:        %[[E:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<4xf32>)
// CHECK:          arith.mulf
// CHECK-NEXT:     math.exp
// CHECK:        %[[T:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<4xf32>)
// CHECK:          arith.mulf
// CHECK-NEXT:     math.tanh
// CHECK:        func.return %[[E]], %[[T]]
func.func @cheap_producer_with_two_consumers(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e0 = tensor.empty() : tensor<4xf32>
  %sq = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e0 : tensor<4xf32>) {
  ^bb0(%x: f32, %out: f32):
    %s = arith.mulf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%sq : tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
  ^bb0(%x: f32, %out: f32):
    %r = math.exp %x : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %tanh = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%sq : tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
  ^bb0(%x: f32, %out: f32):
    %r = math.tanh %x : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  func.return %exp, %tanh : tensor<4xf32>, tensor<4xf32>
}

// -----

// x - broadcast(m): the broadcast's map is composed into the subtract, which reads m directly.
// CHECK-LABEL: func.func @broadcast_into_subtract
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[M:.*]]: tensor<2xf32>)
// CHECK-NEXT:   %[[INIT:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:   %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[M]] : tensor<2x3xf32>, tensor<2xf32>) outs(%[[INIT]] : tensor<2x3xf32>) {
// CHECK-NEXT:   ^bb0(%[[XE:.*]]: f32, %[[ME:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:     %[[D:.*]] = arith.subf %[[XE]], %[[ME]] : f32
// CHECK-NEXT:     linalg.yield %[[D]] : f32
// CHECK-NEXT:   } -> tensor<2x3xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @broadcast_into_subtract(%x: tensor<2x3xf32>, %m: tensor<2xf32>) -> tensor<2x3xf32> {
  %e0 = tensor.empty() : tensor<2x3xf32>
  %bm = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<2xf32>) outs(%e0 : tensor<2x3xf32>) {
  ^bb0(%v: f32, %out: f32):
    linalg.yield %v : f32
  } -> tensor<2x3xf32>
  %e1 = tensor.empty() : tensor<2x3xf32>
  %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %bm : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e1 : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  func.return %d : tensor<2x3xf32>
}

// -----

// sum(exp(x)) over the inner dim: exp is computed inside the reduction's loops.
// CHECK-LABEL: func.func @producer_into_reduction
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[INIT:.*]]: tensor<2xf32>)
// CHECK-NEXT:   %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[INIT]] : tensor<2xf32>) {
// CHECK-NEXT:   ^bb0(%[[XE:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:     %[[E:.*]] = math.exp %[[XE]] : f32
// CHECK-NEXT:     %[[S:.*]] = arith.addf %[[ACC]], %[[E]] : f32
// CHECK-NEXT:     linalg.yield %[[S]] : f32
// CHECK-NEXT:   } -> tensor<2xf32>
// CHECK-NEXT:   func.return %[[R]]
func.func @producer_into_reduction(%x: tensor<2x3xf32>, %init: tensor<2xf32>) -> tensor<2xf32> {
  %e0 = tensor.empty() : tensor<2x3xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x3xf32>) outs(%e0 : tensor<2x3xf32>) {
  ^bb0(%v: f32, %out: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  } -> tensor<2x3xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%exp : tensor<2x3xf32>) outs(%init : tensor<2xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %acc, %v : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  func.return %sum : tensor<2xf32>
}

// -----

// A transpose fused into a reduction over an outer dim: the maps compose.
// CHECK-LABEL: func.func @transpose_into_reduction
// CHECK-SAME: (%[[X:.*]]: tensor<3x2xf32>, %[[INIT:.*]]: tensor<2xf32>)
// CHECK-NEXT:   linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<3x2xf32>) outs(%[[INIT]] : tensor<2xf32>)
func.func @transpose_into_reduction(%x: tensor<3x2xf32>, %init: tensor<2xf32>) -> tensor<2xf32> {
  %e0 = tensor.empty() : tensor<2x3xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<3x2xf32>) outs(%e0 : tensor<2x3xf32>) {
  ^bb0(%v: f32, %out: f32):
    linalg.yield %v : f32
  } -> tensor<2x3xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%t : tensor<2x3xf32>) outs(%init : tensor<2xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %acc, %v : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  func.return %sum : tensor<2xf32>
}

// -----

// A producer that computes (not just moves data) and is read through a broadcast would be
// recomputed for every broadcast element, so it stays separate.
// CHECK-LABEL: func.func @computing_producer_read_by_broadcast
// CHECK:        %[[EXP:.*]] = linalg.generic
// CHECK:          math.exp
// CHECK:        linalg.generic {{.*}} ins(%{{.*}}, %[[EXP]] : tensor<2x3xf32>, tensor<2xf32>)
func.func @computing_producer_read_by_broadcast(%x: tensor<2x3xf32>, %m: tensor<2xf32>) -> tensor<2x3xf32> {
  %e0 = tensor.empty() : tensor<2xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%m : tensor<2xf32>) outs(%e0 : tensor<2xf32>) {
  ^bb0(%v: f32, %out: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  } -> tensor<2xf32>
  %e1 = tensor.empty() : tensor<2x3xf32>
  %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %exp : tensor<2x3xf32>, tensor<2xf32>) outs(%e1 : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  func.return %d : tensor<2x3xf32>
}

// -----

// softsign(x * x) = x^2 / (1 + |x^2|) after tanh(a): the square reads the tanh twice, and each of
// softsign's two uses of the square inlines a copy of it, so the fused generic would read the
// tanh four times. Repeated inputs (same value, same map) merge into one, the copies of x * x
// become one multiply, and the tanh, now read once, fuses too: one generic, each op once.
// CHECK-LABEL: func.func @repeated_reads_fuse
// CHECK-SAME: (%[[A:.*]]: tensor<64xf32>)
// CHECK:        linalg.generic {{.*}} ins(%[[A]] : tensor<64xf32>)
// CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:     %[[T:.*]] = math.tanh %[[X]] : f32
// CHECK-NEXT:     %[[SQ:.*]] = arith.mulf %[[T]], %[[T]] : f32
// CHECK-NEXT:     %[[ABS:.*]] = math.absf %[[SQ]] : f32
// CHECK-NEXT:     %[[DEN:.*]] = arith.addf %[[ABS]], %{{.*}} : f32
// CHECK-NEXT:     %[[Q:.*]] = arith.divf %[[SQ]], %[[DEN]] : f32
// CHECK-NEXT:     linalg.yield %[[Q]] : f32
// CHECK-NOT:    linalg.generic
func.func @repeated_reads_fuse(%a: tensor<64xf32>) -> tensor<64xf32> {
  %one = arith.constant 1.0 : f32
  %e0 = tensor.empty() : tensor<64xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<64xf32>) outs(%e0 : tensor<64xf32>) {
  ^bb0(%x: f32, %out: f32):
    %r = math.tanh %x : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %e1 = tensor.empty() : tensor<64xf32>
  %sq = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t, %t : tensor<64xf32>, tensor<64xf32>) outs(%e1 : tensor<64xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<64xf32>
  %e2 = tensor.empty() : tensor<64xf32>
  %den = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%sq : tensor<64xf32>) outs(%e2 : tensor<64xf32>) {
  ^bb0(%x: f32, %out: f32):
    %abs = math.absf %x : f32
    %d = arith.addf %abs, %one : f32
    linalg.yield %d : f32
  } -> tensor<64xf32>
  %e3 = tensor.empty() : tensor<64xf32>
  %q = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%sq, %den : tensor<64xf32>, tensor<64xf32>) outs(%e3 : tensor<64xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %r = arith.divf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  func.return %q : tensor<64xf32>
}

// -----

// A producer above a loop is not fused into a consumer in the loop's body: that would compute it
// again on every trip (top_k's rank keys were rebuilt in each of its k passes). Above an scf.if
// it is fused: the branch runs at most once.
// CHECK-LABEL: func.func @producer_above_loop
// CHECK:         %[[KEYS:.*]] = linalg.generic
// CHECK:           arith.muli
// CHECK:         scf.while
// CHECK:         } do {
// CHECK:           linalg.generic {{.*}} ins(%[[KEYS]] : tensor<64xi64>)
// CHECK-NOT:         arith.muli
// CHECK:             arith.maxsi
// CHECK:         }
// CHECK:         scf.if
// CHECK-NEXT:      %{{.*}} = tensor.empty() : tensor<64xi64>
// CHECK-NEXT:      linalg.generic {{.*}} ins(%{{.*}} : tensor<64xi64>)
// CHECK-NEXT:      ^bb0
// CHECK-NEXT:        arith.muli
// CHECK-NEXT:        arith.addi
func.func @producer_above_loop(%x: tensor<64xi64>, %n: i32, %c: i1) -> (tensor<i64>, tensor<64xi64>) {
  %e0 = tensor.empty() : tensor<64xi64>
  %keys = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<64xi64>) outs(%e0 : tensor<64xi64>) {
  ^bb0(%a: i64, %out: i64):
    %m = arith.muli %a, %a : i64
    linalg.yield %m : i64
  } -> tensor<64xi64>
  %zero = arith.constant 0 : i32
  %lowest = arith.constant dense<-9223372036854775808> : tensor<i64>
  %r:2 = scf.while (%i = %zero, %acc = %lowest) : (i32, tensor<i64>) -> (i32, tensor<i64>) {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i, %acc : i32, tensor<i64>
  } do {
  ^bb0(%i2: i32, %acc2: tensor<i64>):
    %best = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%keys : tensor<64xi64>) outs(%acc2 : tensor<i64>) {
    ^bb0(%k: i64, %o: i64):
      %mx = arith.maxsi %k, %o : i64
      linalg.yield %mx : i64
    } -> tensor<i64>
    %one = arith.constant 1 : i32
    %next = arith.addi %i2, %one : i32
    scf.yield %next, %best : i32, tensor<i64>
  }
  %y = scf.if %c -> (tensor<64xi64>) {
    %e1 = tensor.empty() : tensor<64xi64>
    %plus = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%keys : tensor<64xi64>) outs(%e1 : tensor<64xi64>) {
    ^bb0(%k: i64, %out: i64):
      %p = arith.addi %k, %k : i64
      linalg.yield %p : i64
    } -> tensor<64xi64>
    scf.yield %plus : tensor<64xi64>
  } else {
    scf.yield %x : tensor<64xi64>
  }
  func.return %r#1, %y : tensor<i64>, tensor<64xi64>
}

// -----

// A producer that reads its positions (an iota: linalg.index, no inputs) fuses, its positions
// becoming the consumer's: read transposed, its `linalg.index 0` is the consumer's dim 1; read
// through a broadcast's constant 0, it is that constant. With no inputs and a few integer ops it
// fuses into a loop's body too: recomputing it costs less than loading it.
// CHECK-LABEL: func.func @positions
// CHECK-NOT:     linalg.index
// CHECK:         scf.while
// CHECK:         } do {
// CHECK:           linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%{{.*}} : tensor<3x5xi64>)
// CHECK-NEXT:      ^bb0(%[[X:.*]]: i64, %{{.*}}: i64):
// CHECK-NEXT:        %[[P:.*]] = linalg.index 1 : index
// CHECK-NEXT:        %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:        %[[I:.*]] = arith.index_cast %[[P]] : index to i64
// CHECK-NEXT:        %[[J:.*]] = arith.index_cast %[[Z]] : index to i64
// CHECK-NEXT:        %[[S:.*]] = arith.addi %[[I]], %[[J]] : i64
// CHECK-NEXT:        arith.addi %[[X]], %[[S]] : i64
func.func @positions(%x: tensor<3x5xi64>, %n: i32) -> tensor<3x5xi64> {
  %e0 = tensor.empty() : tensor<5x1xi64>
  %iota = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e0 : tensor<5x1xi64>) {
  ^bb0(%out: i64):
    %p = linalg.index 0 : index
    %q = linalg.index 1 : index
    %pi = arith.index_cast %p : index to i64
    %qi = arith.index_cast %q : index to i64
    %s = arith.addi %pi, %qi : i64
    linalg.yield %s : i64
  } -> tensor<5x1xi64>
  %zero = arith.constant 0 : i32
  %r:2 = scf.while (%i = %zero, %acc = %x) : (i32, tensor<3x5xi64>) -> (i32, tensor<3x5xi64>) {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i, %acc : i32, tensor<3x5xi64>
  } do {
  ^bb0(%i2: i32, %acc2: tensor<3x5xi64>):
    %e1 = tensor.empty() : tensor<3x5xi64>
    %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acc2, %iota : tensor<3x5xi64>, tensor<5x1xi64>) outs(%e1 : tensor<3x5xi64>) {
    ^bb0(%a: i64, %b: i64, %out: i64):
      %t = arith.addi %a, %b : i64
      linalg.yield %t : i64
    } -> tensor<3x5xi64>
    %one = arith.constant 1 : i32
    %next = arith.addi %i2, %one : i32
    scf.yield %next, %sum : i32, tensor<3x5xi64>
  }
  func.return %r#1 : tensor<3x5xi64>
}

// -----

// Read at a position computed from the consumer's (`d0 + 1`), the producer's positions would
// need that expression evaluated: it is not fused.
// CHECK-LABEL: func.func @positions_shifted
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<5xi64>)
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      linalg.index 0
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<5xi64>) outs(%{{.*}} : tensor<4xi64>)
func.func @positions_shifted() -> tensor<4xi64> {
  %e0 = tensor.empty() : tensor<5xi64>
  %iota = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e0 : tensor<5xi64>) {
  ^bb0(%out: i64):
    %p = linalg.index 0 : index
    %pi = arith.index_cast %p : index to i64
    linalg.yield %pi : i64
  } -> tensor<5xi64>
  %e1 = tensor.empty() : tensor<4xi64>
  %next = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 + 1)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%iota : tensor<5xi64>) outs(%e1 : tensor<4xi64>) {
  ^bb0(%a: i64, %out: i64):
    %t = arith.muli %a, %a : i64
    linalg.yield %t : i64
  } -> tensor<4xi64>
  func.return %next : tensor<4xi64>
}

// -----

// A cheap producer read twice by one consumer, through the identity and a transpose: the first
// read gets a copy of its body (the producer is still read), the second takes the body itself.
// CHECK-LABEL: func.func @cheap_producer_read_through_two_maps
// CHECK-SAME: (%[[X:.*]]: tensor<4x4xf32>)
// CHECK:        %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], {{.*}} ins(%[[X]], %[[X]] : tensor<4x4xf32>, tensor<4x4xf32>)
// CHECK-COUNT-2:  arith.mulf
// CHECK:          arith.addf
// CHECK-NOT:    linalg.generic
// CHECK:        func.return %[[R]]
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr2 = affine_map<(d0, d1) -> (d1, d0)>
func.func @cheap_producer_read_through_two_maps(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e0 = tensor.empty() : tensor<4x4xf32>
  %two = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x4xf32>) outs(%e0 : tensor<4x4xf32>) {
  ^bb0(%v: f32, %out: f32):
    %d = arith.mulf %v, %v : f32
    linalg.yield %d : f32
  } -> tensor<4x4xf32>
  %e1 = tensor.empty() : tensor<4x4xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #tr2, #id2], iterator_types = ["parallel", "parallel"]} ins(%two, %two : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e1 : tensor<4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  func.return %sum : tensor<4x4xf32>
}

// -----

// A transposing copy feeding a contraction, which reads it along its rows in the innermost loop
// while the copy's input runs the other way (B^T copied for a matmul), stays apart: fused, every
// reuse of an element would gather it across rows again. Into an elementwise consumer, which
// reads each element once, the same copy fuses.
// CHECK-LABEL: func.func @transpose_into_contraction
// CHECK:        %[[BT:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<8x4xf32>) outs(%{{.*}} : tensor<4x8xf32>)
// CHECK:        linalg.generic {{.*}}"reduction"{{.*}} ins(%{{.*}}, %[[BT]] : tensor<2x4xf32>, tensor<4x8xf32>)
// CHECK-LABEL: func.func @transpose_into_elementwise
// CHECK:        linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-NOT:    linalg.generic
func.func @transpose_into_contraction(%a: tensor<2x4xf32>, %b: tensor<8x4xf32>, %acc: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %bt = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<8x4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %bt : tensor<2x4xf32>, tensor<4x8xf32>) outs(%acc : tensor<2x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x8xf32>
  func.return %r : tensor<2x8xf32>
}
func.func @transpose_into_elementwise(%b: tensor<8x4xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %bt = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<8x4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%bt : tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  func.return %r : tensor<4x8xf32>
}
