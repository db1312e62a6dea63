// RUN: strata-opt %s -tx8be-group-chains | FileCheck %s
// RUN: strata-opt %s -tx8be-group-chains | strata-opt -verify-diagnostics | FileCheck %s
// tx8be-group-chains: each run of free compute ops along sole users
// becomes one tx8be.group (tx8be-group-boundaries cuts it later).

// A squeeze-excitation tail: pool, FC conv, sigmoid, and the scale by the
// block input. %x has two users, so the chain starts after it and the
// multiply (whose other operand is %x) ends it with the only result used
// outside.
// CHECK-LABEL: func.func @squeeze_excite
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x4x8xf32>)
// CHECK: %[[G:.*]] = tx8be.group -> tensor<1x4x4x8xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: %[[P:.*]] = tx8be.Reduce(%[[X]])
// CHECK-NEXT: %[[C:.*]] = tx8be.Conv(%[[P]], %{{.*}})
// CHECK-NEXT: %[[S:.*]] = tx8be.Unary(%[[C]]) {kind = "sigmoid"}
// CHECK-NEXT: %[[M:.*]] = tx8be.Binary(%[[X]], %[[S]]) {kind = "mul"}
// CHECK-NEXT: tx8be.yield %[[M]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[G]]
func.func @squeeze_excite(%x: tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32> {
  %w = tx8be.const dense<0.5> : tensor<1x1x8x8xf32>
  %p = tx8be.Reduce(%x) {axes = array<i64: 1, 2>, kind = "mean", keepdims = true} : (tensor<1x4x4x8xf32>) -> tensor<1x1x1x8xf32>
  %c = tx8be.Conv(%p, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x1x1x8xf32>, tensor<1x1x8x8xf32>) -> tensor<1x1x1x8xf32>
  %s = tx8be.Unary(%c) {kind = "sigmoid"} : (tensor<1x1x1x8xf32>) -> tensor<1x1x1x8xf32>
  %m = tx8be.Binary(%x, %s) {kind = "mul"} : (tensor<1x4x4x8xf32>, tensor<1x1x1x8xf32>) -> tensor<1x4x4x8xf32>
  return %m : tensor<1x4x4x8xf32>
}

// A value with two users ends its chain: %a feeds both %b and %d, so %a
// is alone (no group), and the chains after it are %b..%c and %d..%e.
// CHECK-LABEL: func.func @fork
// CHECK: %[[A:.*]] = tx8be.Unary(%{{.*}}) {kind = "relu"}
// CHECK-NEXT: %[[G0:.*]] = tx8be.group -> tensor<1x8xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: tx8be.Unary(%[[A]]) {kind = "exp"}
// CHECK-NEXT: tx8be.Unary
// CHECK-NEXT: tx8be.yield
// CHECK: %[[G1:.*]] = tx8be.group -> tensor<1x8xf32> attributes {group_id = 1 : i64} {
// CHECK-NEXT: tx8be.Unary(%[[A]]) {kind = "sigmoid"}
// CHECK-NEXT: tx8be.Unary
// CHECK-NEXT: tx8be.yield
// CHECK: return %[[G0]], %[[G1]]
func.func @fork(%x: tensor<1x8xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>) {
  %a = tx8be.Unary(%x) {kind = "relu"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %b = tx8be.Unary(%a) {kind = "exp"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %c = tx8be.Unary(%b) {kind = "relu"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %d = tx8be.Unary(%a) {kind = "sigmoid"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %e = tx8be.Unary(%d) {kind = "relu"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  return %c, %e : tensor<1x8xf32>, tensor<1x8xf32>
}

// A reshape is no compute op: it ends the chain before it, and a lone op
// after it is no chain.
// CHECK-LABEL: func.func @reshape_ends
// CHECK: tx8be.group
// CHECK-NEXT: tx8be.Unary
// CHECK-NEXT: tx8be.Unary
// CHECK-NEXT: tx8be.yield
// CHECK: tx8be.Reshape
// CHECK-NEXT: tx8be.Unary
// CHECK-NOT: tx8be.group
func.func @reshape_ends(%x: tensor<1x8xf32>) -> tensor<8xf32> {
  %a = tx8be.Unary(%x) {kind = "relu"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %b = tx8be.Unary(%a) {kind = "exp"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %r = tx8be.Reshape(%b) : (tensor<1x8xf32>) -> tensor<8xf32>
  %c = tx8be.Unary(%r) {kind = "relu"} : (tensor<8xf32>) -> tensor<8xf32>
  return %c : tensor<8xf32>
}

// A chain longer than eight ops is cut into consecutive chains.
// CHECK-LABEL: func.func @long_run
// CHECK: tx8be.group -> tensor<8xf32> attributes {group_id = 0 : i64}
// CHECK-COUNT-8: tx8be.Unary
// CHECK-NEXT: tx8be.yield
// CHECK: tx8be.group -> tensor<8xf32> attributes {group_id = 1 : i64}
// CHECK-COUNT-2: tx8be.Unary
// CHECK-NEXT: tx8be.yield
func.func @long_run(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = tx8be.Unary(%x) {kind = "relu"} : (tensor<8xf32>) -> tensor<8xf32>
  %1 = tx8be.Unary(%0) {kind = "relu"} : (tensor<8xf32>) -> tensor<8xf32>
  %2 = tx8be.Unary(%1) {kind = "relu"} : (tensor<8xf32>) -> tensor<8xf32>
  %3 = tx8be.Unary(%2) {kind = "relu"} : (tensor<8xf32>) -> tensor<8xf32>
  %4 = tx8be.Unary(%3) {kind = "relu"} : (tensor<8xf32>) -> tensor<8xf32>
  %5 = tx8be.Unary(%4) {kind = "relu"} : (tensor<8xf32>) -> tensor<8xf32>
  %6 = tx8be.Unary(%5) {kind = "relu"} : (tensor<8xf32>) -> tensor<8xf32>
  %7 = tx8be.Unary(%6) {kind = "relu"} : (tensor<8xf32>) -> tensor<8xf32>
  %8 = tx8be.Unary(%7) {kind = "relu"} : (tensor<8xf32>) -> tensor<8xf32>
  %9 = tx8be.Unary(%8) {kind = "relu"} : (tensor<8xf32>) -> tensor<8xf32>
  return %9 : tensor<8xf32>
}

// A slice is a copy that codegen runs only alone: it ends the chain
// before it, and none starts at it.
// CHECK-LABEL: func.func @slice_ends
// CHECK: tx8be.group
// CHECK-NEXT: tx8be.Unary
// CHECK-NEXT: tx8be.Unary
// CHECK-NEXT: tx8be.yield
// CHECK: tx8be.Slice
// CHECK-NOT: tx8be.group
// CHECK: return
func.func @slice_ends(%x: tensor<1x8xf32>) -> tensor<1x4xf32> {
  %a = tx8be.Unary(%x) {kind = "relu"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %b = tx8be.Unary(%a) {kind = "exp"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %s = tx8be.Slice(%b) {starts = array<i64: 0, 0>, limits = array<i64: 1, 4>, strides = array<i64: 1, 1>} : (tensor<1x8xf32>) -> tensor<1x4xf32>
  %c = tx8be.Unary(%s) {kind = "relu"} : (tensor<1x4xf32>) -> tensor<1x4xf32>
  return %c : tensor<1x4xf32>
}

// A pattern's group is a unit of a chain too: the group's result feeds
// only the relu, whose result feeds only the second group, so the three
// become one group of their four ops (taken apart and regrouped in program
// order); tx8be-group-boundaries then cuts it where that is faster, the
// patterns' own partition among the candidates.
// CHECK-LABEL: func.func @pattern_groups
// CHECK-SAME: (%[[X:.*]]: tensor<1x8xf32>)
// CHECK: %[[G:.*]] = tx8be.group -> tensor<1x8xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: %[[A:.*]] = tx8be.Unary(%[[X]]) {kind = "exp"}
// CHECK-NEXT: %[[B:.*]] = tx8be.Unary(%[[A]]) {kind = "neg"}
// CHECK-NEXT: %[[C:.*]] = tx8be.Unary(%[[B]]) {kind = "relu"}
// CHECK-NEXT: %[[D:.*]] = tx8be.Unary(%[[C]]) {kind = "abs"}
// CHECK-NEXT: tx8be.yield %[[D]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[G]]
func.func @pattern_groups(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %g1 = tx8be.group -> tensor<1x8xf32> attributes {group_id = 0 : i64} {
    %a = tx8be.Unary(%x) {kind = "exp"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
    %b = tx8be.Unary(%a) {kind = "neg"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
    tx8be.yield %b : tensor<1x8xf32>
  }
  %c = tx8be.Unary(%g1) {kind = "relu"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %g2 = tx8be.group -> tensor<1x8xf32> attributes {group_id = 1 : i64} {
    %d = tx8be.Unary(%c) {kind = "abs"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
    tx8be.yield %d : tensor<1x8xf32>
  }
  return %g2 : tensor<1x8xf32>
}

// A group whose result is also returned (a second use outside the next
// unit) stays as it is, and so does a lone group.
// CHECK-LABEL: func.func @group_two_users
// CHECK: tx8be.group -> tensor<1x8xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: tx8be.Unary(%{{.*}}) {kind = "exp"}
// CHECK-NEXT: tx8be.yield
// CHECK-NEXT: }
// CHECK-NEXT: tx8be.Unary(%{{.*}}) {kind = "relu"}
// CHECK-NEXT: return
func.func @group_two_users(%x: tensor<1x8xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>) {
  %g1 = tx8be.group -> tensor<1x8xf32> attributes {group_id = 0 : i64} {
    %a = tx8be.Unary(%x) {kind = "exp"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
    tx8be.yield %a : tensor<1x8xf32>
  }
  %c = tx8be.Unary(%g1) {kind = "relu"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  return %g1, %c : tensor<1x8xf32>, tensor<1x8xf32>
}
