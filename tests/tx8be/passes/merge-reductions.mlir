// RUN: strata-opt %s -tx8be-merge-reductions | FileCheck %s
// tx8be-merge-reductions: two reductions of one kind over the last two
// axes become one over the two collapsed by a reshape.

// Reduce W then H of [N, C, H, W] (the lowering's pool, one reduce per axis).
// CHECK-LABEL: func.func @last_two
// CHECK-SAME: (%[[X:.*]]: tensor<2x64x5x7xf32>)
// CHECK-NEXT: %[[V:.*]] = tx8be.Reshape(%[[X]]) : (tensor<2x64x5x7xf32>) -> tensor<2x64x35xf32>
// CHECK-NEXT: %[[R:.*]] = tx8be.Reduce(%[[V]]) {axes = array<i64: 2>, kind = "sum"} : (tensor<2x64x35xf32>) -> tensor<2x64xf32>
// CHECK-NEXT: return %[[R]]
func.func @last_two(%x: tensor<2x64x5x7xf32>) -> tensor<2x64xf32> {
  %r1 = tx8be.Reduce(%x) {axes = array<i64: 3>, kind = "sum"} : (tensor<2x64x5x7xf32>) -> tensor<2x64x5xf32>
  %r2 = tx8be.Reduce(%r1) {axes = array<i64: 2>, kind = "sum"} : (tensor<2x64x5xf32>) -> tensor<2x64xf32>
  return %r2 : tensor<2x64xf32>
}

// The other order (H first, then W, now axis 2) and a reshape already in
// front: the new reshape starts from its input, which has the merged dims.
// CHECK-LABEL: func.func @through_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<2x64x35xf32>)
// CHECK-NEXT: %[[R:.*]] = tx8be.Reduce(%[[X]]) {axes = array<i64: 2>, kind = "max"} : (tensor<2x64x35xf32>) -> tensor<2x64xf32>
// CHECK-NEXT: return %[[R]]
func.func @through_reshape(%x: tensor<2x64x35xf32>) -> tensor<2x64xf32> {
  %s = tx8be.Reshape(%x) : (tensor<2x64x35xf32>) -> tensor<2x64x5x7xf32>
  %r1 = tx8be.Reduce(%s) {axes = array<i64: 2>, kind = "max"} : (tensor<2x64x5x7xf32>) -> tensor<2x64x7xf32>
  %r2 = tx8be.Reduce(%r1) {axes = array<i64: 2>, kind = "max"} : (tensor<2x64x7xf32>) -> tensor<2x64xf32>
  return %r2 : tensor<2x64xf32>
}

// Three in a row become one over the last three.
// CHECK-LABEL: func.func @three
// CHECK-NEXT: %[[V:.*]] = tx8be.Reshape(%{{.*}}) : (tensor<2x3x4x5xf32>) -> tensor<2x60xf32>
// CHECK-NEXT: %[[R:.*]] = tx8be.Reduce(%[[V]]) {axes = array<i64: 1>, kind = "mean"} : (tensor<2x60xf32>) -> tensor<2xf32>
// CHECK-NEXT: return %[[R]]
func.func @three(%x: tensor<2x3x4x5xf32>) -> tensor<2xf32> {
  %r1 = tx8be.Reduce(%x) {axes = array<i64: 3>, kind = "mean"} : (tensor<2x3x4x5xf32>) -> tensor<2x3x4xf32>
  %r2 = tx8be.Reduce(%r1) {axes = array<i64: 2>, kind = "mean"} : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
  %r3 = tx8be.Reduce(%r2) {axes = array<i64: 1>, kind = "mean"} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r3 : tensor<2xf32>
}

// Must not fire: the kinds differ (a max of sums).
// CHECK-LABEL: func.func @kinds_differ
// CHECK-NEXT: tx8be.Reduce(%{{.*}}) {axes = array<i64: 3>, kind = "sum"}
// CHECK-NEXT: tx8be.Reduce(%{{.*}}) {axes = array<i64: 2>, kind = "max"}
func.func @kinds_differ(%x: tensor<2x64x5x7xf32>) -> tensor<2x64xf32> {
  %r1 = tx8be.Reduce(%x) {axes = array<i64: 3>, kind = "sum"} : (tensor<2x64x5x7xf32>) -> tensor<2x64x5xf32>
  %r2 = tx8be.Reduce(%r1) {axes = array<i64: 2>, kind = "max"} : (tensor<2x64x5xf32>) -> tensor<2x64xf32>
  return %r2 : tensor<2x64xf32>
}

// Must not fire: the reductions keep the last dim (channel-blocked; the
// reshape would be dense): ResNet's pool on NHWC stays W then H.
// CHECK-LABEL: func.func @keeps_channel
// CHECK-NEXT: tx8be.Reduce(%{{.*}}) {axes = array<i64: 2>, kind = "sum"} : (tensor<2x5x7x64xf32>) -> tensor<2x5x64xf32>
// CHECK-NEXT: tx8be.Reduce(%{{.*}}) {axes = array<i64: 1>, kind = "sum"} : (tensor<2x5x64xf32>) -> tensor<2x64xf32>
func.func @keeps_channel(%x: tensor<2x5x7x64xf32>) -> tensor<2x64xf32> {
  %r1 = tx8be.Reduce(%x) {axes = array<i64: 2>, kind = "sum"} : (tensor<2x5x7x64xf32>) -> tensor<2x5x64xf32>
  %r2 = tx8be.Reduce(%r1) {axes = array<i64: 1>, kind = "sum"} : (tensor<2x5x64xf32>) -> tensor<2x64xf32>
  return %r2 : tensor<2x64xf32>
}

// Must not fire: the first reduction's result has another user.
// CHECK-LABEL: func.func @shared
// CHECK-NEXT: tx8be.Reduce(%{{.*}}) {axes = array<i64: 3>
// CHECK-NEXT: tx8be.Reduce(%{{.*}}) {axes = array<i64: 2>
func.func @shared(%x: tensor<2x64x5x7xf32>) -> (tensor<2x64xf32>, tensor<2x64x5xf32>) {
  %r1 = tx8be.Reduce(%x) {axes = array<i64: 3>, kind = "sum"} : (tensor<2x64x5x7xf32>) -> tensor<2x64x5xf32>
  %r2 = tx8be.Reduce(%r1) {axes = array<i64: 2>, kind = "sum"} : (tensor<2x64x5xf32>) -> tensor<2x64xf32>
  return %r2, %r1 : tensor<2x64xf32>, tensor<2x64x5xf32>
}

// Not when the merged axis would be longer than one step can hold (a
// reduction's axis is never split): 200000 x 200000 stays two reductions,
// each over rows of 200000.
// CHECK-LABEL: func.func @too_long
// CHECK-NEXT: tx8be.Reduce(%{{.*}}) {axes = array<i64: 1>, kind = "sum"}
// CHECK-NEXT: tx8be.Reduce(%{{.*}}) {axes = array<i64: 0>, kind = "sum"}
func.func @too_long(%x: tensor<200000x200000xf32>) -> tensor<f32> {
  %r1 = tx8be.Reduce(%x) {axes = array<i64: 1>, kind = "sum"} : (tensor<200000x200000xf32>) -> tensor<200000xf32>
  %r2 = tx8be.Reduce(%r1) {axes = array<i64: 0>, kind = "sum"} : (tensor<200000xf32>) -> tensor<f32>
  return %r2 : tensor<f32>
}

// A reduction over an axis of length 1 is a reshape (a 1x1 map's pool);
// the one over the axis of 7 stays.
// CHECK-LABEL: func.func @unit_axis
// CHECK-SAME: (%[[X:.*]]: tensor<1x7x1x8xf32>)
// CHECK-NEXT: %[[V:.*]] = tx8be.Reshape(%[[X]]) : (tensor<1x7x1x8xf32>) -> tensor<1x7x8xf32>
// CHECK-NEXT: %[[R:.*]] = tx8be.Reduce(%[[V]]) {axes = array<i64: 1>, kind = "mean"} : (tensor<1x7x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT: return %[[R]]
func.func @unit_axis(%x: tensor<1x7x1x8xf32>) -> tensor<1x8xf32> {
  %r1 = tx8be.Reduce(%x) {axes = array<i64: 2>, kind = "mean"} : (tensor<1x7x1x8xf32>) -> tensor<1x7x8xf32>
  %r2 = tx8be.Reduce(%r1) {axes = array<i64: 1>, kind = "mean"} : (tensor<1x7x8xf32>) -> tensor<1x8xf32>
  return %r2 : tensor<1x8xf32>
}
