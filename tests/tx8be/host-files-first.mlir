// The .npz files a run reads (--inputs, --compare, --compare-floor) are
// read before anything is compiled: a missing or malformed one is a
// located error at once, and no program is written (a full-size model
// would otherwise compile and run for minutes first).
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf 'not a zip' > %t/bad.npz
// RUN: not tx8c %s -o %t/a --compare %t/missing.npz 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not test -e %t/a/main.c
// RUN: not tx8c %s -o %t/b --compare %t/bad.npz 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t/b/main.c
// RUN: tx8c %s -o %t/ref --run=reference -q
// RUN: not tx8c %s -o %t/c --compare %t/ref/outputs.npz --compare-floor %t/missing.npz 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not test -e %t/c/main.c
// RUN: not tx8c %s -o %t/d --run --inputs %t/bad.npz 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t/d/main.c

// MISSING: error: {{.*}}missing.npz: No such file
// BAD: error: {{.*}}bad.npz
func.func @main(%x: tensor<8x64xf32> {onnx.name = "x"}) -> (tensor<8x64xf32> {onnx.name = "y"}) {
  %u = tx8be.Unary(%x) {kind = "relu"} : (tensor<8x64xf32>) -> tensor<8x64xf32>
  return %u : tensor<8x64xf32>
}
