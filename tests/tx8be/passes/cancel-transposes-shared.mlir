// RUN: strata-opt %s -tx8be-cancel-transposes | FileCheck %s
// tx8be-cancel-transposes also sinks a transpose that has other users, when
// the element-wise op's transposed result is read by the inverse transpose
// (the squeeze-excitation multiply of an NCHW export, whose input also feeds
// the pool); an operand whose permutation moves only unit dims is reshaped.
// Once the transposes have settled, one that moves only unit dims is a
// reshape.

// The multiply runs in NHWC; the pool still reads the NCHW transpose.
// CHECK-LABEL: func.func @shared
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x4x8xf32>, %[[S:.*]]: tensor<1x1x1x8xf32>)
// CHECK-NEXT: %[[T:.*]] = tx8be.Transpose(%[[X]]) {perm = array<i64: 0, 3, 1, 2>}
// CHECK-NEXT: %[[P:.*]] = tx8be.Reduce(%[[T]])
// CHECK-NEXT: %[[M:.*]] = tx8be.Binary(%[[S]], %[[X]]) {kind = "mul"} : (tensor<1x1x1x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
// CHECK-NEXT: return %[[M]], %[[P]]
func.func @shared(%x: tensor<1x4x4x8xf32>, %s: tensor<1x1x1x8xf32>) -> (tensor<1x4x4x8xf32>, tensor<1x8x4xf32>) {
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %p = tx8be.Reduce(%t) {axes = array<i64: 3>, kind = "sum"} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4xf32>
  %st = tx8be.Transpose(%s) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x1x1x8xf32>) -> tensor<1x8x1x1xf32>
  %m = tx8be.Binary(%st, %t) {kind = "mul"} : (tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %u = tx8be.Transpose(%m) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x8xf32>
  return %u, %p : tensor<1x4x4x8xf32>, tensor<1x8x4xf32>
}

// The scale arrives as a reshape [1, 8] -> [1, 8, 1, 1]: reshaped to
// [1, 1, 1, 8] (from the [1, 8], not stacked on the first reshape).
// CHECK-LABEL: func.func @reshaped_operand
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x4x8xf32>, %[[S:.*]]: tensor<1x8xf32>)
// CHECK: %[[R:.*]] = tx8be.Reshape(%[[S]]) : (tensor<1x8xf32>) -> tensor<1x1x1x8xf32>
// CHECK-NEXT: %[[M:.*]] = tx8be.Binary(%[[R]], %[[X]]) {kind = "mul"} : (tensor<1x1x1x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
// CHECK-NEXT: return %[[M]], %{{.*}}
func.func @reshaped_operand(%x: tensor<1x4x4x8xf32>, %s: tensor<1x8xf32>) -> (tensor<1x4x4x8xf32>, tensor<1x8x4xf32>) {
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %p = tx8be.Reduce(%t) {axes = array<i64: 3>, kind = "sum"} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4xf32>
  %sr = tx8be.Reshape(%s) : (tensor<1x8xf32>) -> tensor<1x8x1x1xf32>
  %m = tx8be.Binary(%sr, %t) {kind = "mul"} : (tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %u = tx8be.Transpose(%m) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x8xf32>
  return %u, %p : tensor<1x4x4x8xf32>, tensor<1x8x4xf32>
}

// Without the inverse transpose after it, sinking a shared transpose would
// add one: the op stays.
// CHECK-LABEL: func.func @shared_kept
// CHECK: %[[T:.*]] = tx8be.Transpose
// CHECK: tx8be.Binary(%{{.*}}, %[[T]]) {kind = "mul"} : (tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>)
func.func @shared_kept(%x: tensor<1x4x4x8xf32>, %s: tensor<1x8x1x1xf32>) -> (tensor<1x8x4x4xf32>, tensor<1x8x4xf32>) {
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %p = tx8be.Reduce(%t) {axes = array<i64: 3>, kind = "sum"} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4xf32>
  %m = tx8be.Binary(%s, %t) {kind = "mul"} : (tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %m, %p : tensor<1x8x4x4xf32>, tensor<1x8x4xf32>
}

// [1, 8, 1, 1] -> [1, 1, 1, 8] moves only unit dims: a reshape.
// CHECK-LABEL: func.func @unit_dims
// CHECK-NEXT: %[[R:.*]] = tx8be.Reshape(%{{.*}}) : (tensor<1x8x1x1xf32>) -> tensor<1x1x1x8xf32>
// CHECK-NEXT: return %[[R]]
func.func @unit_dims(%x: tensor<1x8x1x1xf32>) -> tensor<1x1x1x8xf32> {
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x8x1x1xf32>) -> tensor<1x1x1x8xf32>
  return %t : tensor<1x1x1x8xf32>
}

// Two dims other than 1 swap: a real transpose.
// CHECK-LABEL: func.func @not_unit_dims
// CHECK-NEXT: tx8be.Transpose
func.func @not_unit_dims(%x: tensor<1x8x1x2xf32>) -> tensor<1x1x2x8xf32> {
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x8x1x2xf32>) -> tensor<1x1x2x8xf32>
  return %t : tensor<1x1x2x8xf32>
}

// The inverse transpose comes after a clip: the multiply sinks, then the
// clip, and the pair cancels.
// CHECK-LABEL: func.func @shared_chain
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x4x8xf32>, %[[S:.*]]: tensor<1x1x1x8xf32>)
// CHECK: %[[M:.*]] = tx8be.Binary(%[[S]], %[[X]]) {kind = "mul"} : (tensor<1x1x1x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
// CHECK-NEXT: %[[C:.*]] = tx8be.Unary(%[[M]]) {kind = "relu"} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
// CHECK-NEXT: return %[[C]], %{{.*}}
func.func @shared_chain(%x: tensor<1x4x4x8xf32>, %s: tensor<1x1x1x8xf32>) -> (tensor<1x4x4x8xf32>, tensor<1x8x4xf32>) {
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %p = tx8be.Reduce(%t) {axes = array<i64: 3>, kind = "sum"} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4xf32>
  %st = tx8be.Transpose(%s) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x1x1x8xf32>) -> tensor<1x8x1x1xf32>
  %m = tx8be.Binary(%st, %t) {kind = "mul"} : (tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %c = tx8be.Unary(%m) {kind = "relu"} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %u = tx8be.Transpose(%c) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x8xf32>
  return %u, %p : tensor<1x4x4x8xf32>, tensor<1x8x4xf32>
}
