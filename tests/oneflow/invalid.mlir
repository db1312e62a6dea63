// Malformed oneflow ops are diagnosed at their location.
// RUN: strata-opt %s --split-input-file --verify-diagnostics
// RUN: strata-opt %s --split-input-file --verify-diagnostics -oneflow-cse

func.func @missing_op_name(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'oneflow.relu' op requires attribute 'op_name'}}
  %a = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", scope_symbol_id = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

func.func @scope_not_i64(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'oneflow.relu' op attribute 'scope_symbol_id' failed to satisfy constraint: 64-bit signless integer attribute}}
  %a = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "r", scope_symbol_id = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

func.func @perm_not_a_permutation(%w: tensor<3x4xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{'oneflow.transpose' op 'perm' must be a permutation of [0, 2), got [1, 1]}}
  %t = "oneflow.transpose"(%w) {device_name = ["@0:0"], device_tag = "cuda", op_name = "t", perm = [1 : si32, 1 : si32]} : (tensor<3x4xf32>) -> tensor<4x3xf32>
  return %t : tensor<4x3xf32>
}

// -----

func.func @transpose_wrong_result(%w: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error@+1 {{'oneflow.transpose' op result #0 has shape 3x4, but the inferred shape is 4x3}}
  %t = "oneflow.transpose"(%w) {device_name = ["@0:0"], device_tag = "cuda", op_name = "t", perm = [1 : si32, 0 : si32]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %t : tensor<3x4xf32>
}

// -----

// channels_last with stride 2: 64x64 becomes 32x32, not 64x64.
func.func @conv2d_wrong_output(%in: tensor<2x64x64x320xf16>, %w: tensor<320x3x3x320xf16>) -> tensor<2x64x64x320xf16> {
  // expected-error@+1 {{'oneflow.conv2d' op result #0 has shape 2x64x64x320, but the inferred shape is 2x32x32x320}}
  %c = "oneflow.conv2d"(%in, %w) {data_format = "channels_last", device_name = ["@0:0"], device_tag = "cuda", dilation_rate = [1 : si32, 1 : si32], filters = 320 : si32, groups = 1 : si32, kernel_size = [3 : si32, 3 : si32], op_name = "c", operand_segment_sizes = array<i32: 1, 1, 0, 0>, padding_before = [1 : si32, 1 : si32], strides = [2 : si32, 2 : si32]} : (tensor<2x64x64x320xf16>, tensor<320x3x3x320xf16>) -> tensor<2x64x64x320xf16>
  return %c : tensor<2x64x64x320xf16>
}

// -----

func.func @conv2d_segments(%in: tensor<2x64x64x320xf16>, %w: tensor<320x3x3x320xf16>) -> tensor<2x64x64x320xf16> {
  // expected-error@+1 {{'oneflow.conv2d' op operand count (2) does not match with the total size (3) specified in attribute 'operand_segment_sizes'}}
  %c = "oneflow.conv2d"(%in, %w) {data_format = "channels_last", device_name = ["@0:0"], device_tag = "cuda", dilation_rate = [1 : si32, 1 : si32], filters = 320 : si32, groups = 1 : si32, kernel_size = [3 : si32, 3 : si32], op_name = "c", operand_segment_sizes = array<i32: 1, 1, 1, 0>, padding_before = [1 : si32, 1 : si32], strides = [1 : si32, 1 : si32]} : (tensor<2x64x64x320xf16>, tensor<320x3x3x320xf16>) -> tensor<2x64x64x320xf16>
  return %c : tensor<2x64x64x320xf16>
}

// -----

func.func @conv2d_filters(%in: tensor<1x8x8x4xf32>, %w: tensor<16x3x3x4xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error@+1 {{'oneflow.conv2d' op weight has 16 filters, but 'filters' is 8}}
  %c = "oneflow.conv2d"(%in, %w) {data_format = "channels_last", device_name = ["@0:0"], device_tag = "cuda", dilation_rate = [1 : si32, 1 : si32], filters = 8 : si32, kernel_size = [3 : si32, 3 : si32], op_name = "c", operand_segment_sizes = array<i32: 1, 1, 0, 0>, padding_before = [1 : si32, 1 : si32], strides = [1 : si32, 1 : si32]} : (tensor<1x8x8x4xf32>, tensor<16x3x3x4xf32>) -> tensor<1x8x8x8xf32>
  return %c : tensor<1x8x8x8xf32>
}

// -----

func.func @cast_dtype(%x: tensor<4xi64>) -> tensor<4xf16> {
  // expected-error@+1 {{'oneflow.cast' op result element type f16 does not match dtype 2 (f32)}}
  %c = "oneflow.cast"(%x) {device_name = ["0:0"], device_tag = "cpu", dtype = 2 : i32, op_name = "c"} : (tensor<4xi64>) -> tensor<4xf16>
  return %c : tensor<4xf16>
}

// -----

func.func @add_n_types(%x: tensor<4xf32>, %y: tensor<4xf16>) -> tensor<4xf32> {
  // expected-error@+1 {{'oneflow.add_n' op operand #1 has type tensor<4xf16>, but the result has type tensor<4xf32>}}
  %s = "oneflow.add_n"(%x, %y) {device_name = ["0:0"], device_tag = "cpu", op_name = "s"} : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
