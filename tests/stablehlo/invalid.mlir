// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null
// The type rules of the stablehlo ops (StableHLO spec constraints).

func.func @add_shapes(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'stablehlo.add' op requires the same shape for all operands and results}}
  %0 = stablehlo.add %a, %b : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @add_elements(%a: tensor<2xf32>, %b: tensor<2xf16>) -> tensor<2xf32> {
  // expected-error@+1 {{'stablehlo.add' op requires compatible types for all operands: element types 'f16' and 'f32' differ}}
  %0 = stablehlo.add %a, %b : (tensor<2xf32>, tensor<2xf16>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @compare_result(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{'stablehlo.compare' op result #0 must be tensor of pred (AKA boolean or 1-bit integer) values}}
  %0 = stablehlo.compare  GT, %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @compare_keyword(%a: tensor<2xf32>) -> tensor<2xi1> {
  // expected-error@+1 {{expected one of [EQ, NE, GE, GT, LE, LT] for comparison direction}}
  %0 = stablehlo.compare  GREATER, %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @select_pred(%p: tensor<3xi1>, %a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{'stablehlo.select' op requires the same shape for all operands}}
  %0 = stablehlo.select %p, %a, %a : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @clamp_bounds(%lo: tensor<3xf32>, %a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{'stablehlo.clamp' op min shape [3] must be rank 0 or the operand's shape [2]}}
  %0 = stablehlo.clamp %lo, %a, %a : (tensor<3xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reshape_count(%a: tensor<2x3xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{'stablehlo.reshape' op number of output elements (5) doesn't match expected number of elements (6)}}
  %0 = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @broadcast_size(%a: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{'stablehlo.broadcast_in_dim' op size of operand dimension 0 (3) is not equal to 1 or size of result dimension 1 (4)}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_rank(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'stablehlo.broadcast_in_dim' op broadcast_dimensions size (2) does not match operand rank (1)}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @transpose_perm(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{'stablehlo.transpose' op permutation [0, 0] is not a permutation of the operand's 2 dimensions}}
  %0 = stablehlo.transpose %a, dims = [0, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_shape(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'stablehlo.transpose' op inferred shape '[3, 2]' is incompatible with return type of operation 'tensor<2x3xf32>'}}
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @concat_shape(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{'stablehlo.concatenate' op shapes of operand (0) and (1) do not match at non-concat index: [2, 3] != [2, 4] at position 1}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @concat_result(%a: tensor<2x3xf32>) -> tensor<5x3xf32> {
  // expected-error@+1 {{'stablehlo.concatenate' op inferred shape '[4, 3]' is incompatible with return type of operation 'tensor<5x3xf32>'}}
  %0 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @slice_bounds(%a: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{'stablehlo.slice' op invalid slice 3:6:1 of dimension 0 with size 4}}
  %0 = stablehlo.slice %a [3:6] : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @slice_result(%a: tensor<8xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'stablehlo.slice' op inferred shape '[2]' is incompatible with return type of operation 'tensor<3xf32>'}}
  %0 = stablehlo.slice %a [0:4:2] : (tensor<8xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @pad_value(%a: tensor<4xf32>, %v: tensor<1xf32>) -> tensor<6xf32> {
  // expected-error@+1 {{'stablehlo.pad' op padding value must be a rank-0 tensor}}
  %0 = stablehlo.pad %a, %v, low = [1], high = [1], interior = [0] : (tensor<4xf32>, tensor<1xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @pad_result(%a: tensor<4xf32>, %v: tensor<f32>) -> tensor<8xf32> {
  // expected-error@+1 {{'stablehlo.pad' op inferred shape '[9]' is incompatible with return type of operation 'tensor<8xf32>'}}
  %0 = stablehlo.pad %a, %v, low = [1], high = [1], interior = [1] : (tensor<4xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @dot_contracting(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error@+1 {{'stablehlo.dot_general' op contracting dimension sizes must match: lhs dimension 1 (3) vs rhs dimension 0 (4)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @dot_result(%a: tensor<2x3xf32>, %b: tensor<3x5xf32>) -> tensor<5x2xf32> {
  // expected-error@+1 {{'stablehlo.dot_general' op inferred shape '[2, 5]' is incompatible with return type of operation 'tensor<5x2xf32>'}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<5x2xf32>
  return %0 : tensor<5x2xf32>
}

// -----

func.func @conv_features(%x: tensor<1x3x8x8xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{'stablehlo.convolution' op expects input feature dimension (3) / feature_group_count = kernel input feature dimension (2). Got feature_group_count = 1.}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_result(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error@+1 {{'stablehlo.convolution' op inferred shape '[1, 4, 4, 4]' is incompatible with return type of operation 'tensor<1x4x8x8xf32>'}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

func.func @conv_layout(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{duplicate 'b' in convolution dimension numbers}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, b, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @batch_norm_vectors(%x: tensor<1x4x2x2xf32>, %v: tensor<3xf32>) -> tensor<1x4x2x2xf32> {
  // expected-error@+1 {{'stablehlo.batch_norm_inference' op scale must be a 1-D tensor of the feature dimension's size (4), got [3]}}
  %0 = "stablehlo.batch_norm_inference"(%x, %v, %v, %v, %v) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<1x4x2x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x4x2x2xf32>
  return %0 : tensor<1x4x2x2xf32>
}

// -----

func.func @batch_norm_epsilon(%x: tensor<1x4x2x2xf32>, %v: tensor<4xf32>) -> tensor<1x4x2x2xf32> {
  // expected-error@+1 {{'stablehlo.batch_norm_inference' op attribute 'epsilon' failed to satisfy constraint: 32-bit float attribute}}
  %0 = "stablehlo.batch_norm_inference"(%x, %v, %v, %v, %v) <{epsilon = 1.0e-3 : f64, feature_index = 1 : i64}> : (tensor<1x4x2x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x2x2xf32>
  return %0 : tensor<1x4x2x2xf32>
}

// -----

func.func @reduce_result(%x: tensor<2x3xf32>, %c: tensor<f32>) -> tensor<3xf32> {
  // expected-error@+1 {{'stablehlo.reduce' op result 0 shape [3] does not match the reduced shape [2]}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_block(%x: tensor<2x3xf32>, %c: tensor<f32>) -> tensor<2xf32> {
  // expected-error@+1 {{'stablehlo.reduce' op reducer argument 1 must be 'tensor<f32>', got 'tensor<i32>'}}
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
   reducer(%a: tensor<f32>, %b: tensor<i32>) {
    stablehlo.return %a : tensor<f32>
  }
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_applies(%x: tensor<2x3xf32>, %c: tensor<f32>) -> tensor<2xf32> {
  // expected-error@+1 {{expected the inner-op to be a commutative binary-op from the stablehlo dialect, with zero region, producing single result}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.subtract across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_window_result(%x: tensor<1x1x4x4xf32>, %c: tensor<f32>) -> tensor<1x1x4x4xf32> {
  // expected-error@+1 {{'stablehlo.reduce_window' op result 0 shape [1, 1, 4, 4] does not match the windowed shape [1, 1, 2, 2]}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x1x4x4xf32>, tensor<f32>) -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// -----

func.func @index_select(%x: tensor<4x5xf32>, %i: tensor<3xi32>) -> tensor<4x5xf32> {
  // expected-error@+1 {{'stablehlo.torch_index_select' op inferred shape '[3, 5]' is incompatible with return type of operation 'tensor<4x5xf32>'}}
  %0 = "stablehlo.torch_index_select"(%x, %i) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<4x5xf32>, tensor<3xi32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @iota_dim() -> tensor<4xi32> {
  // expected-error@+1 {{'stablehlo.iota' op iota dimension cannot go beyond the output rank (1 vs rank 1)}}
  %0 = stablehlo.iota dim = 1 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @constant_type() -> tensor<4xi32> {
  // expected-error@+1 {{'stablehlo.constant' op value type 'tensor<2xi32>' does not match the result type 'tensor<4xi32>'}}
  %0 = "stablehlo.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @composite_decomposition(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.composite' op requires attribute 'decomposition'}}
  %0 = "stablehlo.composite"(%x) <{name = "tx8.gelu"}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dot_attribute(%a: tensor<2x3xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{unknown dot dimension field 'lhs_batch'}}
  %0 = "stablehlo.dot_general"(%a, %a) <{dot_dimension_numbers = #stablehlo.dot<lhs_batch = [0]>}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @composite_missing(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.composite' op 'nope' does not reference a valid function}}
  %0 = stablehlo.composite "tx8.gelu" %x {decomposition = @nope} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @composite_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.composite' op type mismatch with decomposition 'impl': composite has (tensor<4xf32>) -> (tensor<4xf32>), decomposition has (tensor<2xf32>) -> (tensor<2xf32>)}}
  %0 = stablehlo.composite "tx8.gelu" %x {decomposition = @impl} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @impl(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

// -----

func.func @layout_letter(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{expected one of 'o', 'i' or a spatial dimension number, got 'f'}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, f, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}
