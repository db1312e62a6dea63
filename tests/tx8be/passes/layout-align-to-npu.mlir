// RUN: strata-opt %s -tx8be-layout-init -tx8be-layout-transmit -tx8be-layout-align-to-npu | FileCheck %s
// tx8be-layout-align-to-npu places every value dense or channel-blocked by
// the placement rules and puts one tx8be.ChannelNorm, in the direction the
// user needs, on each edge whose ends disagree. Function arguments and
// constants are dense; function results must be dense.

// Conv -> Relu -> Add -> Conv stays blocked: no ChannelNorm between the
// convs. The dense inputs (arguments, constant filter) are converted to
// blocked before the first use, the result back to dense before return.
// CHECK-LABEL: func.func @blocked_chain
// CHECK-SAME: (%[[X:[^:]*]]: tensor<1x8x8x8xf32>, %[[W1:[^:]*]]: tensor<1x1x8x8xf32>)
// CHECK-NEXT: %[[W2:.*]] = tx8be.const {{.*}}mem_layout = <Tensor>
// CHECK-NEXT: %[[BX:.*]] = tx8be.ChannelNorm(%[[X]]) {blocked = "Cx", {{.*}}mem_layout = <Cx>{{.*}}to_blocked = true}
// CHECK-NEXT: %[[BW1:.*]] = tx8be.ChannelNorm(%[[W1]]) {blocked = "Cx", {{.*}}mem_layout = <Cx>{{.*}}to_blocked = true}
// CHECK-NEXT: %[[C1:.*]] = tx8be.Conv(%[[BX]], %[[BW1]]) {{.*}}mem_layout = <Cx>
// CHECK-NEXT: %[[R:.*]] = tx8be.Unary(%[[C1]]) {{.*}}mem_layout = <Cx>
// CHECK-NEXT: %[[A:.*]] = tx8be.Binary(%[[R]], %[[C1]]) {{.*}}mem_layout = <Cx>
// CHECK-NEXT: %[[BW2:.*]] = tx8be.ChannelNorm(%[[W2]]) {blocked = "Cx", {{.*}}to_blocked = true}
// CHECK-NEXT: %[[C2:.*]] = tx8be.Conv(%[[A]], %[[BW2]]) {{.*}}mem_layout = <Cx>
// CHECK-NEXT: %[[D:.*]] = tx8be.ChannelNorm(%[[C2]]) {blocked = "Cx", {{.*}}mem_layout = <Tensor>{{.*}}to_blocked = false}
// CHECK-NEXT: return %[[D]]
func.func @blocked_chain(%x: tensor<1x8x8x8xf32>, %w1: tensor<1x1x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %w2 = tx8be.const dense<0.125> : tensor<1x1x8x8xf32>
  %c1 = tx8be.Conv(%x, %w1) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x8xf32>, tensor<1x1x8x8xf32>) -> tensor<1x8x8x8xf32>
  %r = tx8be.Unary(%c1) {kind = "relu"} : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %a = tx8be.Binary(%r, %c1) {kind = "add"} : (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %c2 = tx8be.Conv(%a, %w2) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x8xf32>, tensor<1x1x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %c2 : tensor<1x8x8x8xf32>
}

// One conflict, one ChannelNorm: the blocked pool output read by a dense
// Softmax is converted to dense (NTensor: dim 0 is 2) right before it;
// nothing else changes after the pool.
// CHECK-LABEL: func.func @one_conflict
// CHECK: %[[P:.*]] = tx8be.Pool({{.*}}mem_layout = <NCx>
// CHECK-NEXT: %[[D:.*]] = tx8be.ChannelNorm(%[[P]]) {blocked = "NCx", {{.*}}mem_layout = <NTensor>{{.*}}to_blocked = false}
// CHECK-NEXT: %[[S:.*]] = tx8be.Softmax(%[[D]]) {{.*}}mem_layout = <NTensor>
// CHECK-NEXT: return %[[S]]
func.func @one_conflict(%x: tensor<2x4x4x8xf32>) -> tensor<2x2x2x8xf32> {
  %p = tx8be.Pool(%x) {kind = "max", kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, count_include_pad = false} : (tensor<2x4x4x8xf32>) -> tensor<2x2x2x8xf32>
  %s = tx8be.Softmax(%p) {axis = 3 : i64} : (tensor<2x2x2x8xf32>) -> tensor<2x2x2x8xf32>
  return %s : tensor<2x2x2x8xf32>
}

// A Both op between a blocked producer and a dense user: two votes each,
// the tie goes to its operand, so the relu stays blocked and the one
// ChannelNorm sits before the Reshape (which reads dense bytes).
// CHECK-LABEL: func.func @tie_follows_operands
// CHECK: %[[P:.*]] = tx8be.Pool
// CHECK-NEXT: %[[R:.*]] = tx8be.Unary(%[[P]]) {{.*}}mem_layout = <Cx>
// CHECK-NEXT: %[[D:.*]] = tx8be.ChannelNorm(%[[R]]) {{.*}}to_blocked = false
// CHECK-NEXT: tx8be.Reshape(%[[D]])
func.func @tie_follows_operands(%x: tensor<1x4x4x8xf32>) -> tensor<1x32xf32> {
  %p = tx8be.Pool(%x) {kind = "avg", kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, count_include_pad = false} : (tensor<1x4x4x8xf32>) -> tensor<1x2x2x8xf32>
  %r = tx8be.Unary(%p) {kind = "relu"} : (tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  %f = tx8be.Reshape(%r) : (tensor<1x2x2x8xf32>) -> tensor<1x32xf32>
  return %f : tensor<1x32xf32>
}

// A value whose layout is not channel-last is never blocked: the NCHW
// relu after the transpose is dense although its user is a Pool (a
// majority for blocked); it is converted on the way into the pool.
// CHECK-LABEL: func.func @nchw_stays_dense
// CHECK: %[[R:.*]] = tx8be.Unary({{.*}}mem_layout = <Tensor>{{.*}}layout_str = "NCHW-NCHW"
// CHECK-NEXT: %[[B:.*]] = tx8be.ChannelNorm(%[[R]]) {{.*}}to_blocked = true
// CHECK-NEXT: tx8be.Pool(%[[B]])
func.func @nchw_stays_dense(%x: tensor<1x4x4x8xf32>, %w: tensor<1x1x8x8xf32>) -> tensor<1x4x2x4xf32> {
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x4x4x8xf32>, tensor<1x1x8x8xf32>) -> tensor<1x4x4x8xf32>
  %t = tx8be.Transpose(%c) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %r = tx8be.Unary(%t) {kind = "relu"} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %p = tx8be.Pool(%r) {kind = "max", kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, count_include_pad = false} : (tensor<1x8x4x4xf32>) -> tensor<1x4x2x4xf32>
  return %p : tensor<1x4x2x4xf32>
}
