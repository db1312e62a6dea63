// tx8c --compare's rule (crates/tx8c/src/compare.rs): cosine and SQNR
// decide whatever the magnitude of the values; an absolute tolerance only
// for an output whose reference is all (near) zero, against the run's
// largest magnitude; compare.json records which rule decided each output.
//
// @main's first output is x * 1e-3: every value is within 1e-2 of any
// other run's, so a rule "every value within 1e-2 passes" accepts the
// outputs of other inputs (seed 2 against seed 1: cosine ~0). Its second
// output, min(relu(x), 0), is all zero: judged by the absolute error.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tx8c %s --dtype fp32 --seed 1 -o %t/one --run=reference -q
// RUN: tx8c %s --dtype bf16 --seed 1 -o %t/same --run --compare %t/one/outputs.npz -q 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: FileCheck %s --check-prefix=JSON < %t/same/compare.json
// RUN: not tx8c %s --dtype bf16 --seed 2 -o %t/other --run --compare %t/one/outputs.npz -q 2>&1 | FileCheck %s --check-prefix=OTHER

// SAME: compare small: {{.*}}: pass
// SAME: compare zero: {{.*}}: pass (reference all near zero: max_abs <= {{.*}})

// JSON: "name": "small"
// JSON: "rule": "cosine_sqnr"
// JSON: "pass": true
// JSON: "name": "zero"
// JSON: "rule": "near_zero_abs"
// JSON: "pass": true

// OTHER: compare small: cosine {{-?0\.[0-8]}}{{.*}}: FAIL (needs cosine >= 0.99 and sqnr >= 20 dB)

func.func @main(%x: tensor<4x64xf32> {onnx.name = "x"}) -> (tensor<4x64xf32> {onnx.name = "small"}, tensor<4x64xf32> {onnx.name = "zero"}) {
  %k = stablehlo.constant dense<1.000000e-03> : tensor<4x64xf32>
  %s = stablehlo.multiply %x, %k : tensor<4x64xf32>
  %z = stablehlo.constant dense<0.000000e+00> : tensor<4x64xf32>
  %r = stablehlo.maximum %x, %z : tensor<4x64xf32>
  %m = stablehlo.minimum %r, %z : tensor<4x64xf32>
  return %s, %m : tensor<4x64xf32>, tensor<4x64xf32>
}
