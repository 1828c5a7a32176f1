// Strata's dialects and passes plug into xdsl-opt through the xdsl.universe entry point.
// RUN: xdsl-opt %s -p convert-tf-to-hlo,hlo-simplify | filecheck %s

func.func @relu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.Relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @relu
// CHECK: %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK: hlo.maximum %{{.*}}, %[[ZERO]] : tensor<4xf32>

// Where xDSL has a pass of the same name, Strata's is exported with a `strata-` prefix:
// RUN: xdsl-opt %s -p strata-convert-linalg-to-loops | filecheck %s --check-prefix=RENAMED
// (the input has no linalg op: the pass runs and leaves the function as it is)
// RENAMED-LABEL: func.func @relu
