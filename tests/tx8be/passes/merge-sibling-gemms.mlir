// RUN: strata-opt %s -split-input-file -tx8be-merge-sibling-gemms | FileCheck %s
// tx8be-merge-sibling-gemms: GEMMs reading one input (or reshapes of one
// value to one type) with constant weights, whose results only feed the
// split into heads, become one GEMM over the weights side by side; each
// former result is a slice of its output.

// BERT's query / key / value projections with their biases.
// CHECK-LABEL: func.func @qkv
// CHECK: %[[W:.*]] = tx8be.const dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00], [1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x6xf32>
// CHECK-NEXT: %[[B:.*]] = tx8be.const dense<[1.000000e-01, 2.000000e-01, 3.000000e-01, 4.000000e-01, 5.000000e-01, 6.000000e-01]> : tensor<6xf32>
// CHECK-NEXT: %[[G:.*]] = tx8be.Gemm(%{{.*}}, %[[W]], %[[B]]) : (tensor<4x2xf32>, tensor<2x6xf32>, tensor<6xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %[[Q:.*]] = tx8be.Slice(%[[G]]) {limits = array<i64: 4, 2>, starts = array<i64: 0, 0>, strides = array<i64: 1, 1>} : (tensor<4x6xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: %[[K:.*]] = tx8be.Slice(%[[G]]) {limits = array<i64: 4, 4>, starts = array<i64: 0, 2>, strides = array<i64: 1, 1>} : (tensor<4x6xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: %[[V:.*]] = tx8be.Slice(%[[G]]) {limits = array<i64: 4, 6>, starts = array<i64: 0, 4>, strides = array<i64: 1, 1>} : (tensor<4x6xf32>) -> tensor<4x2xf32>
// CHECK-NOT: tx8be.Gemm
// CHECK: tx8be.Reshape(%[[Q]])
// CHECK: tx8be.Reshape(%[[K]])
// CHECK: tx8be.Reshape(%[[V]])
func.func @qkv(%x: tensor<2x2x2xf32>) -> (tensor<2x2x2xf32>, tensor<2x2x2xf32>, tensor<2x2x2xf32>) {
  %x1 = tx8be.Reshape(%x) : (tensor<2x2x2xf32>) -> tensor<4x2xf32>
  %wq = tx8be.const dense<[[1.0, 2.0], [1.0, 2.0]]> : tensor<2x2xf32>
  %bq = tx8be.const dense<[0.1, 0.2]> : tensor<2xf32>
  %q = tx8be.Gemm(%x1, %wq, %bq) : (tensor<4x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<4x2xf32>
  %x2 = tx8be.Reshape(%x) : (tensor<2x2x2xf32>) -> tensor<4x2xf32>
  %wk = tx8be.const dense<[[3.0, 4.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %bk = tx8be.const dense<[0.3, 0.4]> : tensor<2xf32>
  %k = tx8be.Gemm(%x2, %wk, %bk) : (tensor<4x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<4x2xf32>
  %x3 = tx8be.Reshape(%x) : (tensor<2x2x2xf32>) -> tensor<4x2xf32>
  %wv = tx8be.const dense<[[5.0, 6.0], [5.0, 6.0]]> : tensor<2x2xf32>
  %bv = tx8be.const dense<[0.5, 0.6]> : tensor<2xf32>
  %v = tx8be.Gemm(%x3, %wv, %bv) : (tensor<4x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<4x2xf32>
  %q3 = tx8be.Reshape(%q) : (tensor<4x2xf32>) -> tensor<2x2x2xf32>
  %k3 = tx8be.Reshape(%k) : (tensor<4x2xf32>) -> tensor<2x2x2xf32>
  %v3 = tx8be.Reshape(%v) : (tensor<4x2xf32>) -> tensor<2x2x2xf32>
  return %q3, %k3, %v3 : tensor<2x2x2xf32>, tensor<2x2x2xf32>, tensor<2x2x2xf32>
}

// -----

// Not merged: a GEMM whose result an element-wise op reads (it keeps its
// epilogue), and GEMMs whose weights differ in K or are not constants.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-4: tx8be.Gemm
// CHECK-NOT: tx8be.Slice
func.func @kept(%x: tensor<4x2xf32>, %y: tensor<4x3xf32>, %w: tensor<2x2xf32>) -> (tensor<4x2xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %wa = tx8be.const dense<1.0> : tensor<2x2xf32>
  %a = tx8be.Gemm(%x, %wa) : (tensor<4x2xf32>, tensor<2x2xf32>) -> tensor<4x2xf32>
  %r = tx8be.Unary(%a) {kind = "relu"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %wb = tx8be.const dense<2.0> : tensor<2x2xf32>
  %b = tx8be.Gemm(%x, %wb) : (tensor<4x2xf32>, tensor<2x2xf32>) -> tensor<4x2xf32>
  %bt = tx8be.Transpose(%b) {perm = array<i64: 1, 0>} : (tensor<4x2xf32>) -> tensor<2x4xf32>
  %c = tx8be.Gemm(%x, %w) : (tensor<4x2xf32>, tensor<2x2xf32>) -> tensor<4x2xf32>
  %ct = tx8be.Transpose(%c) {perm = array<i64: 1, 0>} : (tensor<4x2xf32>) -> tensor<2x4xf32>
  %wd = tx8be.const dense<3.0> : tensor<3x2xf32>
  %d = tx8be.Gemm(%y, %wd) : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %dt = tx8be.Transpose(%d) {perm = array<i64: 1, 0>} : (tensor<4x2xf32>) -> tensor<2x4xf32>
  return %r, %bt, %ct, %dt : tensor<4x2xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}
