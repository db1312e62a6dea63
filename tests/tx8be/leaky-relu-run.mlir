// LeakyRelu reaches its operator-library call (op_eltwise_unary_param with
// code 16, TX8_UNARY_LEAKY_RELU) whichever way it is written: ONNX's select form and
// the max form are one tx8be.Unary each, one group each, with the numbers
// of the reference interpreter in fp32 and bf16.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tx8c %s --emit=tx8be -q | FileCheck %s --implicit-check-not=tx8be.Select
// RUN: tx8c %s --dtype fp32 -o %t/ref32 --run=reference -q
// RUN: tx8c %s --dtype fp32 -o %t/f32 --run --compare %t/ref32/outputs.npz --compare-all -q 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=C < %t/f32/main.c
// RUN: tx8c %s --dtype bf16 -o %t/ref16 --run=reference -q
// RUN: tx8c %s --dtype bf16 -o %t/b16 --run --compare %t/ref16/outputs.npz --compare-all -q 2>&1 | FileCheck %s --check-prefix=SIM

// CHECK: tx8be.Unary{{.*}}alpha = 2.000000e-01 : f32{{.*}}kind = "leaky_relu"
// CHECK: tx8be.Unary{{.*}}alpha = 1.000000e-01 : f32{{.*}}kind = "leaky_relu"
// SIM: compare select_form: {{.*}}: pass
// SIM: compare max_form: {{.*}}: pass
// SIM: compare-all: all 2 groups match the reference interpreter
// C: op_eltwise_unary_param(16, 2e-1f,
// C: op_eltwise_unary_param(16, 1e-1f,

func.func @main(%x: tensor<4x64xf32> {onnx.name = "x"}) -> (tensor<4x64xf32> {onnx.name = "select_form"}, tensor<4x64xf32> {onnx.name = "max_form"}) {
  %zero = stablehlo.constant dense<0.0> : tensor<4x64xf32>
  %p = stablehlo.compare GE, %x, %zero : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xi1>
  %a = stablehlo.constant dense<0.2> : tensor<4x64xf32>
  %s = stablehlo.multiply %a, %x : tensor<4x64xf32>
  %y = stablehlo.select %p, %x, %s : tensor<4x64xi1>, tensor<4x64xf32>
  %b = stablehlo.constant dense<0.1> : tensor<4x64xf32>
  %t = stablehlo.multiply %x, %b : tensor<4x64xf32>
  %z = stablehlo.maximum %t, %x : tensor<4x64xf32>
  return %y, %z : tensor<4x64xf32>, tensor<4x64xf32>
}
