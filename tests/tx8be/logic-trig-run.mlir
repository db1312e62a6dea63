// Logic, remainder and trigonometric ops end to end on the C model: i1
// and/xor/or of comparisons, not (an xor with true: the card's predicates
// are 0/1 bytes), x != x (ONNX IsNaN), remainder with the dividend's sign
// (C fmod), sine and cosine (rotary embeddings of run-time positions).
// Numbers as the reference interpreter's, every group, fp32 and bf16.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tx8c %s --emit=tx8be -q | FileCheck %s
// RUN: tx8c %s --dtype fp32 -o %t/ref32 --run=reference -q
// RUN: tx8c %s --dtype fp32 -o %t/f32 --run --compare %t/ref32/outputs.npz --compare-all -q 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: tx8c %s --dtype bf16 -o %t/ref16 --run=reference -q
// RUN: tx8c %s --dtype bf16 -o %t/b16 --run --compare %t/ref16/outputs.npz --compare-all -q 2>&1 | FileCheck %s --check-prefix=SIM

// CHECK-DAG: kind = "and"
// CHECK-DAG: kind = "xor"
// CHECK-DAG: kind = "or"
// CHECK-DAG: kind = "rem"
// CHECK-DAG: kind = "sin"
// CHECK-DAG: kind = "cos"
// SIM: compare z: {{.*}}: pass
// SIM: compare w: {{.*}}: pass
// SIM: compare-all: all {{[0-9]+}} groups match the reference interpreter

func.func @main(%x: tensor<4x64xf32> {onnx.name = "x"}, %y: tensor<4x64xf32> {onnx.name = "y"}) -> (tensor<4x64xf32> {onnx.name = "z"}, tensor<4x64xf32> {onnx.name = "w"}) {
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<4x64xf32>
  %a = stablehlo.compare GT, %x, %zero : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xi1>
  %b = stablehlo.compare LT, %y, %zero : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xi1>
  %c = stablehlo.and %a, %b : tensor<4x64xi1>
  %d = stablehlo.xor %c, %a : tensor<4x64xi1>
  %e = stablehlo.not %d : tensor<4x64xi1>
  %n = stablehlo.compare NE, %x, %x : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xi1>
  %f = stablehlo.or %e, %n : tensor<4x64xi1>
  %r = stablehlo.remainder %x, %y : tensor<4x64xf32>
  %s = stablehlo.select %f, %r, %y : tensor<4x64xi1>, tensor<4x64xf32>
  %sn = stablehlo.sine %x : tensor<4x64xf32>
  %cs = stablehlo.cosine %y : tensor<4x64xf32>
  %w = stablehlo.add %sn, %cs : tensor<4x64xf32>
  return %s, %w : tensor<4x64xf32>, tensor<4x64xf32>
}
