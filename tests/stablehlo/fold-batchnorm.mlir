// RUN: strata-opt %s -stablehlo-fold-batchnorm -split-input-file | FileCheck %s
// A batch norm after a convolution with constant kernel and statistics
// becomes the convolution with a scaled kernel plus a bias:
//   factor = scale / sqrt(variance + epsilon), kernel' = kernel * factor[o],
//   bias = offset - mean * factor.

// factor = [1/sqrt(3+1), 2/sqrt(0+1), 0.5/sqrt(8+1)] = [0.5, 2, 1/6]
// CHECK-LABEL: func.func @folded
// CHECK-NEXT: %[[K:.*]] = stablehlo.constant dense<{{\[\[\[\[}}5.000000e-01]], {{\[\[}}1.000000e+00]]], {{\[\[\[}}6.000000e+00]], {{\[\[}}8.000000e+00]]], {{\[\[\[}}0.833333313]], {{\[\[}}1.000000e+00]]]]> : tensor<3x2x1x1xf32>
// CHECK-NEXT: %[[C:.*]] = stablehlo.convolution(%arg0, %[[K]])
// CHECK-NEXT: %[[B:.*]] = stablehlo.constant dense<[-5.000000e-01, 1.000000e+00, -1.33333337]> : tensor<3xf32>
// CHECK-NEXT: %[[BB:.*]] = stablehlo.broadcast_in_dim %[[B]], dims = [1] : (tensor<3xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.add %[[C]], %[[BB]] : tensor<1x3x4x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @folded(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w = stablehlo.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]], [[[5.0]], [[6.0]]]]> : tensor<3x2x1x1xf32>
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf32>
  %scale = stablehlo.constant dense<[1.0, 2.0, 0.5]> : tensor<3xf32>
  %offset = stablehlo.constant dense<[0.0, 1.0, -1.0]> : tensor<3xf32>
  %mean = stablehlo.constant dense<[1.0, 0.0, 2.0]> : tensor<3xf32>
  %var = stablehlo.constant dense<[3.0, 0.0, 8.0]> : tensor<3xf32>
  %1 = "stablehlo.batch_norm_inference"(%0, %scale, %offset, %mean, %var) <{epsilon = 1.0 : f32, feature_index = 1 : i64}> : (tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
  return %1 : tensor<1x3x4x4xf32>
}

// -----

// The kernel's output features on its last dimension (HWIO) and the
// activation channels last (NHWC): the scale follows the layout.
// CHECK-LABEL: func.func @nhwc
// CHECK-NEXT: stablehlo.constant dense<{{\[\[\[\[}}2.000000e+00, 3.000000e+00], [2.000000e+00, 3.000000e+00]]]]> : tensor<1x1x2x2xf32>
// CHECK-NOT: batch_norm_inference
func.func @nhwc(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  %w = stablehlo.constant dense<1.0> : tensor<1x1x2x2xf32>
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x4x4x2xf32>
  %scale = stablehlo.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<2xf32>
  %var = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = "stablehlo.batch_norm_inference"(%0, %scale, %zero, %zero, %var) <{epsilon = 0.0 : f32, feature_index = 3 : i64}> : (tensor<1x4x4x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  return %1 : tensor<1x4x4x2xf32>
}

// -----

// A constant conv bias before the batch norm shifts the mean:
// factor = [4/sqrt(3+1), 1/sqrt(0+1)] = [2, 1], mean - bias = [2, 0],
// bias' = offset - (mean - bias) * factor = [-4, 1].
// CHECK-LABEL: func.func @with_bias
// CHECK-NEXT: %[[K:.*]] = stablehlo.constant dense<{{\[\[\[\[}}2.000000e+00]], {{\[\[}}2.000000e+00]]], {{\[\[\[}}1.000000e+00]], {{\[\[}}1.000000e+00]]]]> : tensor<2x2x1x1xf32>
// CHECK-NEXT: %[[C:.*]] = stablehlo.convolution(%arg0, %[[K]])
// CHECK-NEXT: %[[B:.*]] = stablehlo.constant dense<[-4.000000e+00, 1.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[BB:.*]] = stablehlo.broadcast_in_dim %[[B]], dims = [1]
// CHECK-NEXT: %[[R:.*]] = stablehlo.add %[[C]], %[[BB]]
// CHECK-NEXT: return %[[R]]
func.func @with_bias(%x: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %w = stablehlo.constant dense<1.0> : tensor<2x2x1x1xf32>
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
  %bias = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %bb = stablehlo.broadcast_in_dim %bias, dims = [1] : (tensor<2xf32>) -> tensor<1x2x2x2xf32>
  %1 = stablehlo.add %0, %bb : tensor<1x2x2x2xf32>
  %scale = stablehlo.constant dense<[4.0, 1.0]> : tensor<2xf32>
  %offset = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %mean = stablehlo.constant dense<[3.0, 2.0]> : tensor<2xf32>
  %var = stablehlo.constant dense<[3.0, 0.0]> : tensor<2xf32>
  %2 = "stablehlo.batch_norm_inference"(%1, %scale, %offset, %mean, %var) <{epsilon = 1.0 : f32, feature_index = 1 : i64}> : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  return %2 : tensor<1x2x2x2xf32>
}

// -----

// Not legal: a kernel that is not constant, a convolution with another
// use, statistics that are not constant, a feature index that is not the
// convolution's output feature dimension.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-3: stablehlo.batch_norm_inference
// CHECK-LABEL: func.func @batch_dim
// CHECK: stablehlo.batch_norm_inference
func.func @kept(%x: tensor<1x2x4x4xf32>, %k: tensor<2x2x1x1xf32>, %m: tensor<2xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) {
  %w = stablehlo.constant dense<1.0> : tensor<2x2x1x1xf32>
  %v = stablehlo.constant dense<1.0> : tensor<2xf32>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %1 = "stablehlo.batch_norm_inference"(%0, %v, %v, %v, %v) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %2 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %3 = "stablehlo.batch_norm_inference"(%2, %v, %v, %v, %v) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %4 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %5 = "stablehlo.batch_norm_inference"(%4, %v, %v, %m, %v) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  return %1, %2, %3, %5 : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>
}
func.func @batch_dim(%x: tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32> {
  %w = stablehlo.constant dense<1.0> : tensor<2x2x1x1xf32>
  %v = stablehlo.constant dense<1.0> : tensor<2xf32>
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<2x2x2x2xf32>
  %1 = "stablehlo.batch_norm_inference"(%0, %v, %v, %v, %v) <{epsilon = 1.0e-3 : f32, feature_index = 0 : i64}> : (tensor<2x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2x2x2xf32>
  return %1 : tensor<2x2x2x2xf32>
}
