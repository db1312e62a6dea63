// RUN: strata-opt %s -tx8be-layout-init -tx8be-layout-transmit | FileCheck %s
// tx8be-layout-transmit spreads the layouts of Conv and Gemm forwards and
// backwards through infer_layout (Transpose permutes the letters), stops
// at Reshape, and makes everything it could not reach Tensor/NTensor.

// Backwards from the Conv: its input transpose is NCHW -> NHWC and the
// constant filter is HWIO; forwards: the relu is NHWC and the transpose
// after it NHWC -> NCHW. The Reshapes stop both ways: the rank-4 exp
// between them (NCHW if the propagation went through) and the neg before
// the Gemm are whole tensors.
// CHECK-LABEL: func.func @cnn
// CHECK: tx8be.const {layout_str = "HWIO"}
// CHECK: tx8be.Transpose({{.*}}layout_str = "NCHW-NHWC"
// CHECK: tx8be.Conv({{.*}}layout_str = "NHWC-HWIO-NHWC"
// CHECK: tx8be.Unary({{.*}}kind = "relu", layout_str = "NHWC-NHWC"
// CHECK: tx8be.Transpose({{.*}}layout_str = "NHWC-NCHW"
// CHECK: tx8be.Reshape({{.*}}layout_str = "Tensor-Tensor"
// CHECK: tx8be.Unary({{.*}}kind = "exp", layout_str = "Tensor-Tensor"
// CHECK: tx8be.Reshape({{.*}}layout_str = "Tensor-Tensor"
// CHECK: tx8be.Unary({{.*}}kind = "neg", layout_str = "Tensor-Tensor"
// CHECK: tx8be.Gemm({{.*}}layout_str = "Tensor-NTensor-Tensor"
func.func @cnn(%x: tensor<1x4x6x6xf32>, %m: tensor<288x10xf32>) -> tensor<1x10xf32> {
  %w = tx8be.const dense<0.25> : tensor<3x3x4x8xf32>
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x4x6x6xf32>) -> tensor<1x6x6x4xf32>
  %c = tx8be.Conv(%t, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x6x6x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  %r = tx8be.Unary(%c) {kind = "relu"} : (tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
  %u = tx8be.Transpose(%r) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x6x6x8xf32>) -> tensor<1x8x6x6xf32>
  %f = tx8be.Reshape(%u) : (tensor<1x8x6x6xf32>) -> tensor<1x8x36x1xf32>
  %e = tx8be.Unary(%f) {kind = "exp"} : (tensor<1x8x36x1xf32>) -> tensor<1x8x36x1xf32>
  %l = tx8be.Reshape(%e) : (tensor<1x8x36x1xf32>) -> tensor<1x288xf32>
  %n = tx8be.Unary(%l) {kind = "neg"} : (tensor<1x288xf32>) -> tensor<1x288xf32>
  %g = tx8be.Gemm(%n, %m) {trans_a = false, trans_b = false} : (tensor<1x288xf32>, tensor<288x10xf32>) -> tensor<1x10xf32>
  return %g : tensor<1x10xf32>
}

// A Reshape before the Conv stops the backward propagation: the rank-4
// sigmoid feeding it stays a whole tensor although the Conv is NHWC.
// CHECK-LABEL: func.func @reshape_stops_backwards
// CHECK: tx8be.Unary({{.*}}kind = "sigmoid", layout_str = "Tensor-Tensor"
// CHECK: tx8be.Reshape({{.*}}layout_str = "Tensor-Tensor"
// CHECK: tx8be.Conv({{.*}}layout_str = "NHWC-HWIO-NHWC"
// A Binary with the Conv's output and a vector: the vector is a whole tensor (one batch).
// CHECK: tx8be.Binary({{.*}}layout_str = "NHWC-Tensor-NHWC"
func.func @reshape_stops_backwards(%x: tensor<1x8x4x4xf32>, %w: tensor<1x1x8x8xf32>, %v: tensor<8xf32>) -> tensor<1x4x4x8xf32> {
  %s = tx8be.Unary(%x) {kind = "sigmoid"} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %r = tx8be.Reshape(%s) : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x8xf32>
  %c = tx8be.Conv(%r, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x4x4x8xf32>, tensor<1x1x8x8xf32>) -> tensor<1x4x4x8xf32>
  %a = tx8be.Binary(%c, %v) {kind = "add"} : (tensor<1x4x4x8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
  return %a : tensor<1x4x4x8xf32>
}

// Without a Gemm or Conv, a Pool (NHWC by definition) starts the walk:
// the exp before it and the relu after it are NHWC too.
// CHECK-LABEL: func.func @pool_starts
// CHECK: tx8be.Unary({{.*}}kind = "exp", layout_str = "NHWC-NHWC"
// CHECK: tx8be.Pool({{.*}}layout_str = "NHWC-NHWC"
// CHECK: tx8be.Unary({{.*}}kind = "relu", layout_str = "NHWC-NHWC"
func.func @pool_starts(%x: tensor<1x4x4x8xf32>) -> tensor<1x2x2x8xf32> {
  %e = tx8be.Unary(%x) {kind = "exp"} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %p = tx8be.Pool(%e) {kind = "max", kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, count_include_pad = false} : (tensor<1x4x4x8xf32>) -> tensor<1x2x2x8xf32>
  %r = tx8be.Unary(%p) {kind = "relu"} : (tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  return %r : tensor<1x2x2x8xf32>
}
