// RUN: strata-opt %s --emit=hlo | filecheck %s --check-prefix=HLO
// RUN: strata-opt %s --emit=linalg | filecheck %s --check-prefix=LINALG
// RUN: strata-opt %s --emit=buffers | filecheck %s --check-prefix=BUFFERS
// RUN: strata-opt %s --emit=loops | filecheck %s --check-prefix=LOOPS

// A dense layer with softmax, as the GraphDef importer writes it: each stage holds only its own
// dialects, and each keeps what the next one relies on.

// HLO-LABEL: func.func @main
// HLO-SAME: (%[[X:.*]]: tensor<2x3xf32>) -> tensor<2x4xf32>
// HLO-DAG:    %[[W:.*]] = hlo.constant dense<{{.*}}> : tensor<3x4xf32>
// HLO-DAG:    %[[B:.*]] = hlo.constant dense<{{.*}}> : tensor<4xf32>
// HLO:        %[[MM:.*]] = hlo.dot_general %[[X]], %[[W]], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// HLO:        %[[BB:.*]] = hlo.broadcast_in_dim %[[B]], dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
// HLO-NEXT:   %[[BIAS:.*]] = hlo.add %[[MM]], %[[BB]] : tensor<2x4xf32>
// HLO:        %[[RELU:.*]] = hlo.maximum %[[BIAS]], %{{.*}} : tensor<2x4xf32>
// HLO:        hlo.reduce(%[[RELU]] init: %{{.*}}) applies hlo.maximum across dimensions = [1]
// HLO:        hlo.exponential
// HLO:        hlo.reduce({{.*}}) applies hlo.add across dimensions = [1]
// HLO:        %[[P:.*]] = hlo.divide
// HLO-NEXT:   func.return %[[P]] : tensor<2x4xf32>
// HLO-NOT:    tf.

// The matmul is a (parallel, reduction, parallel) generic; bias add and relu (two arith ops) are
// copied into each softmax generic that reads them, so no buffer holds them.
// LINALG-LABEL: func.func @main
// LINALG-SAME: (%[[X:.*]]: tensor<2x3xf32>) -> tensor<2x4xf32>
// LINALG:        %[[MM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[X]], %{{.*}} : tensor<2x3xf32>, tensor<3x4xf32>)
// LINALG:        linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[MM]], %{{.*}} : tensor<2x4xf32>, tensor<4xf32>)
// LINALG-NEXT:   ^bb0
// LINALG-NEXT:     %[[S:.*]] = arith.addf
// LINALG-NEXT:     %[[R:.*]] = arith.maximumf %[[S]], %{{.*}} : f32
// LINALG-NEXT:     arith.maximumf %{{.*}}, %[[R]] : f32
// LINALG:        math.exp
// LINALG:        arith.divf
// LINALG-NOT:    hlo.

// BUFFERS-DAG:  memref.global"() <{sym_name = "[[KERNEL:__constant_dense_kernel]]", type = memref<3x4xf32>
// BUFFERS-DAG:  memref.global"() <{sym_name = "[[BIAS:__constant_dense_bias]]", type = memref<4xf32>
// BUFFERS-LABEL: func.func @main
// BUFFERS-SAME: (%[[X:[^:]*]]: memref<2x3xf32>, %[[OUT:[^:]*]]: memref<2x4xf32>, %[[ARENA:[^:]*]]: memref<[[N:[0-9]+]]xi8>) -> i32
// BUFFERS-SAME: strata.signature = "{\22entry\22:\22main\22,\22inputs\22:[{\22name\22:\22x\22,\22shape\22:[2,3],\22dtype\22:\22float32\22}],\22outputs\22:[{\22name\22:\22probs\22,\22shape\22:[2,4],\22dtype\22:\22float32\22}],\22arena_bytes\22:[[N]],
// BUFFERS:        memref.get_global @[[KERNEL]] : memref<3x4xf32>
// BUFFERS:        memref.get_global @[[BIAS]] : memref<4xf32>
// BUFFERS:        memref.view %[[ARENA]]
// BUFFERS:        linalg.generic {{.*}} outs(%[[OUT]] : memref<2x4xf32>)
// BUFFERS:        func.return %{{.*}} : i32
// BUFFERS-NOT:    tensor<
// BUFFERS-NOT:    memref.alloc

// LOOPS-LABEL: func.func @main
// LOOPS-SAME: %[[ARENA:[^:]*]]: memref<{{[0-9]+}}xi8>) -> i32
// LOOPS-NOT:    linalg.
// No kernel fills a buffer (none is called with a scalar): each reduction stores its start (0
// for the matmul, -inf for the max) into its output just before its reduction loop
// (linalg-fuse-fill).
// LOOPS-NOT:    f32) -> ()
// LOOPS:        func.return
// LOOPS:        func.func private @main_kernel_0_dense_MatMul
// LOOPS:          %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// LOOPS:          scf.for
// LOOPS-NEXT:       scf.for
// LOOPS-NEXT:         memref.store %[[ZERO]]
// LOOPS:            scf.for
// LOOPS:              memref.load
// LOOPS:              {{arith.mulf|math.fma}}
// LOOPS:              memref.store
// LOOPS:          %[[NEG_INF:.*]] = arith.constant 0xff800000 : f32
// LOOPS:          scf.for %[[ROW:.*]] = {{.*}} {
// LOOPS-NEXT:       memref.store %[[NEG_INF]], %{{.*}}[%[[ROW]]] : memref<2xf32>
// LOOPS:              arith.maximumf
// LOOPS:          math.exp
// LOOPS:          arith.divf
// LOOPS-NOT:    linalg.
// LOOPS-NOT:    tensor<

func.func @main(%x: tensor<2x3xf32>) -> tensor<2x4xf32> attributes {tf.entry_function = {inputs = "x", outputs = "probs"}} {
  %w = "tf.Const"() <{value = dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>}> : () -> tensor<3x4xf32> loc("dense/kernel")
  %b = "tf.Const"() <{value = dense<[0.1, 0.2, 0.3, 0.4]> : tensor<4xf32>}> : () -> tensor<4xf32> loc("dense/bias")
  %0 = "tf.MatMul"(%x, %w) <{transpose_a = false, transpose_b = false}> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32> loc("dense/MatMul")
  %1 = "tf.BiasAdd"(%0, %b) : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32> loc("dense/BiasAdd")
  %2 = "tf.Relu"(%1) : (tensor<2x4xf32>) -> tensor<2x4xf32> loc("dense/Relu")
  %3 = "tf.Softmax"(%2) : (tensor<2x4xf32>) -> tensor<2x4xf32> loc("probs")
  func.return %3 : tensor<2x4xf32>
}
