// RUN: strata-opt %s -split-input-file -tx8be-const-norm | FileCheck %s
// RUN: strata-opt %s -split-input-file -tx8be-const-norm | strata-opt -split-input-file -tx8be-const-norm | FileCheck %s
// tx8be-const-norm (the seed's ConstNormPass) gives every constant, at
// compile time, the placement its users read: no constant is converted at
// run time. Running it on its own output changes nothing (second RUN line).

// constChannelNormErase: the channel_norm that blocks a conv weight is the
// load_const's only user: it goes, the load_const (and the constant, whose
// bytes weights.bin lays out) take its blocked placement, NCx (dim 0 is 3).
// CHECK-LABEL: func.func @fold
// CHECK-NEXT: %[[W:.*]] = tx8be.const {const_map_id = 0 : i64, dev_info = #tx8be.dev_attr<{{.*}}mem_layout = <NCx>{{.*}}>} dense<5.000000e-01> : tensor<3x3x4x8xf32>
// CHECK-NEXT: %[[L:.*]] = tx8be.load_const %[[W]] {const_map_id = 0 : i64, dev_info = #tx8be.dev_attr<{{.*}}mem_layout = <NCx>{{.*}}>} : tensor<3x3x4x8xf32>
// CHECK-NEXT: tx8be.Conv(%{{.*}}, %[[L]])
// CHECK-NOT: tx8be.ChannelNorm
func.func @fold(%x: tensor<1x8x8x4xf32>) -> tensor<1x8x8x8xf32> {
  %w = tx8be.const {const_map_id = 0 : i64} dense<0.5> : tensor<3x3x4x8xf32>
  %l = tx8be.load_const %w {const_map_id = 0 : i64} : tensor<3x3x4x8xf32>
  %cn = tx8be.ChannelNorm(%l) {to_blocked = true, blocked = "NCx"} : (tensor<3x3x4x8xf32>) -> tensor<3x3x4x8xf32>
  %c = tx8be.Conv(%x, %cn) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  return %c : tensor<1x8x8x8xf32>
}

// -----

// processMultiUse: two load_consts of constant 0, the first dense, the
// second Cx. They agree on Cx (preferred over the first one's layout):
// the first one's user, an add whose result is Cx, reads Cx too.
// CHECK-LABEL: func.func @multi_use_prefers_cx
// CHECK-NEXT: %[[C:.*]] = tx8be.const {const_map_id = 0 : i64, dev_info = #tx8be.dev_attr<{{.*}}mem_layout = <Cx>{{.*}}>} dense<2.500000e-01> : tensor<1x8xf32>
// CHECK-NOT: tx8be.const
// CHECK: tx8be.load_const %[[C]] {const_map_id = 0 : i64, dev_info = #tx8be.dev_attr<{{.*}}mem_layout = <Cx>{{.*}}>}
// CHECK: tx8be.load_const %[[C]] {const_map_id = 0 : i64, dev_info = #tx8be.dev_attr<{{.*}}mem_layout = <Cx>{{.*}}>}
func.func @multi_use_prefers_cx(%x: tensor<1x8xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>) {
  %c = tx8be.const {const_map_id = 0 : i64} dense<0.25> : tensor<1x8xf32>
  %xc = tx8be.ChannelNorm(%x) {to_blocked = true, blocked = "Cx", dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Cx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %l0 = tx8be.load_const %c {const_map_id = 0 : i64} : tensor<1x8xf32>
  %a = tx8be.Binary(%xc, %l0) {kind = "add", dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Cx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %l1 = tx8be.load_const %c {const_map_id = 0 : i64, dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Cx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : tensor<1x8xf32>
  %m = tx8be.Binary(%xc, %l1) {kind = "mul", dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Cx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %a1 = tx8be.ChannelNorm(%a) {to_blocked = false, blocked = "Cx"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %m1 = tx8be.ChannelNorm(%m) {to_blocked = false, blocked = "Cx"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  return %a1, %m1 : tensor<1x8xf32>, tensor<1x8xf32>
}

// -----

// The copy case: constant 0 feeds a blocked add (through a channel_norm,
// folded first) and a softmax, which reads only dense data. They agree on
// Cx, which the softmax cannot read, so its load_const reads a copy of the
// constant with the next free id (3: ids 0 and 2 are taken) kept dense; no
// channel_norm of a constant is left.
// CHECK-LABEL: func.func @copy_for_dense_user
// CHECK-NEXT: %[[C:.*]] = tx8be.const {const_map_id = 0 : i64, dev_info = #tx8be.dev_attr<{{.*}}mem_layout = <Cx>{{.*}}>} dense<2.500000e-01> : tensor<1x8xf32>
// CHECK-NEXT: %[[D:.*]] = tx8be.const {const_map_id = 3 : i64, dev_info = #tx8be.dev_attr<{{.*}}mem_layout = <Tensor>{{.*}}>} dense<2.500000e-01> : tensor<1x8xf32>
// CHECK-NEXT: tx8be.const {const_map_id = 2 : i64
// CHECK: %[[LC:.*]] = tx8be.load_const %[[C]] {const_map_id = 0 : i64, dev_info = #tx8be.dev_attr<{{.*}}mem_layout = <Cx>{{.*}}>}
// CHECK-NEXT: tx8be.Binary(%{{.*}}, %[[LC]]) {{{.*}}kind = "add"
// CHECK: %[[LD:.*]] = tx8be.load_const %[[D]] {const_map_id = 3 : i64, dev_info = #tx8be.dev_attr<{{.*}}mem_layout = <Tensor>{{.*}}>}
// CHECK-NEXT: tx8be.Softmax(%[[LD]])
// CHECK-NOT: tx8be.ChannelNorm(%{{.*}}) {blocked = "Cx", to_blocked = true} : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: return
func.func @copy_for_dense_user(%x: tensor<1x8xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>) {
  %c = tx8be.const {const_map_id = 0 : i64} dense<0.25> : tensor<1x8xf32>
  %other = tx8be.const {const_map_id = 2 : i64} dense<1.0> : tensor<1x8xf32>
  %xc = tx8be.ChannelNorm(%x) {to_blocked = true, blocked = "Cx", dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Cx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %l0 = tx8be.load_const %c {const_map_id = 0 : i64} : tensor<1x8xf32>
  %l0c = tx8be.ChannelNorm(%l0) {to_blocked = true, blocked = "Cx", dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Cx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %a = tx8be.Binary(%xc, %l0c) {kind = "add", dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Cx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %l1 = tx8be.load_const %c {const_map_id = 0 : i64} : tensor<1x8xf32>
  %s = tx8be.Softmax(%l1) {axis = 1 : i64} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %l2 = tx8be.load_const %other {const_map_id = 2 : i64} : tensor<1x8xf32>
  %u = tx8be.Unary(%l2) {kind = "relu"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %a1 = tx8be.ChannelNorm(%a) {to_blocked = false, blocked = "Cx"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  return %a1, %s, %u : tensor<1x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>
}
