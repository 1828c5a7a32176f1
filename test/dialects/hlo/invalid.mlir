// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @add_types_differ(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{lhs and rhs types differ: tensor<4xf32> and tensor<4xi32>}}
  %0 = "hlo.add"(%a, %b) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @add_result_shape(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{result 0 has type tensor<5xf32>, but operands and attributes imply tensor<4xf32>}}
  %0 = hlo.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<5xf32>
  func.return
}

// -----

func.func @and_on_floats(%a: tensor<4xf32>) {
  // expected-error @+1 {{operands must have integer or boolean elements, found tensor<4xf32>}}
  %0 = hlo.and %a, %a : tensor<4xf32>
  func.return
}

// -----

func.func @subtract_on_bools(%a: tensor<4xi1>) {
  // expected-error @+1 {{operands must have integer or float elements, found tensor<4xi1>}}
  %0 = hlo.subtract %a, %a : tensor<4xi1>
  func.return
}

// -----

func.func @exponential_on_ints(%a: tensor<4xi32>) {
  // expected-error @+1 {{operand must have float elements, found tensor<4xi32>}}
  %0 = hlo.exponential %a : tensor<4xi32>
  func.return
}

// -----

func.func @negate_result_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{result 0 has type tensor<4xf64>, but operands and attributes imply tensor<4xf32>}}
  %0 = "hlo.negate"(%a) : (tensor<4xf32>) -> tensor<4xf64>
  func.return
}

// -----

func.func @clamp_min_shape(%lo: tensor<3xf32>, %x: tensor<4xf32>, %hi: tensor<f32>) {
  // expected-error @+1 {{min must be rank-0 or have the operand's shape [4], found tensor<3xf32>}}
  %0 = hlo.clamp %lo, %x, %hi : (tensor<3xf32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @clamp_max_element_type(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<i32>) {
  // expected-error @+1 {{max element type i32 does not match operand element type f32}}
  %0 = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @convert_shape(%x: tensor<4xi32>) {
  // expected-error @+1 {{result shape [5] does not match operand shape [4]}}
  %0 = hlo.convert %x : (tensor<4xi32>) -> tensor<5xf32>
  func.return
}

// -----

func.func @compare_float_on_ints(%a: tensor<4xi32>) {
  // expected-error @+1 {{compare type FLOAT does not apply to i32 elements}}
  %0 = hlo.compare LT, %a, %a, FLOAT : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  func.return
}

// -----

func.func @compare_result_not_i1(%a: tensor<4xf32>) {
  // expected-error @+1 {{result 0 has type tensor<4xi32>, but operands and attributes imply tensor<4xi1>}}
  %0 = hlo.compare GE, %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi32>
  func.return
}

// -----

func.func @compare_operands_differ(%a: tensor<4xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{lhs and rhs types differ: tensor<4xf32> and tensor<3xf32>}}
  %0 = hlo.compare NE, %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xi1>
  func.return
}

// -----

func.func @select_pred_not_i1(%p: tensor<4xi32>, %a: tensor<4xf32>) {
  // expected-error @+1 {{pred must have i1 elements, found tensor<4xi32>}}
  %0 = hlo.select %p, %a, %a : (tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @select_pred_shape(%p: tensor<3xi1>, %a: tensor<4xf32>) {
  // expected-error @+1 {{pred must be rank-0 or have the operands' shape [4], found tensor<3xi1>}}
  %0 = hlo.select %p, %a, %a : tensor<3xi1>, tensor<4xf32>
  func.return
}

// -----

func.func @select_branches_differ(%p: tensor<i1>, %a: tensor<4xf32>, %b: tensor<4xf64>) {
  // expected-error @+1 {{on_true and on_false types differ: tensor<4xf32> and tensor<4xf64>}}
  %0 = hlo.select %p, %a, %b : (tensor<i1>, tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  func.return
}

// -----

func.func @reshape_count(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{cannot reshape [2,3] (6 elements) into [5] (5 elements)}}
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<5xf32>
  func.return
}

// -----

func.func @reshape_element_type(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{result element type i32 does not match operand element type f32}}
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xi32>
  func.return
}

// -----

func.func @transpose_not_permutation(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{permutation [0, 0] is not a permutation of the operand's 2 dims}}
  %0 = hlo.transpose %x, dims = [0, 0] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @transpose_result(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{result 0 has type tensor<2x3xf32>, but operands and attributes imply tensor<3x2xf32>}}
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @broadcast_dims_count(%x: tensor<3xf32>) {
  // expected-error @+1 {{broadcast_dimensions has 2 entries but the operand has rank 1}}
  %0 = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @broadcast_dim_range(%x: tensor<3xf32>) {
  // expected-error @+1 {{broadcast dimension 2 is out of range for result rank 2}}
  %0 = hlo.broadcast_in_dim %x, dims = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @broadcast_duplicates(%x: tensor<3x3xf32>) {
  // expected-error @+1 {{broadcast_dimensions [1, 1] has duplicates}}
  %0 = hlo.broadcast_in_dim %x, dims = [1, 1] : (tensor<3x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @broadcast_size(%x: tensor<4xf32>) {
  // expected-error @+1 {{operand dim 0 (size 4) cannot broadcast to result dim 1 (size 3)}}
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @broadcast_element_type(%x: tensor<3xf32>) {
  // expected-error @+1 {{result element type f64 does not match operand element type f32}}
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf64>
  func.return
}

// -----

func.func @dot_contracting_size(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{lhs contracting dim 1 (size 3) does not match rhs dim 0 (size 4)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  func.return
}

// -----

func.func @dot_batching_size(%a: tensor<2x3x4xf32>, %b: tensor<3x4x5xf32>) {
  // expected-error @+1 {{lhs batching dim 0 (size 2) does not match rhs dim 0 (size 3)}}
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
  func.return
}

// -----

func.func @dot_batching_count(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{lhs has 1 batching dims but rhs has 0}}
  %0 = "hlo.dot_general"(%a, %b) <{dot_dimension_numbers = #hlo.dot<lhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>}> : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  func.return
}

// -----

func.func @dot_contracting_count(%a: tensor<2x3xf32>, %b: tensor<3x5xf32>) {
  // expected-error @+1 {{lhs has 1 contracting dims but rhs has 2}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0, 1] : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @dot_dim_range(%a: tensor<2x3xf32>, %b: tensor<3x5xf32>) {
  // expected-error @+1 {{lhs contracting dim 2 is out of range for rank 2}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [2] x [0] : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  func.return
}

// -----

func.func @dot_dim_reused(%a: tensor<3x3xf32>, %b: tensor<3x3x5xf32>) {
  // expected-error @+1 {{lhs dim 0 is used more than once in batching and contracting dims}}
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [0] x [1] : (tensor<3x3xf32>, tensor<3x3x5xf32>) -> tensor<3x3x5xf32>
  func.return
}

// -----

func.func @dot_result_shape(%a: tensor<2x3xf32>, %b: tensor<3x5xf32>) {
  // expected-error @+1 {{result 0 has type tensor<5x2xf32>, but operands and attributes imply tensor<2x5xf32>}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<5x2xf32>
  func.return
}

// -----

func.func @reduce_no_inputs() {
  // expected-error @+1 {{expected at least one input}}
  "hlo.reduce"() <{dimensions = array<i64>}> ({
  ^bb0:
    "hlo.return"() : () -> ()
  }) : () -> ()
  func.return
}

// -----

func.func @reduce_init_count(%x: tensor<4xf32>, %c: tensor<f32>) {
  // expected-error @+1 {{'hlo.reduce' op Operation has 3 operands for 2 variadic operands marked as having the same size.}}
  %0:2 = "hlo.reduce"(%x, %x, %c) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "hlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  func.return
}

// -----

func.func @reduce_input_shapes(%x: tensor<4xf32>, %y: tensor<5xf32>, %c: tensor<f32>) {
  // expected-error @+1 {{input 1 has shape [5], but input 0 has [4]}}
  %0:2 = hlo.reduce(%x init: %c), (%y init: %c) across dimensions = [0] : (tensor<4xf32>, tensor<5xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%c2: tensor<f32>, %d: tensor<f32>) {
    hlo.return %a, %c2 : tensor<f32>, tensor<f32>
  }
  func.return
}

// -----

func.func @reduce_dim_range(%x: tensor<8x10xf32>, %c: tensor<f32>) {
  // expected-error @+1 {{dimension 2 is out of range for rank 2}}
  %0 = hlo.reduce(%x init: %c) applies hlo.add across dimensions = [2] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8x10xf32>
  func.return
}

// -----

func.func @reduce_dim_twice(%x: tensor<8x10xf32>, %c: tensor<f32>) {
  // expected-error @+1 {{dimension 1 appears more than once}}
  %0 = hlo.reduce(%x init: %c) applies hlo.add across dimensions = [1, 1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
  func.return
}

// -----

func.func @reduce_init_rank(%x: tensor<8x10xf32>, %c: tensor<1xf32>) {
  // expected-error @+1 {{init value 0 must be a rank-0 tensor, found tensor<1xf32>}}
  %0 = "hlo.reduce"(%x, %c) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "hlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<8x10xf32>, tensor<1xf32>) -> tensor<8xf32>
  func.return
}

// -----

func.func @reduce_init_element_type(%x: tensor<8x10xf32>, %c: tensor<i32>) {
  // expected-error @+1 {{init value 0 has element type i32, but input 0 has f32}}
  %0 = hlo.reduce(%x init: %c) applies hlo.add across dimensions = [1] : (tensor<8x10xf32>, tensor<i32>) -> tensor<8xi32>
  func.return
}

// -----

func.func @reduce_result_shape(%x: tensor<8x10xf32>, %c: tensor<f32>) {
  // expected-error @+1 {{result 0 has type tensor<10xf32>, but operands and attributes imply tensor<8xf32>}}
  %0 = hlo.reduce(%x init: %c) applies hlo.add across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<10xf32>
  func.return
}

// -----

func.func @reduce_body_arity(%x: tensor<8x10xf32>, %c: tensor<f32>) {
  // expected-error @+1 {{body must take 2 arguments (accumulators then elements), found 1}}
  %0 = "hlo.reduce"(%x, %c) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>):
    "hlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
  func.return
}

// -----

func.func @reduce_body_arg_type(%x: tensor<8x10xf32>, %c: tensor<f32>) {
  // expected-error @+1 {{body argument 1 has type tensor<i32>, expected tensor<f32>}}
  %0 = hlo.reduce(%x init: %c) across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
   reducer(%a: tensor<f32>, %b: tensor<i32>) {
    hlo.return %a : tensor<f32>
  }
  func.return
}

// -----

func.func @reduce_body_return_count(%x: tensor<8x10xf32>, %c: tensor<f32>) {
  // expected-error @+1 {{body must end with hlo.return of 1 values}}
  %0 = hlo.reduce(%x init: %c) across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    hlo.return %a, %b : tensor<f32>, tensor<f32>
  }
  func.return
}

// -----

// hlo.return only ends regions of ops with the ReturnsToHlo trait (reduce, reduce_window, scatter).
func.func @return_outside_reduce(%a: tensor<f32>) {
  // expected-error @+1 {{'hlo.return' expects a parent op whose regions end in hlo.return (hlo.reduce, hlo.reduce_window, hlo.scatter, hlo.while), found 'func.func'}}
  hlo.return %a : tensor<f32>
}

// -----

func.func @unsupported_element_type() {
  // expected-error @+1 {{'hlo.constant' op result element type i3 is not supported (expected one of}}
  %0 = hlo.constant dense<[1, 2]> : tensor<2xi3>
  func.return
}

// -----

func.func @dot_ranks(%a: tensor<2x3x4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.dot' op operands must have rank 1 or 2, found tensor<2x3x4xf32> and tensor<4xf32>}}
  %0 = hlo.dot %a, %b : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @shift_float(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.shift_left' op operands must have integer or boolean elements, found tensor<4xf32>}}
  %0 = hlo.shift_left %x, %x : tensor<4xf32>
  func.return
}

// -----

func.func @is_finite_int(%x: tensor<4xi32>) {
  // expected-error @+1 {{'hlo.is_finite' op operand must have float elements, found tensor<4xi32>}}
  %0 = hlo.is_finite %x : (tensor<4xi32>) -> tensor<4xi1>
  func.return
}

// -----

func.func @is_finite_result(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.is_finite' op result 0 has type tensor<4xf32>, but operands and attributes imply tensor<4xi1>}}
  %0 = hlo.is_finite %x : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @triangular_solve_not_square(%a: tensor<3x2xf32>, %b: tensor<3x1xf32>) {
  // expected-error @+1 {{'hlo.triangular_solve' op a must be a batch of square matrices, found tensor<3x2xf32>}}
  %0 = "hlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<3x2xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  func.return
}

// -----

func.func @triangular_solve_right_side(%a: tensor<3x3xf32>, %b: tensor<3x1xf32>) {
  // expected-error @+1 {{'hlo.triangular_solve' op b must have 3 columns (a is tensor<3x3xf32>), found tensor<3x1xf32>}}
  %0 = "hlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  func.return
}

// -----

func.func @triangular_solve_integer(%a: tensor<3x3xi32>, %b: tensor<3x1xi32>) {
  // expected-error @+1 {{'hlo.triangular_solve' op a and b must have one float element type, found i32 and i32}}
  %0 = "hlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<3x3xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
  func.return
}
