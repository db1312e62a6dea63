// RUN: strata-opt %s -tx8be-reduce-through-transpose | FileCheck %s
// tx8be-reduce-through-transpose: reductions of a transpose reduce the
// transpose's input when the dims they keep are in the same order on both
// sides; the transpose goes away.

// ResNet's global average pool after cancel-transposes: NHWC -> NCHW, then
// reduce W, reduce H. Alone the first reduction keeps (N, C, H), which the
// transpose reorders; the chain keeps (N, C), in order in NHWC: W then H
// of the NHWC input.
// CHECK-LABEL: func.func @pool_chain
// CHECK-SAME: (%[[X:.*]]: tensor<2x5x7x64xf32>)
// CHECK-NEXT: %[[W:.*]] = tx8be.Reduce(%[[X]]) {axes = array<i64: 2>, kind = "sum"} : (tensor<2x5x7x64xf32>) -> tensor<2x5x64xf32>
// CHECK-NEXT: %[[H:.*]] = tx8be.Reduce(%[[W]]) {axes = array<i64: 1>, kind = "sum"} : (tensor<2x5x64xf32>) -> tensor<2x64xf32>
// CHECK-NEXT: return %[[H]]
func.func @pool_chain(%x: tensor<2x5x7x64xf32>) -> tensor<2x64xf32> {
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 3, 1, 2>} : (tensor<2x5x7x64xf32>) -> tensor<2x64x5x7xf32>
  %r1 = tx8be.Reduce(%t) {axes = array<i64: 3>, kind = "sum"} : (tensor<2x64x5x7xf32>) -> tensor<2x64x5xf32>
  %r2 = tx8be.Reduce(%r1) {axes = array<i64: 2>, kind = "sum"} : (tensor<2x64x5xf32>) -> tensor<2x64xf32>
  return %r2 : tensor<2x64xf32>
}

// One reduction is enough when the transpose keeps the other dims in order:
// [A, B, C] -> [A, C, B] reduced over C is [A, B, C] reduced over C.
// CHECK-LABEL: func.func @single
// CHECK-SAME: (%[[X:.*]]: tensor<3x4x5xf32>)
// CHECK-NEXT: %[[R:.*]] = tx8be.Reduce(%[[X]]) {axes = array<i64: 2>, kind = "max"} : (tensor<3x4x5xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @single(%x: tensor<3x4x5xf32>) -> tensor<3x4xf32> {
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 2, 1>} : (tensor<3x4x5xf32>) -> tensor<3x5x4xf32>
  %r = tx8be.Reduce(%t) {axes = array<i64: 1>, kind = "max"} : (tensor<3x5x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// A reshape merging transposed axes into the reduced one: the merged axes
// come from adjacent axes of the input, which a reshape of the input
// collapses (the form after collapse-transpose-dims: [N,H,W,C] ->
// [N,C,H,W] -> [N,C,H*W], reduce H*W).
// CHECK-LABEL: func.func @merged_by_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<2x5x7x64xf32>)
// CHECK-NEXT: %[[V:.*]] = tx8be.Reshape(%[[X]]) : (tensor<2x5x7x64xf32>) -> tensor<2x35x64xf32>
// CHECK-NEXT: %[[R:.*]] = tx8be.Reduce(%[[V]]) {axes = array<i64: 1>, kind = "sum"} : (tensor<2x35x64xf32>) -> tensor<2x64xf32>
// CHECK-NEXT: return %[[R]]
func.func @merged_by_reshape(%x: tensor<2x5x7x64xf32>) -> tensor<2x64xf32> {
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 3, 1, 2>} : (tensor<2x5x7x64xf32>) -> tensor<2x64x5x7xf32>
  %m = tx8be.Reshape(%t) : (tensor<2x64x5x7xf32>) -> tensor<2x64x35xf32>
  %r = tx8be.Reduce(%m) {axes = array<i64: 2>, kind = "sum"} : (tensor<2x64x35xf32>) -> tensor<2x64xf32>
  return %r : tensor<2x64xf32>
}

// Must not fire: the kept dims come out of the transpose in another order
// ([A, B, C] -> [C, A, B], reduce B keeps (C, A); reducing the input would
// give (A, C)).
// CHECK-LABEL: func.func @kept_dims_reordered
// CHECK-NEXT: %[[T:.*]] = tx8be.Transpose
// CHECK-NEXT: %[[R:.*]] = tx8be.Reduce(%[[T]]) {axes = array<i64: 2>, kind = "sum"} : (tensor<5x3x4xf32>) -> tensor<5x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @kept_dims_reordered(%x: tensor<3x4x5xf32>) -> tensor<5x3xf32> {
  %t = tx8be.Transpose(%x) {perm = array<i64: 2, 0, 1>} : (tensor<3x4x5xf32>) -> tensor<5x3x4xf32>
  %r = tx8be.Reduce(%t) {axes = array<i64: 2>, kind = "sum"} : (tensor<5x3x4xf32>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// Must not fire: the reshape merges axes that are not adjacent in the
// input ([A, B, C, D] -> [A, C, B, D] merged as [A, C, B*D]).
// CHECK-LABEL: func.func @merged_axes_apart
// CHECK-NEXT: tx8be.Transpose
// CHECK-NEXT: tx8be.Reshape
// CHECK-NEXT: tx8be.Reduce
func.func @merged_axes_apart(%x: tensor<2x3x4x5xf32>) -> tensor<2x4xf32> {
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x3x4x5xf32>) -> tensor<2x4x3x5xf32>
  %m = tx8be.Reshape(%t) : (tensor<2x4x3x5xf32>) -> tensor<2x4x15xf32>
  %r = tx8be.Reduce(%m) {axes = array<i64: 2>, kind = "sum"} : (tensor<2x4x15xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
