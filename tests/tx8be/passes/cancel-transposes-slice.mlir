// RUN: strata-opt %s -tx8be-cancel-transposes | FileCheck %s
// tx8be-cancel-transposes sinks a transpose below the slices that read it,
// with their starts, limits and strides moved to the dims they cut.

// RexNet's residual: the block's NHWC output, seen as NCHW, is cut into its
// first channels (added to the block's input) and the rest (appended by a
// concat); the next conv takes NHWC again. Every transpose cancels and the
// slices, the add and the concat work on the channel axis of NHWC.
// CHECK-LABEL: func.func @residual_slices
// CHECK-SAME: (%[[A:.*]]: tensor<1x4x4x8xf32>, %[[B:.*]]: tensor<1x4x4x6xf32>)
// CHECK-NOT: tx8be.Transpose
// CHECK-DAG: %[[S0:.*]] = tx8be.Slice(%[[A]]) {limits = array<i64: 1, 4, 4, 6>, starts = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x6xf32>
// CHECK-DAG: %[[S1:.*]] = tx8be.Slice(%[[A]]) {limits = array<i64: 1, 4, 4, 8>, starts = array<i64: 0, 0, 0, 6>, strides = array<i64: 1, 1, 1, 1>} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x2xf32>
// CHECK: %[[ADD:.*]] = tx8be.Binary(%[[S0]], %[[B]]) {kind = "add"} : (tensor<1x4x4x6xf32>, tensor<1x4x4x6xf32>) -> tensor<1x4x4x6xf32>
// CHECK: %[[K:.*]] = tx8be.Concat(%[[ADD]], %[[S1]]) {axis = 3 : i64} : (tensor<1x4x4x6xf32>, tensor<1x4x4x2xf32>) -> tensor<1x4x4x8xf32>
// CHECK-NOT: tx8be.Transpose
// CHECK: return %[[K]]
func.func @residual_slices(%a: tensor<1x4x4x8xf32>, %b: tensor<1x4x4x6xf32>) -> tensor<1x4x4x8xf32> {
  %ta = tx8be.Transpose(%a) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %tb = tx8be.Transpose(%b) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x6xf32>) -> tensor<1x6x4x4xf32>
  %s0 = tx8be.Slice(%ta) {limits = array<i64: 1, 6, 4, 4>, starts = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x6x4x4xf32>
  %s1 = tx8be.Slice(%ta) {limits = array<i64: 1, 8, 4, 4>, starts = array<i64: 0, 6, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x2x4x4xf32>
  %add = tx8be.Binary(%s0, %tb) {kind = "add"} : (tensor<1x6x4x4xf32>, tensor<1x6x4x4xf32>) -> tensor<1x6x4x4xf32>
  %k = tx8be.Concat(%add, %s1) {axis = 1 : i64} : (tensor<1x6x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x8x4x4xf32>
  %u = tx8be.Transpose(%k) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x8xf32>
  return %u : tensor<1x4x4x8xf32>
}

// Strides and a slice of rows move too: rows 1, 3 of NCHW dim 2 are rows
// of NHWC dim 1.
// CHECK-LABEL: func.func @strided_rows
// CHECK-NEXT: %[[S:.*]] = tx8be.Slice(%{{.*}}) {limits = array<i64: 1, 4, 4, 8>, starts = array<i64: 0, 1, 0, 0>, strides = array<i64: 1, 2, 1, 1>} : (tensor<1x4x4x8xf32>) -> tensor<1x2x4x8xf32>
// CHECK-NEXT: %[[T:.*]] = tx8be.Transpose(%[[S]]) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x2x4x8xf32>) -> tensor<1x8x2x4xf32>
// CHECK-NEXT: return %[[T]]
func.func @strided_rows(%a: tensor<1x4x4x8xf32>) -> tensor<1x8x2x4xf32> {
  %ta = tx8be.Transpose(%a) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %s = tx8be.Slice(%ta) {limits = array<i64: 1, 8, 4, 4>, starts = array<i64: 0, 0, 1, 0>, strides = array<i64: 1, 1, 2, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x8x2x4xf32>
  return %s : tensor<1x8x2x4xf32>
}

// A transpose that another op reads whole stays, and so does its slice:
// sinking would add a transpose instead of moving one.
// CHECK-LABEL: func.func @other_reader
// CHECK: %[[T:.*]] = tx8be.Transpose
// CHECK: tx8be.Slice(%[[T]])
func.func @other_reader(%a: tensor<1x4x4x8xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x8x4x4xf32>) {
  %ta = tx8be.Transpose(%a) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %s = tx8be.Slice(%ta) {limits = array<i64: 1, 2, 4, 4>, starts = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x2x4x4xf32>
  %r = tx8be.Unary(%ta) {kind = "relu"} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %s, %r : tensor<1x2x4x4xf32>, tensor<1x8x4x4xf32>
}

// Slices that meet no inverse transpose (a ViT's q, k and v, read by
// matmuls) keep the one transpose they share: sinking would make one per
// slice, more groups for the same bytes.
// CHECK-LABEL: func.func @slices_without_inverse
// CHECK: %[[T:.*]] = tx8be.Transpose
// CHECK-NOT: tx8be.Transpose
// CHECK: tx8be.Slice(%[[T]])
// CHECK: tx8be.Slice(%[[T]])
func.func @slices_without_inverse(%a: tensor<1x4x4x8xf32>) -> (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) {
  %ta = tx8be.Transpose(%a) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %s0 = tx8be.Slice(%ta) {limits = array<i64: 1, 4, 4, 4>, starts = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x4xf32>
  %s1 = tx8be.Slice(%ta) {limits = array<i64: 1, 8, 4, 4>, starts = array<i64: 0, 4, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %s0, %s1 : tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>
}
