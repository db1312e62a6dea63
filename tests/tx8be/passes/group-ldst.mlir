// RUN: strata-opt %s -tx8be-group-pattern=patterns=%S/Inputs/ldst.patterns -tx8be-group-optimization -tx8be-group-ldst | FileCheck %s
// RUN: strata-opt %s -tx8be-group-pattern=patterns=%S/Inputs/ldst.patterns -tx8be-group-optimization -tx8be-group-ldst | strata-opt -verify-diagnostics -tx8be-group-ldst | FileCheck %s
// tx8be-group-ldst: the boundary of each group, as the group contract
// says: right before each compute op a load of each operand from outside
// the group (one per using op: the same value read by two ops of a group
// is loaded twice), weights through load_const (tx8be-move-constant's
// graph-level load moves in with its attributes), one store_var of the
// last op's result, yielded. Grouped input (second RUN) is left alone.

// A residual block: %a is read by the conv and by the add, so it has
// two loads; the intermediates (conv, add) are not stored.
// CHECK-LABEL: func.func @residual
// CHECK: %[[A:.*]] = tx8be.group
// CHECK: %[[G:.*]] = tx8be.group -> tensor<1x8x8x4xf32> attributes {group_id = 1 : i64} {
// CHECK-NEXT: %[[LA:.*]] = tx8be.load_var %[[A]] : tensor<1x8x8x4xf32>
// CHECK-NEXT: %[[LW:.*]] = tx8be.load_const %{{.*}} {const_map_id = 3 : i64} : tensor<3x3x4x4xf32>
// CHECK-NEXT: %[[C:.*]] = tx8be.Conv(%[[LA]], %[[LW]])
// CHECK-NEXT: %[[LA2:.*]] = tx8be.load_var %[[A]] : tensor<1x8x8x4xf32>
// CHECK-NEXT: %[[S:.*]] = tx8be.Binary(%[[C]], %[[LA2]]) {kind = "add"}
// CHECK-NEXT: %[[R:.*]] = tx8be.Unary(%[[S]]) {kind = "relu"}
// CHECK-NEXT: %[[ST:.*]] = tx8be.store_var %[[R]] : tensor<1x8x8x4xf32>
// CHECK-NEXT: tx8be.yield %[[ST]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[G]]
func.func @residual(%x: tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> {
  %w = tx8be.const dense<0.5> : tensor<3x3x4x4xf32>
  %lw = tx8be.load_const %w {const_map_id = 3 : i64} : tensor<3x3x4x4xf32>
  %a = tx8be.Unary(%x) {kind = "relu"} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %c = tx8be.Conv(%a, %lw) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32>) -> tensor<1x8x8x4xf32>
  %s = tx8be.Binary(%c, %a) {kind = "add"} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %r = tx8be.Unary(%s) {kind = "relu"} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return %r : tensor<1x8x8x4xf32>
}

// One graph-level load_const read by two ops of one group: each op gets
// its own load with the same attributes; a value used twice by one op is
// loaded once.
// CHECK-LABEL: func.func @shared_weight
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK: %[[W:.*]] = tx8be.const
// CHECK-NOT: tx8be.load_const
// CHECK: tx8be.group -> tensor<4x8xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: %[[X1:.*]] = tx8be.load_var %[[X]]
// CHECK-NEXT: %[[B1:.*]] = tx8be.load_const %[[W]] {const_map_id = 7 : i64}
// CHECK-NEXT: %[[M:.*]] = tx8be.Binary(%[[X1]], %[[B1]]) {kind = "mul"}
// CHECK-NEXT: %[[B2:.*]] = tx8be.load_const %[[W]] {const_map_id = 7 : i64}
// CHECK-NEXT: %[[P:.*]] = tx8be.Binary(%[[M]], %[[B2]]) {kind = "add"}
// CHECK-NEXT: %[[Q:.*]] = tx8be.Binary(%[[P]], %[[P]]) {kind = "mul"}
// CHECK-NEXT: %[[ST:.*]] = tx8be.store_var %[[Q]]
// CHECK-NEXT: tx8be.yield %[[ST]]
func.func @shared_weight(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %w = tx8be.const dense<0.5> : tensor<4x8xf32>
  %lw = tx8be.load_const %w {const_map_id = 7 : i64} : tensor<4x8xf32>
  %m = tx8be.Binary(%x, %lw) {kind = "mul"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %p = tx8be.Binary(%m, %lw) {kind = "add"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %q = tx8be.Binary(%p, %p) {kind = "mul"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %q : tensor<4x8xf32>
}

// One outer value read twice by one op: an element-wise x * x reads the
// same box of it through both operands (one load); x @ x^T reads rows of
// x as A and all of x as B (a load each: one buffer cannot hold both).
// CHECK-LABEL: func.func @same_value_twice
// CHECK-SAME: (%[[X:.*]]: tensor<8x16xf32>)
// CHECK: tx8be.group
// CHECK-NEXT: %[[L:.*]] = tx8be.load_var %[[X]]
// CHECK-NEXT: tx8be.Binary(%[[L]], %[[L]]) {kind = "mul"}
// CHECK: tx8be.group
// CHECK-NEXT: %[[A:.*]] = tx8be.load_var %[[X]]
// CHECK-NEXT: %[[B:.*]] = tx8be.load_var %[[X]]
// CHECK-NEXT: tx8be.Gemm(%[[A]], %[[B]]) {trans_b = true}
func.func @same_value_twice(%x: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x8xf32>) {
  %sq = tx8be.Binary(%x, %x) {kind = "mul"} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %g = tx8be.Gemm(%x, %x) {trans_b = true} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x8xf32>
  return %sq, %g : tensor<8x16xf32>, tensor<8x8xf32>
}
