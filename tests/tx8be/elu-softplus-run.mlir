// ELU and softplus reach their operator-library calls (op_eltwise_unary_param
// with TX8_UNARY_ELU 21 and TX8_UNARY_SOFTPLUS 25) as jax.nn.elu and
// jax.nn.softplus write them: one tx8be.Unary each, softplus's NaN guard
// (select on x - 0 != x - 0) beside it. A log1p and an expm1 outside
// those forms lower to log(1 + x) and exp(x) - 1. Numbers of the reference
// interpreter in fp32 and bf16.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tx8c %s --emit=tx8be -q | FileCheck %s
// RUN: tx8c %s --dtype fp32 -o %t/ref32 --run=reference -q
// RUN: tx8c %s --dtype fp32 -o %t/f32 --run --compare %t/ref32/outputs.npz --compare-all -q 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=C < %t/f32/main.c
// RUN: tx8c %s --dtype bf16 -o %t/ref16 --run=reference -q
// RUN: tx8c %s --dtype bf16 -o %t/b16 --run --compare %t/ref16/outputs.npz --compare-all -q 2>&1 | FileCheck %s --check-prefix=SIM

// CHECK-DAG: tx8be.Unary{{.*}}alpha = 1.000000e+00 : f32{{.*}}kind = "elu"
// CHECK-DAG: tx8be.Unary{{.*}}kind = "softplus"
// CHECK-DAG: tx8be.Unary{{.*}}kind = "log"
// CHECK-DAG: tx8be.Unary{{.*}}kind = "exp"
// SIM: compare elu: {{.*}}: pass
// SIM: compare softplus: {{.*}}: pass
// SIM: compare log1p: {{.*}}: pass
// SIM: compare expm1: {{.*}}: pass
// SIM: compare-all: all {{[0-9]+}} groups match the reference interpreter
// C-DAG: op_eltwise_unary_param(21, 1e0f,
// C-DAG: op_eltwise_unary_param(25,

func.func @main(%x: tensor<4x64xf32> {onnx.name = "x"}) -> (tensor<4x64xf32> {onnx.name = "elu"}, tensor<4x64xf32> {onnx.name = "softplus"}, tensor<4x64xf32> {onnx.name = "log1p"}, tensor<4x64xf32> {onnx.name = "expm1"}) {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %zero = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4x64xf32>
  %one = stablehlo.constant dense<1.0> : tensor<4x64xf32>
  %p = stablehlo.compare GT, %x, %zero : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xi1>
  %safe = stablehlo.select %p, %zero, %x : tensor<4x64xi1>, tensor<4x64xf32>
  %em1 = stablehlo.exponential_minus_one %safe : tensor<4x64xf32>
  %n = stablehlo.multiply %one, %em1 : tensor<4x64xf32>
  %elu = stablehlo.select %p, %x, %n : tensor<4x64xi1>, tensor<4x64xf32>
  %m = stablehlo.maximum %x, %zero : tensor<4x64xf32>
  %d = stablehlo.subtract %x, %zero : tensor<4x64xf32>
  %isnan = stablehlo.compare NE, %d, %d, FLOAT : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xi1>
  %s = stablehlo.add %x, %zero : tensor<4x64xf32>
  %a = stablehlo.abs %d : tensor<4x64xf32>
  %na = stablehlo.negate %a : tensor<4x64xf32>
  %e = stablehlo.exponential %na : tensor<4x64xf32>
  %l = stablehlo.log_plus_one %e : tensor<4x64xf32>
  %r = stablehlo.add %m, %l : tensor<4x64xf32>
  %softplus = stablehlo.select %isnan, %s, %r : tensor<4x64xi1>, tensor<4x64xf32>
  %sq = stablehlo.multiply %x, %x : tensor<4x64xf32>
  %log1p = stablehlo.log_plus_one %sq : tensor<4x64xf32>
  %expm1 = stablehlo.exponential_minus_one %x : tensor<4x64xf32>
  return %elu, %softplus, %log1p, %expm1 : tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>
}
