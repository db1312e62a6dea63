// RUN: strata-opt %s -tx8be-sink-reshapes | FileCheck %s
// tx8be-sink-reshapes moves a reshape that keeps the last dim below the
// element-wise and last-axis ops after it, so a Gemm meets its epilogue;
// the other operands follow (a same-shaped one is reshaped too, a scalar
// or a last-dim vector loses its leading ones), two reshapes in a row
// become one and an identity reshape disappears.

// BERT's output block: Gemm -> reshape -> residual add -> LayerNorm.
// CHECK-LABEL: func.func @residual_layernorm
// CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>, %[[W:.*]]: tensor<8x8xf32>, %[[R:.*]]: tensor<1x4x8xf32>, %[[G:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8xf32>)
// CHECK-NEXT: %[[M:.*]] = tx8be.Gemm(%[[A]], %[[W]])
// CHECK-NEXT: %[[R2:.*]] = tx8be.Reshape(%[[R]]) : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[S:.*]] = tx8be.Binary(%[[R2]], %[[M]]) {kind = "add"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[N:.*]] = tx8be.LayerNorm(%[[S]], %[[G]], %[[B]]) {axis = 1 : i64, epsilon = {{.*}}} : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[O:.*]] = tx8be.Reshape(%[[N]]) : (tensor<4x8xf32>) -> tensor<1x4x8xf32>
// CHECK-NEXT: return %[[O]]
func.func @residual_layernorm(%a: tensor<4x8xf32>, %w: tensor<8x8xf32>, %r: tensor<1x4x8xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<1x4x8xf32> {
  %m = tx8be.Gemm(%a, %w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %m3 = tx8be.Reshape(%m) : (tensor<4x8xf32>) -> tensor<1x4x8xf32>
  %s = tx8be.Binary(%r, %m3) {kind = "add"} : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %n = tx8be.LayerNorm(%s, %g, %b) {axis = 2 : i64, epsilon = 1.0e-05 : f32} : (tensor<1x4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x4x8xf32>
  return %n : tensor<1x4x8xf32>
}

// The FFN: Gemm -> reshape -> gelu -> reshape back: the two reshapes meet
// and cancel.
// CHECK-LABEL: func.func @ffn
// CHECK-NEXT: %[[M:.*]] = tx8be.Gemm
// CHECK-NEXT: %[[U:.*]] = tx8be.Unary(%[[M]]) {kind = "gelu"} : (tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %[[M2:.*]] = tx8be.Gemm(%[[U]],
// CHECK-NEXT: return %[[M2]]
func.func @ffn(%a: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %w2: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %m = tx8be.Gemm(%a, %w1) : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %m3 = tx8be.Reshape(%m) : (tensor<4x16xf32>) -> tensor<1x4x16xf32>
  %u = tx8be.Unary(%m3) {kind = "gelu"} : (tensor<1x4x16xf32>) -> tensor<1x4x16xf32>
  %u2 = tx8be.Reshape(%u) : (tensor<1x4x16xf32>) -> tensor<4x16xf32>
  %o = tx8be.Gemm(%u2, %w2) : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  return %o : tensor<4x8xf32>
}

// Attention scores at batch 1: scale (a scalar) and mask (a last-dim
// vector) follow the reshape; so does the softmax over the last axis.
// CHECK-LABEL: func.func @scores
// CHECK: %[[G:.*]] = tx8be.Gemm
// CHECK-NEXT: tx8be.Reshape(%{{.*}}) : (tensor<1x1x1x1xf32>) -> tensor<1x1x1xf32>
// CHECK-NEXT: %[[D:.*]] = tx8be.Binary(%[[G]], %{{.*}}) {kind = "div"} : (tensor<2x4x4xf32>, tensor<1x1x1xf32>) -> tensor<2x4x4xf32>
// CHECK-NEXT: tx8be.Reshape(%{{.*}}) : (tensor<1x1x1x4xf32>) -> tensor<1x1x4xf32>
// CHECK-NEXT: %[[M:.*]] = tx8be.Binary(%[[D]], %{{.*}}) {kind = "add"} : (tensor<2x4x4xf32>, tensor<1x1x4xf32>) -> tensor<2x4x4xf32>
// CHECK-NEXT: %[[S:.*]] = tx8be.Softmax(%[[M]]) {axis = 2 : i64} : (tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
// CHECK-NEXT: tx8be.Reshape(%[[S]]) : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
func.func @scores(%q: tensor<2x4x8xf32>, %k: tensor<2x4x8xf32>, %c: tensor<1x1x1x1xf32>, %mask: tensor<1x1x1x4xf32>) -> tensor<1x2x4x4xf32> {
  %g = tx8be.Gemm(%q, %k) {trans_b = true} : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x4xf32>
  %g4 = tx8be.Reshape(%g) : (tensor<2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %d = tx8be.Binary(%g4, %c) {kind = "div"} : (tensor<1x2x4x4xf32>, tensor<1x1x1x1xf32>) -> tensor<1x2x4x4xf32>
  %m = tx8be.Binary(%d, %mask) {kind = "add"} : (tensor<1x2x4x4xf32>, tensor<1x1x1x4xf32>) -> tensor<1x2x4x4xf32>
  %s = tx8be.Softmax(%m) {axis = 3 : i64} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %s : tensor<1x2x4x4xf32>
}

// A mask that varies along the batch follows a reshape that merges batch
// and heads by being expanded along the heads first (an add of zeros
// [1, heads, 1, 1]: a tensor of the mask's size times the heads), then
// merged as the scores are; the add runs on the batched matmul's shape.
// CHECK-LABEL: func.func @batched_mask
// CHECK: %[[Z:.*]] = tx8be.const dense<0.000000e+00> : tensor<1x2x1x1xf32>
// CHECK-NEXT: %[[E:.*]] = tx8be.Binary(%arg1, %[[Z]]) {kind = "add"} : (tensor<2x1x1x4xf32>, tensor<1x2x1x1xf32>) -> tensor<2x2x1x4xf32>
// CHECK-NEXT: %[[R:.*]] = tx8be.Reshape(%[[E]]) : (tensor<2x2x1x4xf32>) -> tensor<4x1x4xf32>
// CHECK-NEXT: %[[M:.*]] = tx8be.Binary(%arg0, %[[R]]) {kind = "add"} : (tensor<4x4x4xf32>, tensor<4x1x4xf32>) -> tensor<4x4x4xf32>
// CHECK-NEXT: tx8be.Reshape(%[[M]]) : (tensor<4x4x4xf32>) -> tensor<2x2x4x4xf32>
func.func @batched_mask(%g: tensor<4x4x4xf32>, %mask: tensor<2x1x1x4xf32>) -> tensor<2x2x4x4xf32> {
  %g4 = tx8be.Reshape(%g) : (tensor<4x4x4xf32>) -> tensor<2x2x4x4xf32>
  %m = tx8be.Binary(%g4, %mask) {kind = "add"} : (tensor<2x2x4x4xf32>, tensor<2x1x1x4xf32>) -> tensor<2x2x4x4xf32>
  return %m : tensor<2x2x4x4xf32>
}

// A per-batch-and-head operand needs no expansion: it is merged as the
// scores are. One that is larger than the reshaped operand along the
// merged dims (it broadcasts the scores) keeps the reshape where it is.
// CHECK-LABEL: func.func @full_lead
// CHECK-NOT: tx8be.const
// CHECK: %[[R:.*]] = tx8be.Reshape(%arg1) : (tensor<2x2x1x4xf32>) -> tensor<4x1x4xf32>
// CHECK-NEXT: tx8be.Binary(%arg0, %[[R]]) {kind = "mul"} : (tensor<4x4x4xf32>, tensor<4x1x4xf32>) -> tensor<4x4x4xf32>
// CHECK-LABEL: func.func @wider_operand
// CHECK: tx8be.Reshape(%arg0) : (tensor<2x4x4xf32>) -> tensor<2x1x4x4xf32>
// CHECK-NEXT: tx8be.Binary
func.func @full_lead(%g: tensor<4x4x4xf32>, %w: tensor<2x2x1x4xf32>) -> tensor<2x2x4x4xf32> {
  %g4 = tx8be.Reshape(%g) : (tensor<4x4x4xf32>) -> tensor<2x2x4x4xf32>
  %m = tx8be.Binary(%g4, %w) {kind = "mul"} : (tensor<2x2x4x4xf32>, tensor<2x2x1x4xf32>) -> tensor<2x2x4x4xf32>
  return %m : tensor<2x2x4x4xf32>
}
func.func @wider_operand(%g: tensor<2x4x4xf32>, %w: tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32> {
  %g4 = tx8be.Reshape(%g) : (tensor<2x4x4xf32>) -> tensor<2x1x4x4xf32>
  %m = tx8be.Binary(%g4, %w) {kind = "mul"} : (tensor<2x1x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  return %m : tensor<2x3x4x4xf32>
}
