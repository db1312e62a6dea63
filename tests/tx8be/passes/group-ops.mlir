// RUN: strata-opt %s -tx8be-group-ops | FileCheck %s
// RUN: strata-opt %s -tx8be-group-ops | strata-opt -tx8be-group-ops | FileCheck %s --check-prefix=AGAIN
// tx8be-group-ops puts every compute op in its own tx8be.group numbered in
// program order: activations come in through load_var, weights through
// load_const, the result leaves through store_var. Reshapes stay outside
// (they cost nothing in DDR).

// CHECK-LABEL: func.func @mlp
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK: %[[W:.*]] = tx8be.const dense<5.000000e-01> : tensor<8x16xf32>
// CHECK: %[[Z:.*]] = tx8be.const dense<0.000000e+00> : tensor<4x16xf32>
// CHECK: %[[G0:.*]] = tx8be.group -> tensor<4x16xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: %[[A:.*]] = tx8be.load_var %[[X]] : tensor<4x8xf32>
// CHECK-NEXT: %[[B:.*]] = tx8be.load_const %[[W]] : tensor<8x16xf32>
// CHECK-NEXT: %[[Y:.*]] = tx8be.Gemm(%[[A]], %[[B]])
// CHECK-NEXT: %[[S:.*]] = tx8be.store_var %[[Y]] : tensor<4x16xf32>
// CHECK-NEXT: tx8be.yield %[[S]] : tensor<4x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = tx8be.Reshape(%[[G0]]) : (tensor<4x16xf32>) -> tensor<64xf32>
// CHECK-NEXT: %[[R2:.*]] = tx8be.Reshape(%[[R]]) : (tensor<64xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %[[G1:.*]] = tx8be.group -> tensor<4x16xf32> attributes {group_id = 1 : i64} {
// CHECK-NEXT: %[[C:.*]] = tx8be.load_var %[[R2]] : tensor<4x16xf32>
// CHECK-NEXT: %[[D:.*]] = tx8be.load_const %[[Z]] : tensor<4x16xf32>
// CHECK-NEXT: %[[M:.*]] = tx8be.Binary(%[[C]], %[[D]]) {kind = "max"}
// CHECK-NEXT: %[[T:.*]] = tx8be.store_var %[[M]]
// CHECK-NEXT: tx8be.yield %[[T]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[G1]] : tensor<4x16xf32>

// Grouping grouped IR again changes nothing: still two groups, no group
// inside a group.
// AGAIN-LABEL: func.func @mlp
// AGAIN: tx8be.group {{.*}}group_id = 0
// AGAIN-NOT: tx8be.group
// AGAIN: tx8be.Reshape
// AGAIN: tx8be.group {{.*}}group_id = 1
// AGAIN-NOT: tx8be.group
// AGAIN: return
func.func @mlp(%x: tensor<4x8xf32>) -> tensor<4x16xf32> {
  %w = tx8be.const dense<0.5> : tensor<8x16xf32>
  %z = tx8be.const dense<0.0> : tensor<4x16xf32>
  %y = tx8be.Gemm(%x, %w) {trans_a = false, trans_b = false} : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %r = tx8be.Reshape(%y) : (tensor<4x16xf32>) -> tensor<64xf32>
  %b = tx8be.Reshape(%r) : (tensor<64xf32>) -> tensor<4x16xf32>
  %m = tx8be.Binary(%b, %z) {kind = "max"} : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  return %m : tensor<4x16xf32>
}
