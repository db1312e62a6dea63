// RUN: strata-opt %s -tx8be-cancel-transposes | FileCheck %s
// tx8be-cancel-transposes sinks a Transpose below element-wise ops (a
// constant operand is permuted at compile time), composes two Transposes in
// a row and drops the identity. A Transpose feeding a non-element-wise op
// stays.

// NCHW -> NHWC, relu, NHWC -> NCHW: only the relu is left.
// CHECK-LABEL: func.func @pair
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x3x4xf32>)
// CHECK-NEXT: %[[R:.*]] = tx8be.Unary(%[[X]]) {kind = "relu"} : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
// CHECK-NEXT: return %[[R]]

// The constant is transposed instead of the activation.
// CHECK-LABEL: func.func @with_const
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: %[[C:.*]] = tx8be.const dense<{{\[\[}}1.000000e+00, 3.000000e+00, 5.000000e+00], [2.000000e+00, 4.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// CHECK-NEXT: %[[A:.*]] = tx8be.Binary(%[[X]], %[[C]]) {kind = "add"} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: return %[[A]]

// (0,2,3,1) twice is (0,3,1,2).
// CHECK-LABEL: func.func @compose
// CHECK-NEXT: tx8be.Transpose(%{{.*}}) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @kept
// CHECK-NEXT: %[[T:.*]] = tx8be.Transpose(%{{.*}}) {perm = array<i64: 1, 0>}
// CHECK-NEXT: tx8be.Softmax(%[[T]])
func.func @pair(%x: tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32> {
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x2x3x4xf32>) -> tensor<1x3x4x2xf32>
  %r = tx8be.Unary(%t) {kind = "relu"} : (tensor<1x3x4x2xf32>) -> tensor<1x3x4x2xf32>
  %u = tx8be.Transpose(%r) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x3x4x2xf32>) -> tensor<1x2x3x4xf32>
  return %u : tensor<1x2x3x4xf32>
}
func.func @with_const(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c = tx8be.const dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %t = tx8be.Transpose(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %a = tx8be.Binary(%t, %c) {kind = "add"} : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %u = tx8be.Transpose(%a) {perm = array<i64: 1, 0>} : (tensor<3x2xf32>) -> tensor<2x3xf32>
  return %u : tensor<2x3xf32>
}
func.func @compose(%x: tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32> {
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x2x3x4xf32>) -> tensor<1x3x4x2xf32>
  %u = tx8be.Transpose(%t) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x3x4x2xf32>) -> tensor<1x4x2x3xf32>
  return %u : tensor<1x4x2x3xf32>
}
func.func @kept(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %t = tx8be.Transpose(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %g = tx8be.Softmax(%t) {axis = 1 : i64} : (tensor<3x2xf32>) -> tensor<3x2xf32>
  return %g : tensor<3x2xf32>
}
