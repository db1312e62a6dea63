// RUN: strata-opt %s -tx8be-group-optimization | FileCheck %s
// RUN: strata-opt %s -tx8be-group-pattern -tx8be-group-optimization | FileCheck %s --check-prefix=AFTER
// RUN: strata-opt %s -tx8be-group-optimization | strata-opt -tx8be-group-optimization | FileCheck %s --check-prefix=AGAIN
// tx8be-group-optimization: every compute op not in a group gets its own
// group, without loads or stores; the graph-level load_const it reads
// (tx8be-move-constant's) moves in with it. Reshapes stay outside.

// CHECK-LABEL: func.func @f
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK: %[[W:.*]] = tx8be.const
// CHECK-NEXT: %[[G0:.*]] = tx8be.group -> tensor<4x8xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: %[[L:.*]] = tx8be.load_const %[[W]] {const_map_id = 0 : i64}
// CHECK-NEXT: %[[Y:.*]] = tx8be.Gemm(%[[X]], %[[L]])
// CHECK-NEXT: tx8be.yield %[[Y]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = tx8be.Reshape(%[[G0]])
// CHECK-NEXT: %[[G1:.*]] = tx8be.group -> tensor<32xf32> attributes {group_id = 1 : i64} {
// CHECK-NEXT: %[[U:.*]] = tx8be.Unary(%[[R]])
// CHECK-NEXT: tx8be.yield %[[U]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[G2:.*]] = tx8be.group -> tensor<32xf32> attributes {group_id = 2 : i64} {
// CHECK-NEXT: %[[E:.*]] = tx8be.Unary(%[[G1]]) {kind = "exp"}
// CHECK-NEXT: tx8be.yield %[[E]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[G2]]

// After the default patterns: none matches here (the Gemm feeds a
// reshape; Unary Unary is no pattern), so the same three groups.
// AFTER-LABEL: func.func @f
// AFTER: tx8be.group {{.*}}group_id = 0
// AFTER: tx8be.Reshape
// AFTER: tx8be.group {{.*}}group_id = 1
// AFTER: tx8be.group {{.*}}group_id = 2

// Grouped IR again: nothing changes (no group inside a group).
// AGAIN-LABEL: func.func @f
// AGAIN-COUNT-3: tx8be.group {{.*}}group_id
// AGAIN-NOT: tx8be.group
// AGAIN: return
func.func @f(%x: tensor<4x8xf32>) -> tensor<32xf32> {
  %w = tx8be.const dense<0.5> : tensor<8x8xf32>
  %l = tx8be.load_const %w {const_map_id = 0 : i64} : tensor<8x8xf32>
  %y = tx8be.Gemm(%x, %l) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %r = tx8be.Reshape(%y) : (tensor<4x8xf32>) -> tensor<32xf32>
  %u = tx8be.Unary(%r) {kind = "relu"} : (tensor<32xf32>) -> tensor<32xf32>
  %e = tx8be.Unary(%u) {kind = "exp"} : (tensor<32xf32>) -> tensor<32xf32>
  return %e : tensor<32xf32>
}

// Group ids follow program order even when the patterns made a later
// group first: Conv Unary is group 1 here, after the single Gemm.
// AFTER-LABEL: func.func @ids
// AFTER: tx8be.group {{.*}}group_id = 0
// AFTER-NEXT: tx8be.Gemm
// AFTER: tx8be.group {{.*}}group_id = 1
// AFTER-NEXT: tx8be.Conv
// AFTER-NEXT: tx8be.Unary
func.func @ids(%a: tensor<4x8xf32>, %x: tensor<1x8x8x4xf32>) -> (tensor<4x8xf32>, tensor<1x8x8x8xf32>) {
  %w0 = tx8be.const dense<0.5> : tensor<8x8xf32>
  %w = tx8be.const dense<0.5> : tensor<3x3x4x8xf32>
  %y = tx8be.Gemm(%a, %w0) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  %r = tx8be.Unary(%c) {kind = "relu"} : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %y, %r : tensor<4x8xf32>, tensor<1x8x8x8xf32>
}
