// The reduction passes on tx8c's pipeline, run on the C model against the
// reference interpreter (every group, --compare-all).
//
// A global average pool and a global max pool of NCHW without convs (no
// transposes): the two per-axis reductions the lowering writes merge into
// one over H*W (tx8be-merge-reductions), the division by 30 becomes a mean
// (tx8be-fold-mean); one group per output.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tx8c %s --emit=tx8be -q | FileCheck %s
// RUN: tx8c %s -o %t/ref --run=reference -q
// RUN: tx8c %s -o %t/cm --run --compare %t/ref/outputs.npz --compare-all -q 2>&1 | FileCheck %s --check-prefix=SIM
// CHECK-NOT: tx8be.Transpose
// CHECK-NOT: tx8be.Binary
// CHECK: tx8be.Reshape(%arg0) {{.*}} : (tensor<2x8x6x5xbf16>) -> tensor<2x8x30xbf16>
// CHECK: tx8be.Reduce(%{{[0-9]+}}) {axes = array<i64: 2>, {{.*}}kind = "mean"{{.*}} : (tensor<2x8x30xbf16>) -> tensor<2x8xbf16>
// CHECK: tx8be.Reduce(%{{[0-9]+}}) {axes = array<i64: 2>, {{.*}}kind = "max"{{.*}} : (tensor<2x8x30xbf16>) -> tensor<2x8xbf16>
// CHECK-NOT: tx8be.Reduce
// SIM-DAG: compare output_0: {{.*}}: pass
// SIM-DAG: compare output_1: {{.*}}: pass
// SIM: compare-all: all 2 groups match the reference interpreter
//
// A CNN's pool (tiny_cnn: Conv -> Relu -> GlobalAveragePool -> Gemm): the
// lowering's NHWC -> NCHW transpose before the reductions goes away
// (tx8be-reduce-through-transpose): mean over W, then over H, of the NHWC
// relu'd conv output (the relu is the conv's activation,
// tx8be-fuse-activation); numbers as the reference interpreter's.
// RUN: tx8c %S/../Inputs/tiny_cnn.onnx --emit=tx8be -q | FileCheck %s --check-prefix=CNN
// RUN: tx8c %S/../Inputs/tiny_cnn.onnx -o %t/cnn_ref --run=reference -q
// RUN: tx8c %S/../Inputs/tiny_cnn.onnx -o %t/cnn --run --compare %t/cnn_ref/outputs.npz --compare-all -q 2>&1 | FileCheck %s --check-prefix=CNNSIM
// CNN: tx8be.Conv{{.*}}activation = "relu"
// CNN-NOT: tx8be.Transpose
// CNN: tx8be.Reduce(%{{[0-9]+}}) {axes = array<i64: 2>, {{.*}}kind = "mean"{{.*}} : (tensor<1x4x4x3xbf16>) -> tensor<1x4x3xbf16>
// CNN-NOT: tx8be.Transpose
// CNN: tx8be.Reduce(%{{[0-9]+}}) {axes = array<i64: 1>, {{.*}}kind = "mean"{{.*}} : (tensor<1x4x3xbf16>) -> tensor<1x3xbf16>
// CNN-NOT: tx8be.Binary
// CNN: tx8be.Gemm
// CNNSIM: compare y: {{.*}}: pass
// CNNSIM: compare-all: all {{[0-9]+}} groups match the reference interpreter

func.func @main(%x: tensor<2x8x6x5xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [2, 3] : (tensor<2x8x6x5xf32>, tensor<f32>) -> tensor<2x8xf32>
  %n = stablehlo.constant dense<3.000000e+01> : tensor<2x8xf32>
  %m = stablehlo.divide %s, %n : tensor<2x8xf32>
  %lowest = stablehlo.constant dense<-3.000000e+38> : tensor<f32>
  %mx = stablehlo.reduce(%x init: %lowest) applies stablehlo.maximum across dimensions = [2, 3] : (tensor<2x8x6x5xf32>, tensor<f32>) -> tensor<2x8xf32>
  return %m, %mx : tensor<2x8xf32>, tensor<2x8xf32>
}
