// RUN: strata-opt %s -p bufferize --split-input-file --verify-diagnostics | filecheck %s

// `lengths` in tf.entry_function (an output dim the data decide: the importer's bounded lists)
// reaches the entry ABI: the signature names the output and dim, whose length is the hidden
// output `<name>#length`.
// CHECK-LABEL: func.func @main
// CHECK-SAME: \22lengths\22:[{\22output\22:\22ys\22,\22axis\22:0}]
func.func @main(%ys: tensor<10x5xf32>, %n: tensor<i32>) -> (tensor<10x5xf32>, tensor<i32>) attributes {tf.entry_function = {inputs = "a,b", outputs = "ys,ys#length", lengths = "ys:0"}} {
  func.return %ys, %n : tensor<10x5xf32>, tensor<i32>
}

// -----

// A dim the output does not have.
// expected-error @+1 {{lengths: no output 'ys' with a dim 2}}
func.func @main(%ys: tensor<10x5xf32>, %n: tensor<i32>) -> (tensor<10x5xf32>, tensor<i32>) attributes {tf.entry_function = {inputs = "a,b", outputs = "ys,ys#length", lengths = "ys:2"}} {
  func.return %ys, %n : tensor<10x5xf32>, tensor<i32>
}

// -----

// No scalar integer output holding the length.
// expected-error @+1 {{lengths: no scalar integer output 'ys#length'}}
func.func @main(%ys: tensor<10x5xf32>, %n: tensor<f32>) -> (tensor<10x5xf32>, tensor<f32>) attributes {tf.entry_function = {inputs = "a,b", outputs = "ys,ys#length", lengths = "ys:0"}} {
  func.return %ys, %n : tensor<10x5xf32>, tensor<f32>
}

// -----

// Not "output:axis".
// expected-error @+1 {{lengths = "ys": expected "output:axis,..."}}
func.func @main(%ys: tensor<10x5xf32>, %n: tensor<i32>) -> (tensor<10x5xf32>, tensor<i32>) attributes {tf.entry_function = {inputs = "a,b", outputs = "ys,ys#length", lengths = "ys"}} {
  func.return %ys, %n : tensor<10x5xf32>, tensor<i32>
}
