// Malformed tx8be ops and attributes are diagnosed at their location.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @conv_channels(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x3x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error@+1 {{'tx8be.Conv' op weight input channels 3 times group 1 must equal the input channels 4}}
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x3x8xf32>) -> tensor<1x8x8x8xf32>
  return %c : tensor<1x8x8x8xf32>
}
// -----
func.func @conv_result(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error@+1 {{'tx8be.Conv' op result type tensor<1x8x8x8xf32> does not match the inferred type tensor<1x4x4x8xf32>}}
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  return %c : tensor<1x8x8x8xf32>
}
// -----
func.func @conv_missing_attr(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error@+1 {{'tx8be.Conv' op requires attribute 'strides'}}
  %c = tx8be.Conv(%x, %w) {pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  return %c : tensor<1x8x8x8xf32>
}
// -----
func.func @conv_pads(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error@+1 {{'tx8be.Conv' op 'pads' must be 4 values >= 0 (top, left, bottom, right), got [1, 1]}}
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  return %c : tensor<1x8x8x8xf32>
}
// -----
func.func @conv_group(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x2x6xf32>) -> tensor<1x8x8x6xf32> {
  // expected-error@+1 {{'tx8be.Conv' op 'group' 4 must divide the input channels 4 and the output channels 6}}
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 4 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x2x6xf32>) -> tensor<1x8x8x6xf32>
  return %c : tensor<1x8x8x6xf32>
}
// -----
func.func @conv_strides_type(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error@+1 {{'tx8be.Conv' op attribute 'strides' failed to satisfy constraint: i64 dense array attribute}}
  %c = tx8be.Conv(%x, %w) {strides = array<i32: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  return %c : tensor<1x8x8x8xf32>
}
// -----
func.func @gemm_k(%a: tensor<4x8xf32>, %b: tensor<6x5xf32>) -> tensor<4x5xf32> {
  // expected-error@+1 {{'tx8be.Gemm' op contraction sizes differ: a [4, 8] gives K = 8, b [6, 5] gives K = 6}}
  %g = tx8be.Gemm(%a, %b) : (tensor<4x8xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>
  return %g : tensor<4x5xf32>
}
// -----
func.func @gemm_bias(%a: tensor<4x8xf32>, %b: tensor<5x8xf32>, %c: tensor<4xf32>) -> tensor<4x5xf32> {
  // expected-error@+1 {{'tx8be.Gemm' op bias must have shape [5], got [4]}}
  %g = tx8be.Gemm(%a, %b, %c) {trans_b = true} : (tensor<4x8xf32>, tensor<5x8xf32>, tensor<4xf32>) -> tensor<4x5xf32>
  return %g : tensor<4x5xf32>
}
// -----
func.func @broadcast(%a: tensor<4x8xf32>, %b: tensor<3xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{'tx8be.Binary' op operand shapes [4, 8] and [3] are not broadcast-compatible}}
  %g = tx8be.Binary(%a, %b) {kind = "add"} : (tensor<4x8xf32>, tensor<3xf32>) -> tensor<4x8xf32>
  return %g : tensor<4x8xf32>
}
// -----
func.func @binary_kind(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{'tx8be.Binary' op 'kind' must be one of add, sub, mul, div, max, min, pow, rem, eq, ne, lt, le, gt, ge, and, or, xor, got "atan2"}}
  %g = tx8be.Binary(%a, %a) {kind = "atan2"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %g : tensor<4x8xf32>
}
// -----
func.func @perm(%a: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'tx8be.Transpose' op 'perm' must be a permutation of [0, 2), got [1, 1]}}
  %g = tx8be.Transpose(%a) {perm = array<i64: 1, 1>} : (tensor<4x8xf32>) -> tensor<8x4xf32>
  return %g : tensor<8x4xf32>
}
// -----
func.func @concat(%a: tensor<4x8xf32>, %b: tensor<4x7xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'tx8be.Concat' op input #1 [4, 7] does not match input #0 [4, 8] outside axis 0}}
  %g = tx8be.Concat(%a, %b) {axis = 0 : i64} : (tensor<4x8xf32>, tensor<4x7xf32>) -> tensor<8x8xf32>
  return %g : tensor<8x8xf32>
}
// -----
func.func @slice(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{'tx8be.Slice' op dim 1: need 0 <= start (2) <= limit (10) <= size (8) and stride (1) >= 1}}
  %g = tx8be.Slice(%a) {starts = array<i64: 0, 2>, limits = array<i64: 4, 10>, strides = array<i64: 1, 1>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %g : tensor<4x8xf32>
}
// -----
func.func @reshape(%a: tensor<4x8xf32>) -> tensor<30xf32> {
  // expected-error@+1 {{'tx8be.Reshape' op reshape of 32 elements into 30 elements}}
  %g = tx8be.Reshape(%a) : (tensor<4x8xf32>) -> tensor<30xf32>
  return %g : tensor<30xf32>
}
// -----
func.func @softmax_axis(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{'tx8be.Softmax' op 'axis' must be the last axis (1), got 0}}
  %g = tx8be.Softmax(%a) {axis = 0 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %g : tensor<4x8xf32>
}
// -----
func.func @bn_params(%a: tensor<1x4x4x8xf32>, %s: tensor<4xf32>) -> tensor<1x4x4x8xf32> {
  // expected-error@+1 {{'tx8be.BatchNorm_Inference' op scale must hold the 8 channels in its last dim (others 1), got [4]}}
  %g = tx8be.BatchNorm_Inference(%a, %s, %s, %s, %s) {epsilon = 1.0e-5 : f32} : (tensor<1x4x4x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x4x8xf32>
  return %g : tensor<1x4x4x8xf32>
}
// -----
func.func @bn_operands(%a: tensor<1x4x4x8xf32>, %s: tensor<8xf32>) -> tensor<1x4x4x8xf32> {
  // expected-error@+1 {{'tx8be.BatchNorm_Inference' op expected 5 operands, but found 4}}
  %g = tx8be.BatchNorm_Inference(%a, %s, %s, %s) {epsilon = 1.0e-5 : f32} : (tensor<1x4x4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
  return %g : tensor<1x4x4x8xf32>
}
// -----
func.func @reduce_axes(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tx8be.Reduce' op 'axes' 2 is out of range for rank 2}}
  %g = tx8be.Reduce(%a) {kind = "sum", axes = array<i64: 2>} : (tensor<4x8xf32>) -> tensor<4xf32>
  return %g : tensor<4xf32>
}
// -----
func.func @pool_pads(%a: tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32> {
  // expected-error@+1 {{'tx8be.Pool' op 'pads' must be 4 values in [0, kernel) (top, left, bottom, right), got [2, 0, 0, 0]}}
  %g = tx8be.Pool(%a) {kind = "max", kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, pads = array<i64: 2, 0, 0, 0>} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  return %g : tensor<1x4x4x8xf32>
}
// -----
func.func @gather_indices(%t: tensor<10x4xf32>, %i: tensor<3xf32>) -> tensor<3x4xf32> {
  // expected-error@+1 {{'tx8be.Gather' op indices must be integers}}
  %g = tx8be.Gather(%t, %i) {axis = 0 : i64} : (tensor<10x4xf32>, tensor<3xf32>) -> tensor<3x4xf32>
  return %g : tensor<3x4xf32>
}
// -----
func.func @resize_scales(%x: tensor<1x8x8x4xf32>) -> tensor<1x16x16x4xf32> {
  // expected-error@+1 {{'tx8be.Resize' op 'mode' must be one of nearest, linear, got "cubic"}}
  %g = tx8be.Resize(%x) {mode = "cubic", coordinate_mode = "asymmetric", scales = array<f64: 2.0, 2.0>} : (tensor<1x8x8x4xf32>) -> tensor<1x16x16x4xf32>
  return %g : tensor<1x16x16x4xf32>
}
// -----
func.func @const_type() -> tensor<4xf32> {
  // expected-error@+1 {{'tx8be.const' op value of type tensor<3xf32> does not match the result type tensor<4xf32>}}
  %c = "tx8be.const"() {value = dense<1.0> : tensor<3xf32>} : () -> tensor<4xf32>
  return %c : tensor<4xf32>
}
// -----
func.func @yield_types(%x: tensor<4xf32>) -> tensor<4xf32> {
  %g = tx8be.group -> tensor<4xf32> attributes {group_id = 0 : i64} {
    %c = tx8be.const dense<1.0> : tensor<3xf32>
    // expected-error@+1 {{'tx8be.yield' op operand #0 has type tensor<3xf32>, but the enclosing group's result #0 has type tensor<4xf32>}}
    tx8be.yield %c : tensor<3xf32>
  }
  return %g : tensor<4xf32>
}
// -----
func.func @yield_outside(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tx8be.yield' op expects parent op 'tx8be.group'}}
  tx8be.yield %x : tensor<4xf32>
}
// -----
func.func @group_id(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tx8be.group' op requires attribute 'group_id'}}
  %g = tx8be.group -> tensor<4xf32> {
    tx8be.yield %x : tensor<4xf32>
  }
  return %g : tensor<4xf32>
}
// -----
func.func @dev_attr_missing(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{dev_attr is missing required parameter: multi_buf_en}}
  %u = tx8be.Unary(%x) {kind = "relu", dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>>} : (tensor<4xf32>) -> tensor<4xf32>
  return %u : tensor<4xf32>
}
// -----
func.func @dev_attr_layout(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{parameter 'mem_layout' expects one of <Tensor|NTensor|Cx|NCx>, got <NHWC>}}
  %u = tx8be.Unary(%x) {kind = "relu", dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <NHWC>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [4], source_type = 0, imm_addr = 0, mem_addr = [0]>} : (tensor<4xf32>) -> tensor<4xf32>
  return %u : tensor<4xf32>
}
// -----
func.func @parallel_mode(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{parameter 'parallel' expects one of <none|dp|tp|dp_tp>, got <fsdp>}}
  %u = tx8be.Unary(%x) {kind = "relu", chip_parallel = #tx8be.parallel_attr<parallel = <fsdp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = false, shape_spatial_sharding = [16]>} : (tensor<4xf32>) -> tensor<4xf32>
  return %u : tensor<4xf32>
}
// -----
func.func @mem_scope(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected one of DDR, SPM, 3DDRAM for mem_scope, got L2}}
  %u = tx8be.load_var %x {mem_scope = #tx8be<mem_scope L2>} : tensor<4xf32>
  return %u : tensor<4xf32>
}
// -----
func.func @layout_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tx8be.Unary' op attribute 'layout_str' failed to satisfy constraint: string attribute}}
  %u = tx8be.Unary(%x) {kind = "relu", layout_str = 3 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %u : tensor<4xf32>
}
// -----
func.func @dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error@+1 {{'tx8be.Unary' op operand #0 must be statically shaped ranked tensor of any type values, but got 'tensor<?x4xf32>'}}
  %u = tx8be.Unary(%x) {kind = "relu"} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %u : tensor<?x4xf32>
}
// -----
func.func @empty_kernel(%x: tensor<1x4x4x2xf32>, %w: tensor<0x3x2x2xf32>) -> tensor<1x5x2x2xf32> {
  // expected-error@+1 {{'tx8be.Conv' op weight kernel must be at least 1x1, got 0x3}}
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 0, 1, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<0x3x2x2xf32>) -> tensor<1x5x2x2xf32>
  return %c : tensor<1x5x2x2xf32>
}
// -----
func.func @concat_nothing() -> tensor<4xf32> {
  // expected-error@+1 {{'tx8be.Concat' op needs at least one input}}
  %c = tx8be.Concat() {axis = 0 : i64} : () -> tensor<4xf32>
  return %c : tensor<4xf32>
}
// -----
func.func @unary_kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tx8be.Unary' op 'kind' must be one of relu, exp, sigmoid, tanh, gelu, gelu_erf, silu, abs, rsqrt, sqrt, log, neg, recip, erf, floor, ceil, sin, cos, leaky_relu, hard_sigmoid, hard_swish, clip, elu, swish, softplus, got "cube"}}
  %u = tx8be.Unary(%x) {kind = "cube"} : (tensor<4xf32>) -> tensor<4xf32>
  return %u : tensor<4xf32>
}
// -----
func.func @cast_shape(%x: tensor<4xf32>) -> tensor<2x2xbf16> {
  // expected-error@+1 {{'tx8be.Cast' op result type tensor<2x2xbf16> does not match the inferred type tensor<4xbf16>}}
  %u = tx8be.Cast(%x) : (tensor<4xf32>) -> tensor<2x2xbf16>
  return %u : tensor<2x2xbf16>
}
// -----
func.func @store_type(%x: tensor<4xf32>) -> tensor<4xbf16> {
  // expected-error@+1 {{'tx8be.store_var' op requires the same type for all operands and results}}
  %u = "tx8be.store_var"(%x) : (tensor<4xf32>) -> tensor<4xbf16>
  return %u : tensor<4xbf16>
}
// -----
func.func @group_terminator(%x: tensor<4xf32>) {
  tx8be.group attributes {group_id = 0 : i64} {
    // expected-error@+1 {{block with no terminator}}
    %u = tx8be.Unary(%x) {kind = "relu"} : (tensor<4xf32>) -> tensor<4xf32>
  }
  return
}

// -----
func.func @mem_scope_spaced(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected one of DDR, SPM, 3DDRAM for mem_scope}}
  %u = tx8be.load_var %x {mem_scope = #tx8be<mem_scope 3 DDRAM>} : tensor<4xf32>
  return %u : tensor<4xf32>
}
// -----
func.func @parallel_duplicate(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{duplicate parameter 'parallel' in parallel_attr}}
  %u = tx8be.Unary(%x) {kind = "relu", tile_parallel = #tx8be.parallel_attr<parallel = <dp>, parallel = <tp>>} : (tensor<4xf32>) -> tensor<4xf32>
  return %u : tensor<4xf32>
}
// -----
func.func @parallel_extra(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{parallel_attr has no parameter named 'extra'}}
  %u = tx8be.Unary(%x) {kind = "relu", tile_parallel = #tx8be.parallel_attr<parallel = <dp>, extra = 2>} : (tensor<4xf32>) -> tensor<4xf32>
  return %u : tensor<4xf32>
}
// -----
func.func @unknown_attr(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{unknown attribute `foo` in dialect `tx8be`}}
  %u = tx8be.Unary(%x) {kind = "relu", tile_parallel = #tx8be.foo<1>} : (tensor<4xf32>) -> tensor<4xf32>
  return %u : tensor<4xf32>
}
// -----
func.func @parallel_wrong_attr(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tx8be.Unary' op attribute 'tile_parallel' failed to satisfy constraint: Structure of parallel information.}}
  %u = tx8be.Unary(%x) {kind = "relu", tile_parallel = #tx8be<mem_scope SPM>} : (tensor<4xf32>) -> tensor<4xf32>
  return %u : tensor<4xf32>
}
// -----
func.func @load_unknown_share(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tx8be.load_var' op share must be one of "broadcast", "broadcast_row", "broadcast_column"}}
  %l = tx8be.load_var %x {share = "broadcast_colum"} : tensor<4xf32>
  return %l : tensor<4xf32>
}
// -----
func.func @load_share_not_a_string(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tx8be.load_const' op share must be one of}}
  %l = tx8be.load_const %x {share = 1 : i64} : tensor<4xf32>
  return %l : tensor<4xf32>
}
// -----
func.func @conv_unknown_activation(%x: tensor<1x4x4x2xf32>, %w: tensor<1x1x2x3xf32>) -> tensor<1x4x4x3xf32> {
  // expected-error@+1 {{'tx8be.Conv' op activation must be one of "relu", "clip"}}
  %c = tx8be.Conv(%x, %w) {activation = "gelu", strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<1x1x2x3xf32>) -> tensor<1x4x4x3xf32>
  return %c : tensor<1x4x4x3xf32>
}
// -----
func.func @gemm_clip_without_bounds(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{'tx8be.Gemm' op activation "clip" requires act_lo and act_hi}}
  %g = tx8be.Gemm(%a, %b) {activation = "clip", act_lo = 0.0 : f32} : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %g : tensor<4x16xf32>
}
// -----
func.func @gemm_clip_inverted(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{'tx8be.Gemm' op activation "clip" needs act_lo <= act_hi}}
  %g = tx8be.Gemm(%a, %b) {activation = "clip", act_lo = 6.0 : f32, act_hi = 0.0 : f32} : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %g : tensor<4x16xf32>
}
// -----
func.func @gemm_bounds_without_clip(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{'tx8be.Gemm' op act_lo and act_hi are only meaningful with activation = "clip"}}
  %g = tx8be.Gemm(%a, %b) {act_hi = 6.0 : f32} : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %g : tensor<4x16xf32>
}
// -----
func.func @relu_with_bounds(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{'tx8be.Gemm' op activation "relu" takes no act_lo / act_hi}}
  %g = tx8be.Gemm(%a, %b) {activation = "relu", act_lo = 0.0 : f32, act_hi = 6.0 : f32} : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %g : tensor<4x16xf32>
}

// -----

// A kind the operator library has no call for is not a kind.
func.func @no_call(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tx8be.Unary' op 'kind' must be one of relu, exp, sigmoid, tanh, gelu, gelu_erf, silu, abs, rsqrt, sqrt, log, neg, recip, erf, floor, ceil, sin, cos, leaky_relu, hard_sigmoid, hard_swish, clip, elu, swish, softplus, got "mish"}}
  %y = tx8be.Unary(%x) {kind = "mish"} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
