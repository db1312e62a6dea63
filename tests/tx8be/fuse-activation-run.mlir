// The NE's post-processing activation and psum input end to end: a conv
// then max(x, 0) and a matmul then clamp(0, x, 6) compile to a Conv with
// activation = "relu" and a Gemm with activation = "clip", and a residual
// block's end (conv, add the block's input, max(x, 0)) to a Conv with that
// input as its psum (tx8be-fuse-activation, after tx8be-fold-constants
// makes the maximum a relu); the calls pass both to the NE
// (CONV_PARAM / GEMM_PARAM `act`, op_conv2d_psum), with no CGRA pass.
// Every group on the C model against the reference interpreter, in bf16
// and f32 (the C model's NE applies the activation; the interpreter applies
// it to the exact product: tx8be::dialect::activation).
// RUN: rm -rf %t && mkdir -p %t
// RUN: tx8c %s --emit=tx8be -q | FileCheck %s
// RUN: tx8c %s -o %t/ref --run=reference -q
// RUN: tx8c %s -o %t/cm --run --compare %t/ref/outputs.npz --compare-all -q 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=C < %t/cm/main.c
// RUN: tx8c %s --dtype fp32 -o %t/ref32 --run=reference -q
// RUN: tx8c %s --dtype fp32 -o %t/cm32 --run --compare %t/ref32/outputs.npz --compare-all -q 2>&1 | FileCheck %s --check-prefix=SIM
// CHECK-NOT: tx8be.Unary
// CHECK-DAG: tx8be.Conv{{.*}}activation = "relu"
// CHECK-DAG: tx8be.Conv(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) {activation = "relu"
// CHECK-DAG: tx8be.Gemm{{.*}}act_hi = 6.000000e+00 : f32, act_lo = 0.000000e+00 : f32, activation = "clip"
// CHECK-NOT: tx8be.Unary
// SIM-DAG: compare output_0: {{.*}}: pass
// SIM-DAG: compare output_1: {{.*}}: pass
// SIM: compare-all: all {{[0-9]+}} groups match the reference interpreter
// C-NOT: op_eltwise_unary
// C-DAG: CONV_PARAM p = {{.*}}, TX8_ACT_RELU, 0.0f, 0.0f};
// C-DAG: GEMM_PARAM p = {0, 0, 0, TX8_ACT_CLIP, 0e0f, 6e0f};
// C-DAG: op_conv2d_psum(&p,
// C-NOT: op_eltwise_unary

func.func @main(%x: tensor<1x3x8x8xf32>, %a: tensor<8x32xf32>) -> (tensor<8x16xf32>, tensor<1x4x8x8xf32>) {
  %w = stablehlo.constant dense<[[[[0.5, -0.25, 0.125], [0.75, -1.0, 0.5], [0.25, 0.5, -0.75]], [[-0.5, 0.25, 1.0], [0.125, -0.5, 0.25], [1.0, -0.25, 0.5]], [[0.25, 0.75, -0.5], [-1.0, 0.5, 0.25], [0.5, 0.125, -0.25]]], [[[-0.5, 0.5, 0.25], [1.0, -0.125, 0.5], [-0.25, 0.75, 0.5]], [[0.5, -1.0, 0.25], [0.25, 0.5, -0.5], [0.75, -0.25, 0.125]], [[-0.75, 0.25, 0.5], [0.5, 0.5, -1.0], [0.25, -0.5, 0.75]]], [[[0.125, 0.25, -0.5], [-0.25, 1.0, 0.5], [0.5, -0.75, 0.25]], [[1.0, 0.5, -0.25], [-0.5, 0.25, 0.75], [0.25, -0.125, 0.5]], [[0.5, -0.5, 1.0], [0.75, 0.25, -0.25], [-1.0, 0.5, 0.125]]], [[[-1.0, 0.25, 0.5], [0.5, -0.5, 0.25], [0.125, 0.75, -0.25]], [[0.25, 0.5, -0.75], [1.0, -0.25, 0.5], [-0.5, 0.125, 0.25]], [[0.5, 1.0, -0.5], [-0.25, 0.5, 0.75], [0.25, -1.0, 0.5]]]]> : tensor<4x3x3x3xf32>
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  %z = stablehlo.constant dense<0.0> : tensor<1x4x8x8xf32>
  %r = stablehlo.maximum %c, %z : tensor<1x4x8x8xf32>
  %b = stablehlo.iota dim = 0 : tensor<32x16xf32>
  %s = stablehlo.constant dense<0.0625> : tensor<32x16xf32>
  %bs = stablehlo.multiply %b, %s : tensor<32x16xf32>
  %m = stablehlo.dot_general %a, %bs, contracting_dims = [1] x [0] : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
  %lo = stablehlo.constant dense<0.0> : tensor<f32>
  %hi = stablehlo.constant dense<6.0> : tensor<f32>
  %y = stablehlo.clamp %lo, %m, %hi : (tensor<f32>, tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  %w2 = stablehlo.constant dense<[[[[0.5]], [[-0.25]], [[0.75]], [[-1.0]]], [[[0.25]], [[1.0]], [[-0.5]], [[0.125]]], [[[-0.75]], [[0.5]], [[0.25]], [[0.5]]], [[[1.0]], [[-0.125]], [[-0.25]], [[0.75]]]]> : tensor<4x4x1x1xf32>
  %c2 = stablehlo.convolution(%r, %w2) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x8x8xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x8x8xf32>
  %s2 = stablehlo.add %c2, %r : tensor<1x4x8x8xf32>
  %r2 = stablehlo.maximum %s2, %z : tensor<1x4x8x8xf32>
  return %y, %r2 : tensor<8x16xf32>, tensor<1x4x8x8xf32>
}
