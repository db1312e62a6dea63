// RUN: strata-opt %s -tx8be-group-pattern | FileCheck %s
// RUN: strata-opt %s -tx8be-group-pattern=opt_group=0 | FileCheck %s --check-prefix=NONE
// RUN: strata-opt %s -tx8be-group-pattern | strata-opt -verify-diagnostics | FileCheck %s
// tx8be-group-pattern with the built-in pattern set (opt_group=1): matched
// chains move into one tx8be.group that reads outer values directly (no
// loads or stores yet) and yields the chain's last result.
// NONE-NOT: tx8be.group

// Conv Unary: a conv's relu epilogue.
// CHECK-LABEL: func.func @conv_relu
// CHECK-SAME: (%[[X:.*]]: tensor<1x8x8x4xf32>)
// CHECK: %[[W:.*]] = tx8be.const
// CHECK-NEXT: %[[G:.*]] = tx8be.group -> tensor<1x8x8x8xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: %[[C:.*]] = tx8be.Conv(%[[X]], %[[W]])
// CHECK-NEXT: %[[R:.*]] = tx8be.Unary(%[[C]]) {kind = "relu"}
// CHECK-NEXT: tx8be.yield %[[R]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[G]]
func.func @conv_relu(%x: tensor<1x8x8x4xf32>) -> tensor<1x8x8x8xf32> {
  %w = tx8be.const dense<0.5> : tensor<3x3x4x8xf32>
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  %r = tx8be.Unary(%c) {kind = "relu"} : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}

// A residual block: Conv Binary Unary where the add's other operand is an
// earlier value (%a, also the conv's input). %a has two users, so no
// pattern continues past it; the chain after it is one group.
// CHECK-LABEL: func.func @residual
// CHECK: %[[A:.*]] = tx8be.Unary(%{{.*}}) {kind = "relu"}
// CHECK-NEXT: %[[G:.*]] = tx8be.group -> tensor<1x8x8x4xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: %[[C:.*]] = tx8be.Conv(%[[A]], %{{.*}})
// CHECK-NEXT: %[[S:.*]] = tx8be.Binary(%[[C]], %[[A]]) {kind = "add"}
// CHECK-NEXT: %[[R:.*]] = tx8be.Unary(%[[S]]) {kind = "relu"}
// CHECK-NEXT: tx8be.yield %[[R]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[G]]
func.func @residual(%x: tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> {
  %w = tx8be.const dense<0.5> : tensor<3x3x4x4xf32>
  %a = tx8be.Unary(%x) {kind = "relu"} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %c = tx8be.Conv(%a, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32>) -> tensor<1x8x8x4xf32>
  %s = tx8be.Binary(%c, %a) {kind = "add"} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %r = tx8be.Unary(%s) {kind = "relu"} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return %r : tensor<1x8x8x4xf32>
}

// Single output: the conv's result is also returned, so the conv must be
// the last op of its group; "Conv" alone is no pattern, and the relu
// alone neither: nothing is grouped.
// CHECK-LABEL: func.func @conv_also_returned
// CHECK-NOT: tx8be.group
// CHECK: return
func.func @conv_also_returned(%x: tensor<1x8x8x4xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) {
  %w = tx8be.const dense<0.5> : tensor<3x3x4x8xf32>
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  %r = tx8be.Unary(%c) {kind = "relu"} : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %c, %r : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>
}

// A reshape between two matchable ops ends the chain: reshapes stay
// outside groups. Gemm -> Reshape -> Binary -> Unary: only Binary Unary.
// CHECK-LABEL: func.func @reshape_between
// CHECK: %[[Y:.*]] = tx8be.Gemm
// CHECK-NEXT: %[[R:.*]] = tx8be.Reshape(%[[Y]])
// CHECK-NEXT: tx8be.group
// CHECK-NEXT: tx8be.Binary(%[[R]],
// CHECK-NEXT: tx8be.Unary
// CHECK-NEXT: tx8be.yield
func.func @reshape_between(%x: tensor<4x8xf32>, %z: tensor<32xf32>) -> tensor<32xf32> {
  %w = tx8be.const dense<0.5> : tensor<8x8xf32>
  %y = tx8be.Gemm(%x, %w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %r = tx8be.Reshape(%y) : (tensor<4x8xf32>) -> tensor<32xf32>
  %b = tx8be.Binary(%r, %z) {kind = "add"} : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
  %u = tx8be.Unary(%b) {kind = "relu"} : (tensor<32xf32>) -> tensor<32xf32>
  return %u : tensor<32xf32>
}

// Attention scores: matmul, scale, mask, softmax in one group (the
// longest default pattern); group ids follow program order.
// CHECK-LABEL: func.func @attention_scores
// CHECK: tx8be.group -> tensor<4x4xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: tx8be.Gemm
// CHECK-NEXT: tx8be.Binary{{.*}}"mul"
// CHECK-NEXT: tx8be.Binary{{.*}}"add"
// CHECK-NEXT: tx8be.Softmax
// CHECK-NEXT: tx8be.yield
// CHECK: tx8be.group -> tensor<4x4xf32> attributes {group_id = 1 : i64} {
// CHECK-NEXT: tx8be.Binary{{.*}}"add"
// CHECK-NEXT: tx8be.LayerNorm
// CHECK-NEXT: tx8be.yield
func.func @attention_scores(%q: tensor<4x8xf32>, %k: tensor<8x4xf32>, %s: tensor<4x4xf32>, %m: tensor<4x4xf32>, %res: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %g = tx8be.const dense<1.0> : tensor<4xf32>
  %be = tx8be.const dense<0.0> : tensor<4xf32>
  %y = tx8be.Gemm(%q, %k) : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  %a = tx8be.Binary(%y, %s) {kind = "mul"} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %b = tx8be.Binary(%a, %m) {kind = "add"} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %p = tx8be.Softmax(%b) {axis = 1 : i64} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = tx8be.Binary(%p, %res) {kind = "add"} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %l = tx8be.LayerNorm(%r, %g, %be) {epsilon = 1.0e-5 : f32, axis = 1 : i64} : (tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
  return %l : tensor<4x4xf32>
}

// A ResNet stage's first block with its downsample conv: the downsample
// conv reads the block's input, not a result of the chain, but it is the
// next op in program order and reads an input of the chain, so the chain
// goes on through it (a DAG); every op but the last has all its users in
// the chain. One group of 8 ops.
// CHECK-LABEL: func.func @downsample_block
// CHECK: tx8be.group -> tensor<1x8x8x16xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: tx8be.Conv(%[[X:[a-z0-9]+]],
// CHECK-NEXT: tx8be.Unary
// CHECK-NEXT: tx8be.Conv
// CHECK-NEXT: tx8be.Unary
// CHECK-NEXT: %[[C:.*]] = tx8be.Conv
// CHECK-NEXT: %[[D:.*]] = tx8be.Conv(%[[X]],
// CHECK-NEXT: tx8be.Binary(%[[C]], %[[D]])
// CHECK-NEXT: tx8be.Unary
// CHECK-NEXT: tx8be.yield
func.func @downsample_block(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x8x16xf32> {
  %w1 = tx8be.const dense<0.5> : tensor<1x1x8x4xf32>
  %w2 = tx8be.const dense<0.5> : tensor<3x3x4x4xf32>
  %w3 = tx8be.const dense<0.5> : tensor<1x1x4x16xf32>
  %wd = tx8be.const dense<0.25> : tensor<1x1x8x16xf32>
  %a = tx8be.Conv(%x, %w1) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x8xf32>, tensor<1x1x8x4xf32>) -> tensor<1x8x8x4xf32>
  %ar = tx8be.Unary(%a) {kind = "relu"} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %b = tx8be.Conv(%ar, %w2) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32>) -> tensor<1x8x8x4xf32>
  %br = tx8be.Unary(%b) {kind = "relu"} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %c = tx8be.Conv(%br, %w3) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<1x1x4x16xf32>) -> tensor<1x8x8x16xf32>
  %d = tx8be.Conv(%x, %wd) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x8xf32>, tensor<1x1x8x16xf32>) -> tensor<1x8x8x16xf32>
  %s = tx8be.Binary(%c, %d) {kind = "add"} : (tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %r = tx8be.Unary(%s) {kind = "relu"} : (tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  return %r : tensor<1x8x8x16xf32>
}

// The same block whose downsample result is also returned: the DAG is not
// closed (an op before the last is used outside), so the downsample conv
// stays out; the block's own chain is still one group, reading it.
// CHECK-LABEL: func.func @downsample_escapes
// CHECK: %[[D:.*]] = tx8be.Conv
// CHECK: tx8be.group -> tensor<1x8x8x16xf32>
// CHECK: tx8be.Binary(%{{.*}}, %[[D]])
func.func @downsample_escapes(%x: tensor<1x8x8x8xf32>) -> (tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32>) {
  %w1 = tx8be.const dense<0.5> : tensor<1x1x8x4xf32>
  %w2 = tx8be.const dense<0.5> : tensor<3x3x4x4xf32>
  %w3 = tx8be.const dense<0.5> : tensor<1x1x4x16xf32>
  %wd = tx8be.const dense<0.25> : tensor<1x1x8x16xf32>
  %a = tx8be.Conv(%x, %w1) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x8xf32>, tensor<1x1x8x4xf32>) -> tensor<1x8x8x4xf32>
  %ar = tx8be.Unary(%a) {kind = "relu"} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %b = tx8be.Conv(%ar, %w2) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32>) -> tensor<1x8x8x4xf32>
  %br = tx8be.Unary(%b) {kind = "relu"} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %c = tx8be.Conv(%br, %w3) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<1x1x4x16xf32>) -> tensor<1x8x8x16xf32>
  %d = tx8be.Conv(%x, %wd) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x8xf32>, tensor<1x1x8x16xf32>) -> tensor<1x8x8x16xf32>
  %s = tx8be.Binary(%c, %d) {kind = "add"} : (tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %r = tx8be.Unary(%s) {kind = "relu"} : (tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  return %r, %d : tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32>
}

// Two ResNet basic blocks in a row: one group (a two-block pattern). The
// first block's output %r1 is read inside the group by the second block's
// 3x3 conv and by its add (tx8be-sharding then narrows the add's read).
// CHECK-LABEL: func.func @two_basic_blocks
// CHECK: tx8be.group -> tensor<1x8x8x4xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: tx8be.Conv
// CHECK-NEXT: tx8be.Unary
// CHECK-NEXT: tx8be.Conv
// CHECK-NEXT: tx8be.Binary
// CHECK-NEXT: %[[R1:.*]] = tx8be.Unary
// CHECK-NEXT: tx8be.Conv(%[[R1]],
// CHECK-NEXT: tx8be.Unary
// CHECK-NEXT: tx8be.Conv
// CHECK-NEXT: tx8be.Binary(%{{.*}}, %[[R1]])
// CHECK-NEXT: tx8be.Unary
// CHECK-NEXT: tx8be.yield
func.func @two_basic_blocks(%x: tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> {
  %w = tx8be.const dense<0.5> : tensor<3x3x4x4xf32>
  %a = tx8be.Conv(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32>) -> tensor<1x8x8x4xf32>
  %ar = tx8be.Unary(%a) {kind = "relu"} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %b = tx8be.Conv(%ar, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32>) -> tensor<1x8x8x4xf32>
  %s1 = tx8be.Binary(%b, %x) {kind = "add"} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %r1 = tx8be.Unary(%s1) {kind = "relu"} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %c = tx8be.Conv(%r1, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32>) -> tensor<1x8x8x4xf32>
  %cr = tx8be.Unary(%c) {kind = "relu"} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %d = tx8be.Conv(%cr, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32>) -> tensor<1x8x8x4xf32>
  %s2 = tx8be.Binary(%d, %r1) {kind = "add"} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %r2 = tx8be.Unary(%s2) {kind = "relu"} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return %r2 : tensor<1x8x8x4xf32>
}

// A per-batch mask added right before the softmax, with a reshape keeping
// the scores' matmul apart (BERT at batch 8: the heads merged into the
// matmul's batch, the mask broadcast per batch): the add and the softmax
// still form one group.
// CHECK-LABEL: func.func @mask_softmax
// CHECK: tx8be.Reshape
// CHECK-NEXT: tx8be.group -> tensor<2x3x4x4xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: tx8be.Binary{{.*}}"add"
// CHECK-NEXT: tx8be.Softmax
// CHECK-NEXT: tx8be.yield
func.func @mask_softmax(%s: tensor<6x4x4xf32>, %m: tensor<2x1x1x4xf32>) -> tensor<2x3x4x4xf32> {
  %r = tx8be.Reshape(%s) : (tensor<6x4x4xf32>) -> tensor<2x3x4x4xf32>
  %b = tx8be.Binary(%r, %m) {kind = "add"} : (tensor<2x3x4x4xf32>, tensor<2x1x1x4xf32>) -> tensor<2x3x4x4xf32>
  %p = tx8be.Softmax(%b) {axis = 3 : i64} : (tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  return %p : tensor<2x3x4x4xf32>
}

// A conv that tx8be-fuse-activation gave a psum (the residual) and a relu
// reads as `Conv Binary Unary`: the basic block is one group as unfused.
// CHECK-LABEL: func.func @fused_basic_block
// CHECK: tx8be.group -> tensor<1x8x8x4xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: tx8be.Conv(%arg0, %{{.*}}) {activation = "relu"
// CHECK-NEXT: tx8be.Conv(%{{.*}}, %{{.*}}, %{{.*}}, %arg0) {activation = "relu"
// CHECK-NEXT: tx8be.yield
func.func @fused_basic_block(%x: tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> {
  %w = tx8be.const dense<0.5> : tensor<3x3x4x4xf32>
  %b = tx8be.const dense<0.0> : tensor<4xf32>
  %c1 = tx8be.Conv(%x, %w) {activation = "relu", strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32>) -> tensor<1x8x8x4xf32>
  %c2 = tx8be.Conv(%c1, %w, %b, %x) {activation = "relu", strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32>, tensor<4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return %c2 : tensor<1x8x8x4xf32>
}

// A CNN's stem: the NCHW input's transpose and its conversion to channel
// blocks, the conv (relu fused) and the max pool: one group.
// CHECK-LABEL: func.func @stem
// CHECK: tx8be.group -> tensor<1x4x4x8xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: tx8be.Transpose(%arg0)
// CHECK-NEXT: tx8be.ChannelNorm
// CHECK-NEXT: tx8be.Conv
// CHECK-NEXT: tx8be.Pool
// CHECK-NEXT: tx8be.yield
func.func @stem(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x4x8xf32> {
  %w = tx8be.const dense<0.5> : tensor<3x3x3x8xf32>
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x3x8x8xf32>) -> tensor<1x8x8x3xf32>
  %n = tx8be.ChannelNorm(%t) {to_blocked = true, blocked = "NCx"} : (tensor<1x8x8x3xf32>) -> tensor<1x8x8x3xf32>
  %c = tx8be.Conv(%n, %w) {activation = "relu", strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x8x8x8xf32>
  %p = tx8be.Pool(%c) {kind = "max", kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>} : (tensor<1x8x8x8xf32>) -> tensor<1x4x4x8xf32>
  return %p : tensor<1x4x4x8xf32>
}

// A stage's first basic block after fusion: the downsample conv, later in
// program order, takes conv2's result as its psum and the relu (`Conv Unary
// Conv Conv Binary Unary`): one group.
// CHECK-LABEL: func.func @fused_downsample_basic_block
// CHECK: tx8be.group -> tensor<1x8x8x8xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: tx8be.Conv(%arg0, %{{.*}}) {activation = "relu"
// CHECK-NEXT: %[[C2:.*]] = tx8be.Conv
// CHECK-NEXT: tx8be.Conv(%arg0, %{{.*}}, %{{.*}}, %[[C2]]) {activation = "relu"
// CHECK-NEXT: tx8be.yield
func.func @fused_downsample_basic_block(%x: tensor<1x8x8x4xf32>) -> tensor<1x8x8x8xf32> {
  %w1 = tx8be.const dense<0.5> : tensor<3x3x4x8xf32>
  %w2 = tx8be.const dense<0.25> : tensor<3x3x8x8xf32>
  %wd = tx8be.const dense<0.125> : tensor<1x1x4x8xf32>
  %b = tx8be.const dense<0.0> : tensor<8xf32>
  %c1 = tx8be.Conv(%x, %w1) {activation = "relu", strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  %c2 = tx8be.Conv(%c1, %w2) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x8xf32>, tensor<3x3x8x8xf32>) -> tensor<1x8x8x8xf32>
  %d = tx8be.Conv(%x, %wd, %b, %c2) {activation = "relu", strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<1x1x4x8xf32>, tensor<8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %d : tensor<1x8x8x8xf32>
}

// A network's last conv (its residual and relu fused) and the global
// average pool after it (two mean reductions): one group, so the feature
// map need not reach DDR.
// CHECK-LABEL: func.func @conv_then_pool
// CHECK: tx8be.group -> tensor<1x8xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: tx8be.Conv(%arg0, %{{.*}}, %{{.*}}, %arg0) {activation = "relu"
// CHECK-NEXT: tx8be.Reduce
// CHECK-NEXT: tx8be.Reduce
// CHECK-NEXT: tx8be.yield
func.func @conv_then_pool(%x: tensor<1x4x4x8xf32>) -> tensor<1x8xf32> {
  %w = tx8be.const dense<0.5> : tensor<1x1x8x8xf32>
  %b = tx8be.const dense<0.0> : tensor<8xf32>
  %c = tx8be.Conv(%x, %w, %b, %x) {activation = "relu", strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x4x4x8xf32>, tensor<1x1x8x8xf32>, tensor<8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %r1 = tx8be.Reduce(%c) {axes = array<i64: 2>, kind = "mean"} : (tensor<1x4x4x8xf32>) -> tensor<1x4x8xf32>
  %r2 = tx8be.Reduce(%r1) {axes = array<i64: 1>, kind = "mean"} : (tensor<1x4x8xf32>) -> tensor<1x8xf32>
  return %r2 : tensor<1x8xf32>
}

// Attention in one group: scores, scale, mask (an add, or GPT-2's causal
// select), softmax and the context matmul; and the mask's cast and
// arithmetic before it in another.
// CHECK-LABEL: func.func @attention
// CHECK: tx8be.group -> tensor<2x4xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: tx8be.Cast
// CHECK-NEXT: tx8be.Binary
// CHECK-NEXT: tx8be.Binary
// CHECK-NEXT: tx8be.yield
// CHECK: tx8be.group -> tensor<2x4x8xf32> attributes {group_id = 1 : i64} {
// CHECK-NEXT: tx8be.Gemm
// CHECK-NEXT: tx8be.Binary
// CHECK-NEXT: tx8be.Binary
// CHECK-NEXT: tx8be.Softmax
// CHECK-NEXT: tx8be.Gemm
// CHECK-NEXT: tx8be.yield
// CHECK-LABEL: func.func @causal_attention
// CHECK: tx8be.group -> tensor<2x4x8xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: tx8be.Gemm
// CHECK-NEXT: tx8be.Binary
// CHECK-NEXT: tx8be.Select
// CHECK-NEXT: tx8be.Softmax
// CHECK-NEXT: tx8be.Gemm
// CHECK-NEXT: tx8be.yield
func.func @attention(%q: tensor<2x4x8xf32>, %k: tensor<2x4x8xf32>, %v: tensor<2x4x8xf32>, %m: tensor<2x4xi32>) -> tensor<2x4x8xf32> {
  %one = tx8be.const dense<1.0> : tensor<1x1xf32>
  %big = tx8be.const dense<-10000.0> : tensor<1x1xf32>
  %scale = tx8be.const dense<8.0> : tensor<1x1x1xf32>
  %mf = tx8be.Cast(%m) : (tensor<2x4xi32>) -> tensor<2x4xf32>
  %inv = tx8be.Binary(%one, %mf) {kind = "sub"} : (tensor<1x1xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %add = tx8be.Binary(%inv, %big) {kind = "mul"} : (tensor<2x4xf32>, tensor<1x1xf32>) -> tensor<2x4xf32>
  %mask = tx8be.Reshape(%add) : (tensor<2x4xf32>) -> tensor<2x1x4xf32>
  %s = tx8be.Gemm(%q, %k) {trans_b = true} : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x4xf32>
  %d = tx8be.Binary(%s, %scale) {kind = "div"} : (tensor<2x4x4xf32>, tensor<1x1x1xf32>) -> tensor<2x4x4xf32>
  %a = tx8be.Binary(%d, %mask) {kind = "add"} : (tensor<2x4x4xf32>, tensor<2x1x4xf32>) -> tensor<2x4x4xf32>
  %p = tx8be.Softmax(%a) {axis = 2 : i64} : (tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %c = tx8be.Gemm(%p, %v) : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  return %c : tensor<2x4x8xf32>
}
func.func @causal_attention(%q: tensor<2x4x8xf32>, %k: tensor<2x4x8xf32>, %v: tensor<2x4x8xf32>, %causal: tensor<1x4x4xi1>) -> tensor<2x4x8xf32> {
  %scale = tx8be.const dense<8.0> : tensor<1x1x1xf32>
  %big = tx8be.const dense<-10000.0> : tensor<1x1x1xf32>
  %s = tx8be.Gemm(%q, %k) {trans_b = true} : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x4xf32>
  %d = tx8be.Binary(%s, %scale) {kind = "div"} : (tensor<2x4x4xf32>, tensor<1x1x1xf32>) -> tensor<2x4x4xf32>
  %w = tx8be.Select(%causal, %d, %big) : (tensor<1x4x4xi1>, tensor<2x4x4xf32>, tensor<1x1x1xf32>) -> tensor<2x4x4xf32>
  %p = tx8be.Softmax(%w) {axis = 2 : i64} : (tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %c = tx8be.Gemm(%p, %v) : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  return %c : tensor<2x4x8xf32>
}
