// RUN: strata-opt %s -tx8be-collapse-transpose-dims | FileCheck %s
// tx8be-collapse-transpose-dims: axes that stay together, in order, move
// as one axis. NCHW -> NHWC is the batched swap [N, C, H*W] -> [N, H*W, C]
// between two (free) reshapes; a transpose where no two axes move together
// is left alone.

// CHECK-LABEL: func.func @nchw_to_nhwc
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x5x7xbf16>)
// CHECK-NEXT: %[[A:.*]] = tx8be.Reshape(%[[X]]) : (tensor<2x3x5x7xbf16>) -> tensor<2x3x35xbf16>
// CHECK-NEXT: %[[T:.*]] = tx8be.Transpose(%[[A]]) {perm = array<i64: 0, 2, 1>} : (tensor<2x3x35xbf16>) -> tensor<2x35x3xbf16>
// CHECK-NEXT: %[[B:.*]] = tx8be.Reshape(%[[T]]) : (tensor<2x35x3xbf16>) -> tensor<2x5x7x3xbf16>
// CHECK-NEXT: %[[R:.*]] = tx8be.Unary(%[[B]]) {kind = "relu"}
// CHECK-NEXT: return %[[R]]
func.func @nchw_to_nhwc(%x: tensor<2x3x5x7xbf16>) -> tensor<2x5x7x3xbf16> {
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x3x5x7xbf16>) -> tensor<2x5x7x3xbf16>
  %r = tx8be.Unary(%t) {kind = "relu"} : (tensor<2x5x7x3xbf16>) -> tensor<2x5x7x3xbf16>
  return %r : tensor<2x5x7x3xbf16>
}

// CHECK-LABEL: func.func @heads
// CHECK-NEXT: tx8be.Transpose(%{{.*}}) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x3x8xbf16>) -> tensor<2x3x4x8xbf16>
// CHECK-NEXT: return
func.func @heads(%x: tensor<2x4x3x8xbf16>) -> tensor<2x3x4x8xbf16> {
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x3x8xbf16>) -> tensor<2x3x4x8xbf16>
  return %t : tensor<2x3x4x8xbf16>
}

// A model's NCHW input feeding a conv stays one 4-D transpose: the conv's
// group transposes each box of image rows on chip, and the operator library
// merges H and W itself. A transpose also used by another op is collapsed.
// CHECK-LABEL: func.func @conv_input
// CHECK-NEXT: %[[T:.*]] = tx8be.Transpose(%arg0) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x3x8x8xbf16>) -> tensor<1x8x8x3xbf16>
// CHECK-NEXT: tx8be.Conv(%[[T]], %arg1)
// CHECK-NEXT: tx8be.Reshape(%arg0) : (tensor<1x3x8x8xbf16>) -> tensor<1x3x64xbf16>
// CHECK-NEXT: tx8be.Transpose(%{{.*}}) {perm = array<i64: 0, 2, 1>}
// CHECK-NEXT: %[[B:.*]] = tx8be.Reshape
// CHECK-NEXT: tx8be.Conv(%[[B]], %arg1)
// CHECK-NEXT: tx8be.Unary(%[[B]])
func.func @conv_input(%x: tensor<1x3x8x8xbf16>, %w: tensor<3x3x3x4xbf16>) -> (tensor<1x6x6x4xbf16>, tensor<1x6x6x4xbf16>, tensor<1x8x8x3xbf16>) {
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x3x8x8xbf16>) -> tensor<1x8x8x3xbf16>
  %c = tx8be.Conv(%t, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x8x8x3xbf16>, tensor<3x3x3x4xbf16>) -> tensor<1x6x6x4xbf16>
  %t2 = tx8be.Transpose(%x) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x3x8x8xbf16>) -> tensor<1x8x8x3xbf16>
  %c2 = tx8be.Conv(%t2, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x8x8x3xbf16>, tensor<3x3x3x4xbf16>) -> tensor<1x6x6x4xbf16>
  %r = tx8be.Unary(%t2) {kind = "relu"} : (tensor<1x8x8x3xbf16>) -> tensor<1x8x8x3xbf16>
  return %c, %c2, %r : tensor<1x6x6x4xbf16>, tensor<1x6x6x4xbf16>, tensor<1x8x8x3xbf16>
}
