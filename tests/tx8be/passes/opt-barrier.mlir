// RUN: strata-opt %s -tx8be-opt-barrier | FileCheck %s
// tx8be-opt-barrier sets `barrier` on every group: true when a later group
// reads its output (another tile may have produced the rows it loads),
// false when nothing later does (the host reads outputs after all tiles
// finish).

// Group 0 feeds group 2; groups 1 and 2 only feed the return.
// CHECK-LABEL: func.func @two_outputs
// CHECK: tx8be.group -> tensor<4x8xf32> attributes {barrier = true, group_id = 0 : i64}
// CHECK: tx8be.group -> tensor<4x8xf32> attributes {barrier = false, group_id = 1 : i64}
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
