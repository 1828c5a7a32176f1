// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @lstm_weights_wrong(%x: tensor<2x3xf32>, %cs: tensor<2x4xf32>, %h: tensor<2x4xf32>, %w: tensor<6x16xf32>, %p: tensor<4xf32>, %b: tensor<16xf32>) {
  // expected-error @+1 {{w's rows (input + cell size) is 6, expected 7}}
  %i, %c, %f, %o, %ci, %co, %hn = "tf.LSTMBlockCell"(%x, %cs, %h, %w, %p, %p, %p, %b) <{cell_clip = 0.0 : f32, use_peephole = false}> : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<6x16xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
  func.return
}

// -----

func.func @lstm_int(%x: tensor<2x3xi32>, %cs: tensor<2x4xi32>, %h: tensor<2x4xi32>, %w: tensor<7x16xi32>, %p: tensor<4xi32>, %b: tensor<16xi32>) {
  // expected-error @+1 {{x must be a float tensor, found tensor<2x3xi32>}}
  %i, %c, %f, %o, %ci, %co, %hn = "tf.LSTMBlockCell"(%x, %cs, %h, %w, %p, %p, %p, %b) <{cell_clip = 0.0 : f32, use_peephole = false}> : (tensor<2x3xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<7x16xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<16xi32>) -> (tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>)
  func.return
}

// -----

func.func @block_lstm_seq_len_not_scalar(%n: tensor<2xi64>, %x: tensor<5x2x3xf32>, %cs: tensor<2x4xf32>, %h: tensor<2x4xf32>, %w: tensor<7x16xf32>, %p: tensor<4xf32>, %b: tensor<16xf32>) {
  // expected-error @+1 {{seq_len_max must be an integer scalar, found tensor<2xi64>}}
  %i, %c, %f, %o, %ci, %co, %hn = "tf.BlockLSTMV2"(%n, %x, %cs, %h, %w, %p, %p, %p, %b) <{cell_clip = 0.0 : f32, use_peephole = false}> : (tensor<2xi64>, tensor<5x2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<7x16xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>) -> (tensor<5x2x4xf32>, tensor<5x2x4xf32>, tensor<5x2x4xf32>, tensor<5x2x4xf32>, tensor<5x2x4xf32>, tensor<5x2x4xf32>, tensor<5x2x4xf32>)
  func.return
}

// -----

func.func @gru_batch_differs(%x: tensor<3x3xf32>, %h: tensor<2x4xf32>, %wru: tensor<7x8xf32>, %wc: tensor<7x4xf32>, %bru: tensor<8xf32>, %bc: tensor<4xf32>) {
  // expected-error @+1 {{h_prev's batch is 2, expected 3}}
  %r, %u, %c, %hn = "tf.GRUBlockCell"(%x, %h, %wru, %wc, %bru, %bc) : (tensor<3x3xf32>, tensor<2x4xf32>, tensor<7x8xf32>, tensor<7x4xf32>, tensor<8xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
  func.return
}
