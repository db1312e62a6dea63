// RUN: strata-opt %s -split-input-file -tx8be-opt-barrier | FileCheck %s
// tx8be-opt-barrier puts the groups in layers of their DAG (one above the
// highest layer they read), reorders them by layer (program order inside a
// layer) and sets `barrier` on the last group of each layer but the last:
// every reader then runs after a barrier that follows its writers, with one
// barrier per layer instead of one per written group. The host reads the
// outputs after every tile finished, so the last layer needs none.

// Group 0 feeds group 2; groups 0 and 1 share layer 1, group 2 is layer 2.
// CHECK-LABEL: func.func @two_outputs
// CHECK: tx8be.group -> tensor<4x8xf32> attributes {barrier = false, group_id = 0 : i64}
// CHECK: tx8be.group -> tensor<4x8xf32> attributes {barrier = true, group_id = 1 : i64}
// CHECK: tx8be.group -> tensor<4x8xf32> attributes {barrier = false, group_id = 2 : i64}
func.func @two_outputs(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = tx8be.group -> tensor<4x8xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<4x8xf32>
    %2 = tx8be.Unary(%1) {kind = "relu"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %3 = tx8be.store_var %2 : tensor<4x8xf32>
    tx8be.yield %3 : tensor<4x8xf32>
  }
  %4 = tx8be.group -> tensor<4x8xf32> attributes {group_id = 1 : i64} {
    %5 = tx8be.load_var %x : tensor<4x8xf32>
    %6 = tx8be.Unary(%5) {kind = "exp"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %7 = tx8be.store_var %6 : tensor<4x8xf32>
    tx8be.yield %7 : tensor<4x8xf32>
  }
  %8 = tx8be.group -> tensor<4x8xf32> attributes {group_id = 2 : i64} {
    %9 = tx8be.load_var %0 : tensor<4x8xf32>
    %10 = tx8be.Unary(%9) {kind = "neg"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %11 = tx8be.store_var %10 : tensor<4x8xf32>
    tx8be.yield %11 : tensor<4x8xf32>
  }
  return %4, %8 : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// Two independent branches written one after the other (a1 -> a2, then
// b1 -> b2, reaching b2 through a reshape) and a join. Layers: a1, b1 = 1;
// a2, b2 = 2; join = 3. The groups are reordered a1 b1 | a2 b2 | join
// (the reshape moves with its producer's layer) and only b1 and b2 sync:
// 2 barriers, where program order would need 3 (after a1, b1 and b2).
// CHECK-LABEL: func.func @branches
// CHECK: tx8be.group -> tensor<4x8xf32> attributes {barrier = false, group_id = 0 : i64}
// CHECK: tx8be.group -> tensor<4x8xf32> attributes {barrier = true, group_id = 2 : i64}
// CHECK: tx8be.Reshape
// CHECK: tx8be.group -> tensor<4x8xf32> attributes {barrier = false, group_id = 1 : i64}
// CHECK: tx8be.group -> tensor<4x8xf32> attributes {barrier = true, group_id = 3 : i64}
// CHECK: tx8be.group -> tensor<4x8xf32> attributes {barrier = false, group_id = 4 : i64}
// CHECK-NEXT: tx8be.load_var
// CHECK: return
func.func @branches(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %a1 = tx8be.group -> tensor<4x8xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<4x8xf32>
    %2 = tx8be.Unary(%1) {kind = "relu"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %3 = tx8be.store_var %2 : tensor<4x8xf32>
    tx8be.yield %3 : tensor<4x8xf32>
  }
  %a2 = tx8be.group -> tensor<4x8xf32> attributes {group_id = 1 : i64} {
    %1 = tx8be.load_var %a1 : tensor<4x8xf32>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %3 = tx8be.store_var %2 : tensor<4x8xf32>
    tx8be.yield %3 : tensor<4x8xf32>
  }
  %b1 = tx8be.group -> tensor<4x8xf32> attributes {group_id = 2 : i64} {
    %1 = tx8be.load_var %x : tensor<4x8xf32>
    %2 = tx8be.Unary(%1) {kind = "neg"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %3 = tx8be.store_var %2 : tensor<4x8xf32>
    tx8be.yield %3 : tensor<4x8xf32>
  }
  %r = tx8be.Reshape(%b1) : (tensor<4x8xf32>) -> tensor<32xf32>
  %b2 = tx8be.group -> tensor<4x8xf32> attributes {group_id = 3 : i64} {
    %1 = tx8be.load_var %r : tensor<32xf32>
    %2 = tx8be.Reshape(%1) : (tensor<32xf32>) -> tensor<4x8xf32>
    %3 = tx8be.store_var %2 : tensor<4x8xf32>
    tx8be.yield %3 : tensor<4x8xf32>
  }
  %j = tx8be.group -> tensor<4x8xf32> attributes {group_id = 4 : i64} {
    %1 = tx8be.load_var %a2 : tensor<4x8xf32>
    %2 = tx8be.load_var %b2 : tensor<4x8xf32>
    %3 = tx8be.Binary(%1, %2) {kind = "add"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %4 = tx8be.store_var %3 : tensor<4x8xf32>
    tx8be.yield %4 : tensor<4x8xf32>
  }
  return %j : tensor<4x8xf32>
}
