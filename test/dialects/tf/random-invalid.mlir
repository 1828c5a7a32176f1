// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @threefry(%k: tensor<1xi64>, %c: tensor<2xi64>) {
  %shape = "tf.Const"() <{value = dense<4> : tensor<1xi32>}> : () -> tensor<1xi32>
  %alg = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{alg must be a constant Philox (1) or auto-select (3), found [2]}}
  %0 = "tf.StatelessRandomUniformV2"(%shape, %k, %c, %alg) : (tensor<1xi32>, tensor<1xi64>, tensor<2xi64>, tensor<i32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @run_time_alg(%k: tensor<1xi64>, %c: tensor<2xi64>, %alg: tensor<i32>) {
  %shape = "tf.Const"() <{value = dense<4> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{alg must be a constant Philox (1) or auto-select (3), found a value known only at run time}}
  %0 = "tf.StatelessRandomNormalV2"(%shape, %k, %c, %alg) : (tensor<1xi32>, tensor<1xi64>, tensor<2xi64>, tensor<i32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @double(%seed: tensor<2xi64>) {
  %shape = "tf.Const"() <{value = dense<4> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{only f32 outputs are supported (TensorFlow draws other types from the stream differently), found f64}}
  %0 = "tf.StatelessRandomUniform"(%shape, %seed) : (tensor<1xi32>, tensor<2xi64>) -> tensor<4xf64>
  func.return
}

// -----

func.func @run_time_shape(%shape: tensor<1xi32>, %seed: tensor<2xi64>) {
  // expected-error @+1 {{shape must be a constant 1-D integer tensor, found tensor<1xi32>}}
  %0 = "tf.StatelessRandomUniform"(%shape, %seed) : (tensor<1xi32>, tensor<2xi64>) -> tensor<4xf32>
  func.return
}

// -----

func.func @seed_shape(%seed: tensor<3xi64>) {
  // expected-error @+1 {{seed must be a tensor<2xi32> or tensor<2xi64>, found tensor<3xi64>}}
  %k, %c = "tf.StatelessRandomGetKeyCounter"(%seed) : (tensor<3xi64>) -> (tensor<1xi64>, tensor<2xi64>)
  func.return
}

// -----

func.func @key_type(%k: tensor<2xi64>, %c: tensor<2xi64>) {
  %shape = "tf.Const"() <{value = dense<4> : tensor<1xi32>}> : () -> tensor<1xi32>
  %alg = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{key and counter must be tensor<1xi64> and tensor<2xi64> (uint64 bits), found tensor<2xi64> and tensor<2xi64>}}
  %0 = "tf.StatelessRandomUniformV2"(%shape, %k, %c, %alg) : (tensor<1xi32>, tensor<2xi64>, tensor<2xi64>, tensor<i32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @int_bounds(%seed: tensor<2xi64>, %lo: tensor<i64>, %hi: tensor<i32>) {
  %shape = "tf.Const"() <{value = dense<4> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{minval must be a tensor<i32>, found tensor<i64>}}
  %0 = "tf.StatelessRandomUniformInt"(%shape, %seed, %lo, %hi) : (tensor<1xi32>, tensor<2xi64>, tensor<i64>, tensor<i32>) -> tensor<4xi32>
  func.return
}

// -----

func.func @stateful_half() {
  %shape = "tf.Const"() <{value = dense<4> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{only f32 outputs are supported (TensorFlow draws other types from the stream differently), found f16}}
  %0 = "tf.RandomUniform"(%shape) <{seed = 1 : i64, seed2 = 2 : i64}> : (tensor<1xi32>) -> tensor<4xf16>
  func.return
}

// -----

func.func @multinomial_count(%logits: tensor<2x5xf32>, %n: tensor<i32>, %seed: tensor<2xi64>) {
  // expected-error @+1 {{num_samples must be a constant count, found a value known only at run time}}
  %0 = "tf.StatelessMultinomial"(%logits, %n, %seed) : (tensor<2x5xf32>, tensor<i32>, tensor<2xi64>) -> tensor<2x3xi64>
  func.return
}

// -----

func.func @multinomial_rank(%logits: tensor<5xf32>, %seed: tensor<2xi64>) {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{logits must be a 2-D float tensor, found tensor<5xf32>}}
  %0 = "tf.StatelessMultinomial"(%logits, %n, %seed) : (tensor<5xf32>, tensor<i32>, tensor<2xi64>) -> tensor<2x3xi64>
  func.return
}
