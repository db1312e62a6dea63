// RUN: strata-opt %s -tx8be-layout-init | FileCheck %s
// tx8be-layout-init fixes the layouts of Conv (NHWC-HWIO-[Tensor-]NHWC)
// and Gemm (Tensor/NTensor by each value's dim 0, the bias included) and
// resets every other op's layout_str, constants included, to Unknown (the
// default, which the printer leaves out).

// CHECK-LABEL: func.func @conv
// CHECK: tx8be.const dense<5.000000e-01>
// CHECK: tx8be.Conv({{.*}}layout_str = "NHWC-HWIO-Tensor-NHWC"
// CHECK: tx8be.Unary(%{{.*}}) {kind = "relu"} :
// CHECK: tx8be.Conv({{.*}}layout_str = "NHWC-HWIO-NHWC"
func.func @conv(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>, %v: tensor<1x1x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %b = tx8be.const {layout_str = "NTensor"} dense<0.5> : tensor<8xf32>
  %c = tx8be.Conv(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64, layout_str = "NHWC"} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  %r = tx8be.Unary(%c) {kind = "relu", layout_str = "NHWC-NHWC"} : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %d = tx8be.Conv(%r, %v) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x8xf32>, tensor<1x1x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %d : tensor<1x8x8x8xf32>
}

// A [1, K] row times a [K, N] matrix plus an [N] bias: Tensor, NTensor, Tensor (a vector is one batch), Tensor.
// CHECK-LABEL: func.func @gemm
// CHECK: tx8be.Gemm({{.*}}layout_str = "Tensor-NTensor-Tensor-Tensor"
// CHECK: tx8be.Gemm({{.*}}layout_str = "NTensor-NTensor-NTensor"
// CHECK: tx8be.Softmax(%{{.*}}) {axis = 1 : i64} :
func.func @gemm(%a: tensor<1x16xf32>, %b: tensor<16x8xf32>, %bias: tensor<8xf32>, %m: tensor<4x16xf32>) -> (tensor<1x8xf32>, tensor<4x8xf32>) {
  %g = tx8be.Gemm(%a, %b, %bias) {trans_a = false, trans_b = false} : (tensor<1x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<1x8xf32>
  %h = tx8be.Gemm(%m, %b) {trans_a = false, trans_b = false} : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %s = tx8be.Softmax(%h) {axis = 1 : i64, layout_str = "NTensor-NTensor"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %g, %s : tensor<1x8xf32>, tensor<4x8xf32>
}
