// RUN: strata-opt %s -convert-stablehlo-to-tx8be | FileCheck %s --check-prefixes=CHECK,BF16
// RUN: strata-opt %s -convert-stablehlo-to-tx8be=dtype=f32 | FileCheck %s --check-prefixes=CHECK,F32
// convert-stablehlo-to-tx8be: floats become the compute type (bf16 by
// default, the `dtype` option otherwise); convolutions run in NHWC between
// NCHW <-> NHWC transposes, with OIHW weights permuted to HWIO at compile
// time; maximum becomes Binary max, dot_general Gemm, exponential Unary exp.

// CHECK-LABEL: func.func @conv_relu
// BF16-SAME: (%[[X:.*]]: tensor<1x3x8x8xbf16>) -> tensor<1x4x8x8xbf16>
// F32-SAME: (%[[X:.*]]: tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
// CHECK-NEXT: %[[T:.*]] = tx8be.Transpose(%[[X]]) {perm = array<i64: 0, 2, 3, 1>}
// BF16-SAME: -> tensor<1x8x8x3xbf16>
// F32-SAME: -> tensor<1x8x8x3xf32>
// CHECK-NEXT: %[[W:.*]] = tx8be.const dense<2.500000e-01>
// BF16-SAME: tensor<3x3x3x4xbf16>
// F32-SAME: tensor<3x3x3x4xf32>
// CHECK-NEXT: %[[C:.*]] = tx8be.Conv(%[[T]], %[[W]]) {dilations = array<i64: 1, 1>, group = 1 : i64, layout_str = "NHWC", pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>}
// CHECK-NEXT: %[[U:.*]] = tx8be.Transpose(%[[C]]) {perm = array<i64: 0, 3, 1, 2>}
// CHECK-NEXT: %[[Z:.*]] = tx8be.const dense<0.000000e+00>
// CHECK-NEXT: %[[R:.*]] = tx8be.Binary(%[[U]], %[[Z]]) {kind = "max"}
// CHECK-NEXT: return %[[R]]
func.func @conv_relu(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %w = stablehlo.constant dense<0.25> : tensor<4x3x3x3xf32>
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  %z = stablehlo.constant dense<0.0> : tensor<1x4x8x8xf32>
  %r = stablehlo.maximum %c, %z : tensor<1x4x8x8xf32>
  return %r : tensor<1x4x8x8xf32>
}

// The weight permutation OIHW -> HWIO: W[o][i] = [[1, 2], [3, 4]] becomes
// [h][w][i][o] = [[1, 3], [2, 4]].
// CHECK-LABEL: func.func @conv_1x1
// CHECK: tx8be.const dense<{{\[\[\[\[}}1.000000e+00, 3.000000e+00], [2.000000e+00, 4.000000e+00]]]]>
// BF16-SAME: tensor<1x1x2x2xbf16>
// F32-SAME: tensor<1x1x2x2xf32>
// CHECK-NEXT: tx8be.Conv
// CHECK-SAME: pads = array<i64: 0, 0, 0, 0>
func.func @conv_1x1(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = stablehlo.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  return %c : tensor<1x2x4x4xf32>
}

// CHECK-LABEL: func.func @gemm
// CHECK-NEXT: %[[G:.*]] = tx8be.Gemm(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) :
// BF16-SAME: (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xbf16>
// F32-SAME: (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: tx8be.Unary(%[[G]]) {kind = "exp"}
func.func @gemm(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %1 = stablehlo.exponential %0 : tensor<4x16xf32>
  return %1 : tensor<4x16xf32>
}

// chlo.erfc (JAX's exact GELU) is 1 - erf: the operator library has erf.
// CHECK-LABEL: func.func @erfc
// CHECK-NEXT: %[[E:.*]] = tx8be.Unary(%{{.*}}) {kind = "erf"}
// CHECK-NEXT: %[[ONE:.*]] = tx8be.const dense<1.000000e+00> :
// BF16-SAME: tensor<1x1xbf16>
// F32-SAME: tensor<1x1xf32>
// CHECK-NEXT: tx8be.Binary(%[[ONE]], %[[E]]) {kind = "sub"}
func.func @erfc(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = chlo.erfc %x : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// chlo.square (JAX's variance) is x * x.
// CHECK-LABEL: func.func @square
// CHECK-SAME: (%[[X:.*]]: tensor<4x8x
// CHECK-NEXT: tx8be.Binary(%[[X]], %[[X]]) {kind = "mul"}
func.func @square(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = chlo.square %x : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
