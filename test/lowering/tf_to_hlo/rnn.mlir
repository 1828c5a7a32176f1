// RUN: strata-opt %s -p convert-tf-to-hlo --split-input-file | filecheck %s

// LSTMBlockCell: one dot of [x, h] with w, the bias, the gates i, ci, f, o as column blocks;
// forget_bias added to f; no peepholes, no clip (cell_clip 0).
// CHECK-LABEL: func.func @lstm_cell
// CHECK-NEXT:   %[[XH:.*]] = hlo.concatenate %x, %h, dim = 1 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
// CHECK-NEXT:   %[[D:.*]] = hlo.dot_general %[[XH]], %w, contracting_dims = [1] x [0] : (tensor<2x7xf32>, tensor<7x16xf32>) -> tensor<2x16xf32>
// CHECK-NEXT:   %[[B:.*]] = hlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<2x16xf32>
// CHECK-NEXT:   %[[Z:.*]] = hlo.add %[[D]], %[[B]] : tensor<2x16xf32>
// CHECK-NEXT:   %[[I:.*]] = hlo.slice %[[Z]] [0:2, 0:4]
// CHECK-NEXT:   %[[CI:.*]] = hlo.slice %[[Z]] [0:2, 4:8]
// CHECK-NEXT:   %[[F:.*]] = hlo.slice %[[Z]] [0:2, 8:12]
// CHECK-NEXT:   %[[O:.*]] = hlo.slice %[[Z]] [0:2, 12:16]
// CHECK-NEXT:   %[[BIAS:.*]] = hlo.constant dense<5.000000e-01> : tensor<2x4xf32>
// CHECK-NEXT:   %[[FB:.*]] = hlo.add %[[F]], %[[BIAS]]
// CHECK-NEXT:   %[[IG:.*]] = hlo.logistic %[[I]]
// CHECK-NEXT:   %[[FG:.*]] = hlo.logistic %[[FB]]
// CHECK-NEXT:   %[[CT:.*]] = hlo.tanh %[[CI]]
// CHECK-NEXT:   %[[A:.*]] = hlo.multiply %[[CT]], %[[IG]]
// CHECK-NEXT:   %[[K:.*]] = hlo.multiply %cs, %[[FG]]
// CHECK-NEXT:   %[[CS:.*]] = hlo.add %[[A]], %[[K]]
// CHECK-NEXT:   %[[OG:.*]] = hlo.logistic %[[O]]
// CHECK-NEXT:   %[[CO:.*]] = hlo.tanh %[[CS]]
// CHECK-NEXT:   %[[H:.*]] = hlo.multiply %[[CO]], %[[OG]]
// CHECK-NEXT:   func.return %[[CS]], %[[H]]
func.func @lstm_cell(%x: tensor<2x3xf32>, %cs: tensor<2x4xf32>, %h: tensor<2x4xf32>, %w: tensor<7x16xf32>, %p: tensor<4xf32>, %b: tensor<16xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %i, %c, %f, %o, %ci, %co, %hn = "tf.LSTMBlockCell"(%x, %cs, %h, %w, %p, %p, %p, %b) <{cell_clip = 0.0 : f32, forget_bias = 0.5 : f32, use_peephole = false}> : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<7x16xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
  func.return %c, %hn : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// Peepholes: wci and wcf times cs_prev added to i and f, wco times the new cs to o; cell_clip
// (3 by default) clamps cs.
// CHECK-LABEL: func.func @lstm_cell_peephole
// CHECK:        hlo.multiply %cs, %{{.*}} : tensor<2x4xf32>
// CHECK:        hlo.multiply %cs, %{{.*}} : tensor<2x4xf32>
// CHECK:        %[[LO:.*]] = hlo.constant dense<-3.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[HI:.*]] = hlo.constant dense<3.000000e+00> : tensor<f32>
// CHECK-NEXT:   %[[CLIP:.*]] = hlo.clamp %[[LO]], %{{.*}}, %[[HI]]
// CHECK:        hlo.multiply %[[CLIP]], %{{.*}} : tensor<2x4xf32>
func.func @lstm_cell_peephole(%x: tensor<2x3xf32>, %cs: tensor<2x4xf32>, %h: tensor<2x4xf32>, %w: tensor<7x16xf32>, %p: tensor<4xf32>, %b: tensor<16xf32>) -> tensor<2x4xf32> {
  %i, %c, %f, %o, %ci, %co, %hn = "tf.LSTMBlockCell"(%x, %cs, %h, %w, %p, %p, %p, %b) <{cell_clip = 3.0 : f32, use_peephole = true}> : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<7x16xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
  func.return %hn : tensor<2x4xf32>
}

// -----

// BlockLSTMV2 over 2 steps: an hlo.while over t < 2 carrying t, cs, h and the 7 results
// [2, 2, 4]; its body takes x[t], runs the step (gates i, f, ci, o, no forget_bias), zeroes the
// step's results from t = seq_len_max on (a run-time scalar here), and writes them at [t].
// CHECK-LABEL: func.func @block_lstm_v2
// CHECK:        %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<2x2x4xf32>
// CHECK:        %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[H:.*]] = hlo.while(%[[T:.*]] = %{{.*}}, %[[CS:.*]] = %cs, %[[HP:.*]] = %h, {{.*}}%[[OUT:.*]] = %[[Z]])
// CHECK:        hlo.compare LT, %[[T]], %{{.*}}, SIGNED
// CHECK:        } do {
// CHECK:        %[[XT:.*]] = hlo.dynamic_slice %x, %[[T]], %{{.*}}, %{{.*}}, sizes = [1, 2, 3]
// CHECK:        %[[I:.*]] = hlo.slice %{{.*}} [0:2, 0:4]
// CHECK-NEXT:   %[[F:.*]] = hlo.slice %{{.*}} [0:2, 4:8]
// CHECK-NEXT:   %[[CI:.*]] = hlo.slice %{{.*}} [0:2, 8:12]
// CHECK-NEXT:   hlo.slice
// CHECK-NEXT:   hlo.logistic %[[I]]
// CHECK-NEXT:   hlo.logistic %[[F]]
// CHECK-NEXT:   hlo.tanh %[[CI]]
// CHECK:        %[[T64:.*]] = hlo.convert %[[T]] : (tensor<i32>) -> tensor<i64>
// CHECK-NEXT:   hlo.compare LT, %[[T64]], %n, SIGNED
// CHECK-COUNT-7: hlo.select
// CHECK:        %[[W:.*]] = hlo.dynamic_update_slice %[[OUT]], %{{.*}}, %[[T]], %{{.*}}, %{{.*}} : (tensor<2x2x4xf32>, tensor<1x2x4xf32>
// CHECK:        hlo.return %{{.*}}, %[[W]] :
// CHECK:        func.return %[[H]]
func.func @block_lstm_v2(%n: tensor<i64>, %x: tensor<2x2x3xf32>, %cs: tensor<2x4xf32>, %h: tensor<2x4xf32>, %w: tensor<7x16xf32>, %p: tensor<4xf32>, %b: tensor<16xf32>) -> tensor<2x2x4xf32> {
  %i, %c, %f, %o, %ci, %co, %hn = "tf.BlockLSTMV2"(%n, %x, %cs, %h, %w, %p, %p, %p, %b) <{cell_clip = 0.0 : f32, use_peephole = false}> : (tensor<i64>, tensor<2x2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<7x16xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>) -> (tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>)
  func.return %hn : tensor<2x2x4xf32>
}

// -----

// BlockLSTM with a constant seq_len_max of at least the steps: no masking (the one compare is
// the loop's).
// CHECK-LABEL: func.func @block_lstm_all_steps
// CHECK:        hlo.compare LT
// CHECK-NOT:    hlo.compare
// CHECK-NOT:    hlo.select
// CHECK:        func.return
func.func @block_lstm_all_steps(%x: tensor<2x2x3xf32>, %cs: tensor<2x4xf32>, %h: tensor<2x4xf32>, %w: tensor<7x16xf32>, %p: tensor<4xf32>, %b: tensor<16xf32>) -> tensor<2x2x4xf32> {
  %n = "tf.Const"() <{value = dense<2> : tensor<i64>}> : () -> tensor<i64>
  %i, %c, %f, %o, %ci, %co, %hn = "tf.BlockLSTM"(%n, %x, %cs, %h, %w, %p, %p, %p, %b) <{cell_clip = 0.0 : f32, forget_bias = 1.0 : f32, use_peephole = false}> : (tensor<i64>, tensor<2x2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<7x16xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>) -> (tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>)
  func.return %hn : tensor<2x2x4xf32>
}

// -----

// GRUBlockCell: r and u from one dot of [x, h]; c from a dot of [x, r * h];
// h = u * h_prev + (1 - u) * c.
// CHECK-LABEL: func.func @gru_cell
// CHECK-NEXT:   %[[XH:.*]] = hlo.concatenate %x, %h, dim = 1
// CHECK-NEXT:   hlo.dot_general %[[XH]], %wru
// CHECK:        %[[RU:.*]] = hlo.logistic
// CHECK-NEXT:   %[[R:.*]] = hlo.slice %[[RU]] [0:2, 0:4]
// CHECK-NEXT:   %[[U:.*]] = hlo.slice %[[RU]] [0:2, 4:8]
// CHECK-NEXT:   %[[RH:.*]] = hlo.multiply %[[R]], %h
// CHECK-NEXT:   %[[XRH:.*]] = hlo.concatenate %x, %[[RH]], dim = 1
// CHECK-NEXT:   hlo.dot_general %[[XRH]], %wc
// CHECK:        %[[C:.*]] = hlo.tanh
// CHECK-NEXT:   %[[UH:.*]] = hlo.multiply %[[U]], %h
// CHECK-NEXT:   %[[ONE:.*]] = hlo.constant dense<1.000000e+00>
// CHECK-NEXT:   %[[NU:.*]] = hlo.subtract %[[ONE]], %[[U]]
// CHECK-NEXT:   %[[NC:.*]] = hlo.multiply %[[NU]], %[[C]]
// CHECK-NEXT:   %[[HN:.*]] = hlo.add %[[UH]], %[[NC]]
// CHECK-NEXT:   func.return %[[HN]]
func.func @gru_cell(%x: tensor<2x3xf32>, %h: tensor<2x4xf32>, %wru: tensor<7x8xf32>, %wc: tensor<7x4xf32>, %bru: tensor<8xf32>, %bc: tensor<4xf32>) -> tensor<2x4xf32> {
  %r, %u, %c, %hn = "tf.GRUBlockCell"(%x, %h, %wru, %wc, %bru, %bc) : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<7x8xf32>, tensor<7x4xf32>, tensor<8xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
  func.return %hn : tensor<2x4xf32>
}
