// RUN: strata-opt %s -tx8be-layout-align-opt | FileCheck %s
// tx8be-layout-align-opt removes the ChannelNorms the program does not
// need, each pattern on its own function.

// ConstChannelNormErase: a rank-1 constant whose only user is a
// ChannelNorm to blocked becomes blocked itself (its mem_layout: Cx, as
// the seed says; a vector is one batch) and the Conv reads it directly. The rank-4
// filter's ChannelNorm stays (tx8be-const-norm folds it per load).
// CHECK-LABEL: func.func @const_vector
// CHECK-NEXT: %[[W:.*]] = tx8be.const {{.*}}mem_layout = <Tensor>
// CHECK-NEXT: %[[B:.*]] = tx8be.const {{.*}}mem_layout = <Cx>
// CHECK-NEXT: %[[BW:.*]] = tx8be.ChannelNorm(%[[W]])
// CHECK-NEXT: tx8be.Conv(%{{.*}}, %[[BW]], %[[B]])
// CHECK-NOT: tx8be.ChannelNorm
// CHECK: return
func.func @const_vector(%x: tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32> {
  %w = tx8be.const {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} dense<0.125> : tensor<1x1x8x8xf32>
  %b = tx8be.const {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} dense<0.5> : tensor<8xf32>
  %bw = tx8be.ChannelNorm(%w) {to_blocked = true, blocked = "Cx"} : (tensor<1x1x8x8xf32>) -> tensor<1x1x8x8xf32>
  %bb = tx8be.ChannelNorm(%b) {to_blocked = true, blocked = "Cx"} : (tensor<8xf32>) -> tensor<8xf32>
  %c = tx8be.Conv(%x, %bw, %bb) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x4x4x8xf32>, tensor<1x1x8x8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
  return %c : tensor<1x4x4x8xf32>
}

// A constant vector that a dense op reads as well keeps its ChannelNorm
// (and its dense placement).
// CHECK-LABEL: func.func @const_vector_shared
// CHECK-NEXT: %[[B:.*]] = tx8be.const {{.*}}mem_layout = <Tensor>
// CHECK-NEXT: tx8be.ChannelNorm(%[[B]])
func.func @const_vector_shared(%x: tensor<1x4x4x8xf32>, %w: tensor<1x1x8x8xf32>) -> (tensor<1x4x4x8xf32>, tensor<8xf32>) {
  %b = tx8be.const {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} dense<0.5> : tensor<8xf32>
  %bb = tx8be.ChannelNorm(%b) {to_blocked = true, blocked = "Cx"} : (tensor<8xf32>) -> tensor<8xf32>
  %c = tx8be.Conv(%x, %w, %bb) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x4x4x8xf32>, tensor<1x1x8x8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
  %s = tx8be.Softmax(%b) {axis = 0 : i64} : (tensor<8xf32>) -> tensor<8xf32>
  return %c, %s : tensor<1x4x4x8xf32>, tensor<8xf32>
}

// RedundantChannelNormErase: two conversions of the same value the same
// way: the first serves both pools. A conversion the other way stays.
// CHECK-LABEL: func.func @redundant
// CHECK-SAME: (%[[X:[^:]*]]: tensor<1x4x4x8xf32>)
// CHECK-NEXT: %[[B:.*]] = tx8be.ChannelNorm(%[[X]]) {blocked = "Cx", to_blocked = true}
// CHECK-NEXT: %[[P:.*]] = tx8be.Pool(%[[B]])
// CHECK-NEXT: %[[Q:.*]] = tx8be.Pool(%[[B]])
// CHECK-NEXT: tx8be.ChannelNorm(%[[P]]) {blocked = "Cx", to_blocked = false}
// CHECK-NEXT: tx8be.ChannelNorm(%[[Q]]) {blocked = "Cx", to_blocked = false}
func.func @redundant(%x: tensor<1x4x4x8xf32>) -> (tensor<1x2x2x8xf32>, tensor<1x2x2x8xf32>) {
  %b1 = tx8be.ChannelNorm(%x) {to_blocked = true, blocked = "Cx"} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %p = tx8be.Pool(%b1) {kind = "max", kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, count_include_pad = false} : (tensor<1x4x4x8xf32>) -> tensor<1x2x2x8xf32>
  %b2 = tx8be.ChannelNorm(%x) {to_blocked = true, blocked = "Cx"} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %q = tx8be.Pool(%b2) {kind = "avg", kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, count_include_pad = false} : (tensor<1x4x4x8xf32>) -> tensor<1x2x2x8xf32>
  %dp = tx8be.ChannelNorm(%p) {to_blocked = false, blocked = "Cx"} : (tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  %dq = tx8be.ChannelNorm(%q) {to_blocked = false, blocked = "Cx"} : (tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  return %dp, %dq : tensor<1x2x2x8xf32>, tensor<1x2x2x8xf32>
}

// ChannelNormRoundTripErase: blocked -> dense -> blocked is the pool's own
// placement: the second pool reads the first directly, and the dense copy
// nothing reads any more goes too.
// CHECK-LABEL: func.func @round_trip
// CHECK: %[[P:.*]] = tx8be.Pool(
// CHECK-NEXT: %[[Q:.*]] = tx8be.Pool(%[[P]])
// CHECK-NEXT: %[[D:.*]] = tx8be.ChannelNorm(%[[Q]]) {blocked = "Cx", to_blocked = false}
// CHECK-NEXT: return %[[D]]
func.func @round_trip(%x: tensor<1x8x8x8xf32>) -> tensor<1x2x2x8xf32> {
  %b = tx8be.ChannelNorm(%x) {to_blocked = true, blocked = "Cx"} : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %p = tx8be.Pool(%b) {kind = "max", kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, count_include_pad = false} : (tensor<1x8x8x8xf32>) -> tensor<1x4x4x8xf32>
  %d = tx8be.ChannelNorm(%p) {to_blocked = false, blocked = "Cx"} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %e = tx8be.ChannelNorm(%d) {to_blocked = true, blocked = "Cx"} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %q = tx8be.Pool(%e) {kind = "max", kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, count_include_pad = false} : (tensor<1x4x4x8xf32>) -> tensor<1x2x2x8xf32>
  %r = tx8be.ChannelNorm(%q) {to_blocked = false, blocked = "Cx"} : (tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  return %r : tensor<1x2x2x8xf32>
}
