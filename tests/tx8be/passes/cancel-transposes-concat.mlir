// RUN: strata-opt %s -tx8be-cancel-transposes | FileCheck %s
// tx8be-cancel-transposes sinks transposes below a Concat as below an
// element-wise op, concatenating along the axis the permutation maps the
// concat's axis to: DenseNet's NCHW concatenations of NHWC conv outputs
// then run in NHWC, on the channel axis, and the transposes around them
// cancel.

// Two NHWC features, each read by two concats (a dense block): both
// concats run on axis 3 of the NHWC features and no transpose is left.
// CHECK-LABEL: func.func @dense_block
// CHECK-SAME: (%[[A:.*]]: tensor<1x4x4x8xf32>, %[[B:.*]]: tensor<1x4x4x2xf32>, %[[C:.*]]: tensor<1x4x4x2xf32>)
// CHECK-NOT: tx8be.Transpose
// CHECK: %[[K1:.*]] = tx8be.Concat(%[[A]], %[[B]]) {axis = 3 : i64} : (tensor<1x4x4x8xf32>, tensor<1x4x4x2xf32>) -> tensor<1x4x4x10xf32>
// CHECK-NOT: tx8be.Transpose
// CHECK: %[[K2:.*]] = tx8be.Concat(%[[A]], %[[B]], %[[C]]) {axis = 3 : i64} : (tensor<1x4x4x8xf32>, tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>) -> tensor<1x4x4x12xf32>
// CHECK-NOT: tx8be.Transpose
// CHECK: return %[[K1]], %[[K2]]
func.func @dense_block(%a: tensor<1x4x4x8xf32>, %b: tensor<1x4x4x2xf32>, %c: tensor<1x4x4x2xf32>) -> (tensor<1x4x4x10xf32>, tensor<1x4x4x12xf32>) {
  %ta = tx8be.Transpose(%a) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %tb = tx8be.Transpose(%b) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x2xf32>) -> tensor<1x2x4x4xf32>
  %tc = tx8be.Transpose(%c) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x2xf32>) -> tensor<1x2x4x4xf32>
  %k1 = tx8be.Concat(%ta, %tb) {axis = 1 : i64} : (tensor<1x8x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x10x4x4xf32>
  %u1 = tx8be.Transpose(%k1) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x10x4x4xf32>) -> tensor<1x4x4x10xf32>
  %k2 = tx8be.Concat(%ta, %tb, %tc) {axis = 1 : i64} : (tensor<1x8x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x12x4x4xf32>
  %u2 = tx8be.Transpose(%k2) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x12x4x4xf32>) -> tensor<1x4x4x12xf32>
  return %u1, %u2 : tensor<1x4x4x10xf32>, tensor<1x4x4x12xf32>
}

// A negative axis counts from the end; single-use operand transposes sink
// even with no inverse after the concat (one transpose of the result
// instead of one per operand).
// CHECK-LABEL: func.func @negative_axis
// CHECK-SAME: (%[[A:.*]]: tensor<1x4x4x8xf32>, %[[B:.*]]: tensor<1x4x4x8xf32>)
// CHECK-NEXT: %[[K:.*]] = tx8be.Concat(%[[A]], %[[B]]) {axis = 3 : i64} : (tensor<1x4x4x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x16xf32>
// CHECK-NEXT: %[[T:.*]] = tx8be.Transpose(%[[K]]) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x16xf32>) -> tensor<1x16x4x4xf32>
// CHECK-NEXT: return %[[T]]
func.func @negative_axis(%a: tensor<1x4x4x8xf32>, %b: tensor<1x4x4x8xf32>) -> tensor<1x16x4x4xf32> {
  %ta = tx8be.Transpose(%a) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %tb = tx8be.Transpose(%b) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %k = tx8be.Concat(%ta, %tb) {axis = -3 : i64} : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x16x4x4xf32>
  return %k : tensor<1x16x4x4xf32>
}

// Operands transposed by different permutations stay as they are.
// CHECK-LABEL: func.func @mixed
// CHECK: tx8be.Transpose
// CHECK: tx8be.Transpose
// CHECK: tx8be.Concat({{.*}}) {axis = 1 : i64}
func.func @mixed(%a: tensor<1x4x4x8xf32>, %b: tensor<1x8x4x4xf32>) -> tensor<1x16x4x4xf32> {
  %ta = tx8be.Transpose(%a) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %tb = tx8be.Transpose(%b) {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %k = tx8be.Concat(%ta, %tb) {axis = 1 : i64} : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x16x4x4xf32>
  return %k : tensor<1x16x4x4xf32>
}
