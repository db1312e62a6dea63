// RUN: strata-opt %s -tx8be-fold-transpose-into-gemm | FileCheck %s
// tx8be-fold-transpose-into-gemm moves the last-two-axes swap of a
// transpose feeding a Gemm operand into the Gemm's trans_a / trans_b (the
// NE reads a swapped operand for free). What is left of the permutation
// stays a transpose; the identity disappears.

// Attention's K^T: (0,2,3,1) then a reshape regrouping the leading dims
// becomes (0,2,1,3) (head dim kept contiguous), the reshape keeps the
// swapped last two dims, and trans_b turns on.
// CHECK-LABEL: func.func @k_transposed
// CHECK-SAME: (%[[Q:.*]]: tensor<6x4x8xf32>, %[[K:.*]]: tensor<2x4x3x8xf32>)
// CHECK-NEXT: %[[T:.*]] = tx8be.Transpose(%[[K]]) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x3x8xf32>) -> tensor<2x3x4x8xf32>
// CHECK-NEXT: %[[R:.*]] = tx8be.Reshape(%[[T]]) : (tensor<2x3x4x8xf32>) -> tensor<6x4x8xf32>
// CHECK-NEXT: %[[G:.*]] = tx8be.Gemm(%[[Q]], %[[R]]) {trans_b = true} : (tensor<6x4x8xf32>, tensor<6x4x8xf32>) -> tensor<6x4x4xf32>
// CHECK-NEXT: return %[[G]]
func.func @k_transposed(%q: tensor<6x4x8xf32>, %k: tensor<2x4x3x8xf32>) -> tensor<6x4x4xf32> {
  %t = tx8be.Transpose(%k) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x4x3x8xf32>) -> tensor<2x3x8x4xf32>
  %r = tx8be.Reshape(%t) : (tensor<2x3x8x4xf32>) -> tensor<6x8x4xf32>
  %g = tx8be.Gemm(%q, %r) {trans_a = false, trans_b = false} : (tensor<6x4x8xf32>, tensor<6x8x4xf32>) -> tensor<6x4x4xf32>
  return %g : tensor<6x4x4xf32>
}

// A plain 2-D transpose of A vanishes into trans_a; B's flag is untouched.
// CHECK-LABEL: func.func @a_and_b
// CHECK-SAME: (%[[A:.*]]: tensor<8x4xf32>, %[[B:.*]]: tensor<5x8xf32>)
// CHECK-NEXT: %[[G:.*]] = tx8be.Gemm(%[[A]], %[[B]]) {trans_a = true, trans_b = true} : (tensor<8x4xf32>, tensor<5x8xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: return %[[G]]
func.func @a_and_b(%a: tensor<8x4xf32>, %b: tensor<5x8xf32>) -> tensor<4x5xf32> {
  %ta = tx8be.Transpose(%a) {perm = array<i64: 1, 0>} : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %g = tx8be.Gemm(%ta, %b) {trans_a = false, trans_b = true} : (tensor<4x8xf32>, tensor<5x8xf32>) -> tensor<4x5xf32>
  return %g : tensor<4x5xf32>
}

// Not folded: the transpose has another user; the reshape mixes the last
// two dims; a transpose keeping the last axis (Q in attention) would start
// moving it.
// CHECK-LABEL: func.func @kept
// CHECK: tx8be.Transpose(%{{.*}}) {perm = array<i64: 1, 0>}
// CHECK: tx8be.Gemm(%{{.*}}, %{{.*}}) : (
// CHECK: tx8be.Transpose(%{{.*}}) {perm = array<i64: 0, 2, 1>}
// CHECK: tx8be.Reshape
// CHECK: tx8be.Gemm(%{{.*}}, %{{.*}}) : (
// CHECK: tx8be.Transpose(%{{.*}}) {perm = array<i64: 1, 0, 2>}
// CHECK: tx8be.Gemm(%{{.*}}, %{{.*}}) {trans_b = true} : (
func.func @kept(%a: tensor<8x4xf32>, %b: tensor<8x5xf32>, %c: tensor<2x3x4xf32>, %d: tensor<5x8xf32>) -> (tensor<4x5xf32>, tensor<4x8xf32>, tensor<5x3xf32>) {
  %ta = tx8be.Transpose(%a) {perm = array<i64: 1, 0>} : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %g = tx8be.Gemm(%ta, %b) {trans_a = false, trans_b = false} : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %tc = tx8be.Transpose(%c) {perm = array<i64: 0, 2, 1>} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  %rc = tx8be.Reshape(%tc) : (tensor<2x4x3xf32>) -> tensor<8x3xf32>
  %g2 = tx8be.Gemm(%d, %rc) {trans_a = false, trans_b = false} : (tensor<5x8xf32>, tensor<8x3xf32>) -> tensor<5x3xf32>
  return %g, %ta, %g2 : tensor<4x5xf32>, tensor<4x8xf32>, tensor<5x3xf32>
}

func.func @q_kept(%q: tensor<4x3x8xf32>, %k: tensor<3x4x8xf32>) -> tensor<3x4x4xf32> {
  %t = tx8be.Transpose(%q) {perm = array<i64: 1, 0, 2>} : (tensor<4x3x8xf32>) -> tensor<3x4x8xf32>
  %g = tx8be.Gemm(%t, %k) {trans_b = true} : (tensor<3x4x8xf32>, tensor<3x4x8xf32>) -> tensor<3x4x4xf32>
  return %g : tensor<3x4x4xf32>
}
