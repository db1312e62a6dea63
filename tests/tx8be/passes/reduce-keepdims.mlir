// RUN: strata-opt %s -tx8be-reduce-keepdims | FileCheck %s
// tx8be-reduce-keepdims: a reshape that restores the reduced axes as unit
// dims after a chain of single-axis reductions becomes their keepdims, each
// axis counted in the input's dims.

// A global average pool of NHWC (W, then H) reshaped to [1, 1, 1, C].
// CHECK-LABEL: func.func @pool
// CHECK-NEXT: %[[A:.*]] = tx8be.Reduce(%{{.*}}) {axes = array<i64: 2>, keepdims = true, kind = "mean"} : (tensor<1x4x4x8xf32>) -> tensor<1x4x1x8xf32>
// CHECK-NEXT: %[[B:.*]] = tx8be.Reduce(%[[A]]) {axes = array<i64: 1>, keepdims = true, kind = "mean"} : (tensor<1x4x1x8xf32>) -> tensor<1x1x1x8xf32>
// CHECK-NEXT: return %[[B]]
func.func @pool(%x: tensor<1x4x4x8xf32>) -> tensor<1x1x1x8xf32> {
  %a = tx8be.Reduce(%x) {axes = array<i64: 2>, kind = "mean"} : (tensor<1x4x4x8xf32>) -> tensor<1x4x8xf32>
  %b = tx8be.Reduce(%a) {axes = array<i64: 1>, kind = "mean"} : (tensor<1x4x8xf32>) -> tensor<1x8xf32>
  %r = tx8be.Reshape(%b) : (tensor<1x8xf32>) -> tensor<1x1x1x8xf32>
  return %r : tensor<1x1x1x8xf32>
}

// One reduction, axis 1 of three.
// CHECK-LABEL: func.func @single
// CHECK-NEXT: %[[A:.*]] = tx8be.Reduce(%{{.*}}) {axes = array<i64: 1>, keepdims = true, kind = "max"} : (tensor<2x5x3xf32>) -> tensor<2x1x3xf32>
// CHECK-NEXT: return %[[A]]
func.func @single(%x: tensor<2x5x3xf32>) -> tensor<2x1x3xf32> {
  %a = tx8be.Reduce(%x) {axes = array<i64: 1>, kind = "max"} : (tensor<2x5x3xf32>) -> tensor<2x3xf32>
  %r = tx8be.Reshape(%a) : (tensor<2x3xf32>) -> tensor<2x1x3xf32>
  return %r : tensor<2x1x3xf32>
}

// A reshape to other dims, or a reduction read twice, stays as it is.
// CHECK-LABEL: func.func @other_dims
// CHECK-NEXT: tx8be.Reduce(%{{.*}}) {axes = array<i64: 1>, kind = "sum"} : (tensor<2x5x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: tx8be.Reshape
// CHECK-LABEL: func.func @read_twice
// CHECK-NEXT: tx8be.Reduce(%{{.*}}) {axes = array<i64: 1>, kind = "sum"} : (tensor<2x5x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: tx8be.Reshape
func.func @other_dims(%x: tensor<2x5x3xf32>) -> tensor<1x2x3xf32> {
  %a = tx8be.Reduce(%x) {axes = array<i64: 1>, kind = "sum"} : (tensor<2x5x3xf32>) -> tensor<2x3xf32>
  %r = tx8be.Reshape(%a) : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
  return %r : tensor<1x2x3xf32>
}
func.func @read_twice(%x: tensor<2x5x3xf32>) -> (tensor<2x1x3xf32>, tensor<2x3xf32>) {
  %a = tx8be.Reduce(%x) {axes = array<i64: 1>, kind = "sum"} : (tensor<2x5x3xf32>) -> tensor<2x3xf32>
  %r = tx8be.Reshape(%a) : (tensor<2x3xf32>) -> tensor<2x1x3xf32>
  return %r, %a : tensor<2x1x3xf32>, tensor<2x3xf32>
}
