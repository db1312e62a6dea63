// RUN: strata-opt %s -tx8be-fold-constants | FileCheck %s
// tx8be-fold-constants: broadcast constants shrink to the dims they vary
// along, max(x, 0) becomes relu, and a per-channel add after a Conv or Gemm
// becomes (part of) its f32 bias.

// A folded BatchNorm bias of the feature map's shape: the Conv takes it.
// CHECK-LABEL: func.func @conv_bias
// CHECK: %[[B:.*]] = tx8be.const dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[C:.*]] = tx8be.Conv(%{{.*}}, %{{.*}}, %[[B]])
// CHECK-NEXT: %[[R:.*]] = tx8be.Unary(%[[C]]) {kind = "relu"}
// CHECK-NEXT: return %[[R]]
func.func @conv_bias(%x: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %w = tx8be.const dense<1.0> : tensor<1x1x2x2xf32>
  %b = tx8be.const dense<[[[[1.5, -2.0], [1.5, -2.0]], [[1.5, -2.0], [1.5, -2.0]]]]> : tensor<1x2x2x2xf32>
  %z = tx8be.const dense<0.0> : tensor<1x2x2x2xf32>
  %c = tx8be.Conv(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x2x2x2xf32>
  %a = tx8be.Binary(%c, %b) {kind = "add"} : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %r = tx8be.Binary(%a, %z) {kind = "max"} : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %r : tensor<1x2x2x2xf32>
}

// An existing bias is added to; a subtraction subtracts.
// CHECK-LABEL: func.func @gemm_sub
// CHECK: %[[B:.*]] = tx8be.const dense<[5.000000e-01, 1.000000e+00, 1.500000e+00]> : tensor<3xf32>
// CHECK-NEXT: %[[G:.*]] = tx8be.Gemm(%{{.*}}, %{{.*}}, %[[B]])
// CHECK-NEXT: return %[[G]]
func.func @gemm_sub(%x: tensor<4x2xf32>) -> tensor<4x3xf32> {
  %w = tx8be.const dense<1.0> : tensor<2x3xf32>
  %b0 = tx8be.const dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %k = tx8be.const dense<[[0.5, 1.0, 1.5]]> : tensor<1x3xf32>
  %g = tx8be.Gemm(%x, %w, %b0) {trans_a = false, trans_b = false} : (tensor<4x2xf32>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %s = tx8be.Binary(%g, %k) {kind = "sub"} : (tensor<4x3xf32>, tensor<1x3xf32>) -> tensor<4x3xf32>
  return %s : tensor<4x3xf32>
}

// A Conv result with two users keeps its add (only shrunk); a constant
// that varies along H keeps that dim; const - conv is not a bias.
// CHECK-LABEL: func.func @kept
// CHECK: %[[K:.*]] = tx8be.const dense<{{\[\[\[\[}}1.000000e+00]], {{\[\[}}2.000000e+00]]]]> : tensor<1x2x1x1xf32>
// CHECK: %[[A:.*]] = tx8be.Binary(%[[C:.*]], %[[K]]) {kind = "add"} : (tensor<1x2x2x2xf32>, tensor<1x2x1x1xf32>)
// CHECK: tx8be.Binary(%{{.*}}, %[[C]]) {kind = "sub"}
func.func @kept(%x: tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) {
  %w = tx8be.const dense<1.0> : tensor<1x1x2x2xf32>
  %k = tx8be.const dense<[[[[1.0, 1.0], [1.0, 1.0]], [[2.0, 2.0], [2.0, 2.0]]]]> : tensor<1x2x2x2xf32>
  %c = tx8be.Conv(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x2x2x2xf32>
  %a = tx8be.Binary(%c, %k) {kind = "add"} : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %s = tx8be.Binary(%k, %c) {kind = "sub"} : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %a, %s : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>
}

// Two constants: only one may shrink, or the result would lose its shape.
// CHECK-LABEL: func.func @both_const
// CHECK: tx8be.Binary(%{{.*}}, %{{.*}}) {kind = "mul"} : (tensor<1x1xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
func.func @both_const() -> tensor<2x2xf32> {
  %a = tx8be.const dense<3.0> : tensor<2x2xf32>
  %b = tx8be.const dense<2.0> : tensor<2x2xf32>
  %m = tx8be.Binary(%a, %b) {kind = "mul"} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %m : tensor<2x2xf32>
}

// A scale reshaped as the batched matmul's scores are ([b, h, s, s] ->
// [b*h, s, s]) shrinks through the reshape; the reshape and the full-size
// constant go.
// CHECK-LABEL: func.func @reshaped_scale
// CHECK-NEXT: %[[K:.*]] = tx8be.const dense<8.000000e+00> : tensor<1x1x1xf32>
// CHECK-NEXT: %[[D:.*]] = tx8be.Binary(%arg0, %[[K]]) {kind = "div"} : (tensor<6x4x4xf32>, tensor<1x1x1xf32>) -> tensor<6x4x4xf32>
// CHECK-NEXT: return %[[D]]
func.func @reshaped_scale(%s: tensor<6x4x4xf32>) -> tensor<6x4x4xf32> {
  %k = tx8be.const dense<8.0> : tensor<2x3x4x4xf32>
  %r = tx8be.Reshape(%k) : (tensor<2x3x4x4xf32>) -> tensor<6x4x4xf32>
  %d = tx8be.Binary(%s, %r) {kind = "div"} : (tensor<6x4x4xf32>, tensor<6x4x4xf32>) -> tensor<6x4x4xf32>
  return %d : tensor<6x4x4xf32>
}
