// --compare-floor: a bf16 run that cannot reach the fixed thresholds (x is
// ~N(0,1) but passes through 64 + x, where bf16's step is 0.5)
// fails against the fp32 reference, passes within 3 dB of a floor
// that loses as much, and still fails against a floor that loses nothing.
// A floor of several realisations (a leading axis) is judged by its worst:
// an exact realisation beside the lossy one still passes, two exact ones fail.
// fp32 runs have no floor below their reference.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tx8c %s --dtype fp32 -o %t/ref32 --run=reference -q
// RUN: tx8c %s --dtype bf16 -o %t/ref16 --run=reference -q
// RUN: not tx8c %s --dtype bf16 -o %t/fixed --run --compare %t/ref32/outputs.npz -q 2>&1 | FileCheck %s --check-prefix=FIXED
// RUN: tx8c %s --dtype bf16 -o %t/floor --run --compare %t/ref32/outputs.npz --compare-floor %t/ref16/outputs.npz -q 2>&1 | FileCheck %s --check-prefix=FLOOR
// RUN: FileCheck %s --check-prefix=JSON < %t/floor/compare.json
// RUN: not tx8c %s --dtype bf16 -o %t/exact --run --compare %t/ref32/outputs.npz --compare-floor %t/ref32/outputs.npz -q 2>&1 | FileCheck %s --check-prefix=FIXED
// RUN: %python %S/Inputs/stack_npz.py %t/two.npz %t/ref32/outputs.npz %t/ref16/outputs.npz
// RUN: tx8c %s --dtype bf16 -o %t/two --run --compare %t/ref32/outputs.npz --compare-floor %t/two.npz -q 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: FileCheck %s --check-prefix=TWOJSON < %t/two/compare.json
// RUN: %python %S/Inputs/stack_npz.py %t/exact2.npz %t/ref32/outputs.npz %t/ref32/outputs.npz
// RUN: not tx8c %s --dtype bf16 -o %t/exact2 --run --compare %t/ref32/outputs.npz --compare-floor %t/exact2.npz -q 2>&1 | FileCheck %s --check-prefix=FIXED
// RUN: not tx8c %s --dtype fp32 -o %t/f32 --run --compare %t/ref32/outputs.npz --compare-floor %t/ref16/outputs.npz -q 2>&1 | FileCheck %s --check-prefix=FP32

// FIXED: compare y: {{.*}}: FAIL (needs cosine >= 0.99 and sqnr >= 20 dB)
// FLOOR: compare y: {{.*}}: pass (the type's floor is {{[0-9.]+}} dB: needs cosine >= 0.9{{[0-9]+}} and sqnr >= 1{{[0-9.]+}} dB)
// JSON: "floor": {
// JSON: "rule": "dtype_floor",
// JSON-NEXT: "pass": true
// TWO: compare y: {{.*}}: pass (the type's floor is {{[0-9.]+}} dB, the lowest of 2 realisations: needs cosine >= 0.9{{[0-9]+}} and sqnr >= 1{{[0-9.]+}} dB)
// TWOJSON: "realisations": 2
// TWOJSON: "rule": "dtype_floor",
// TWOJSON-NEXT: "pass": true
// FP32: error: --compare-floor: fp32 runs have no floor below the reference

func.func @main(%x: tensor<8x64xf32> {onnx.name = "x"}) -> (tensor<8x64xf32> {onnx.name = "y"}) {
  %big = stablehlo.constant dense<6.400000e+01> : tensor<8x64xf32>
  %a = stablehlo.add %x, %big : tensor<8x64xf32>
  %y = stablehlo.subtract %a, %big : tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}
