// A layer norm whose row does not fit one tile's SPM, end to end on the C
// model: with a 64 KiB window (spm.toml) a row of 8192 does not fit and
// tx8be-split-wide-norm computes the statistics in two levels of
// reductions; the result is compared with the reference interpreter's
// run of the single op on the built-in card, where the row fits. The
// input is shifted by 3 so that the centring matters, and gamma and beta
// are not the identity. In bf16 gamma and beta are cast to the row's type.
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf 'spm_usable_end = 0x20000\n' > %t/spm.toml
// RUN: tx8c %s --config %t/spm.toml --emit=tx8be | FileCheck %s --check-prefix=IR
// RUN: tx8c %s -o %t/ref --run=reference -q
// RUN: tx8c %s --config %t/spm.toml -o %t/split --compare %t/ref/outputs.npz -q 2>&1 | FileCheck %s
// RUN: sed 's/3x8192xf32/3x8192xbf16/g; s/1x1xf32/1x1xbf16/g' %s > %t/bf16.mlir
// RUN: tx8c %t/bf16.mlir -o %t/ref16 --run=reference -q
// RUN: tx8c %t/bf16.mlir --config %t/spm.toml -o %t/split16 --compare %t/ref16/outputs.npz -q 2>&1 | FileCheck %s
// Without the small window the op stays one layer norm.
// RUN: tx8c %s --emit=tx8be | FileCheck %s --check-prefix=WHOLE

// IR-NOT: tx8be.LayerNorm
// IR: tx8be.Reduce{{.*}}kind = "mean"
// CHECK: compare y: cosine {{.*}}: pass
// WHOLE: tx8be.LayerNorm
func.func @main(%x: tensor<3x8192xf32> {onnx.name = "x"}) -> (tensor<3x8192xf32> {onnx.name = "y"}) {
  %three = tx8be.const dense<3.000000e+00> : tensor<1x1xf32>
  %s = tx8be.Binary(%x, %three) {kind = "add"} : (tensor<3x8192xf32>, tensor<1x1xf32>) -> tensor<3x8192xf32>
  %g = tx8be.const dense<2.000000e+00> : tensor<8192xf32>
  %b = tx8be.const dense<5.000000e-01> : tensor<8192xf32>
  %y = tx8be.LayerNorm(%s, %g, %b) {axis = 1 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<3x8192xf32>, tensor<8192xf32>, tensor<8192xf32>) -> tensor<3x8192xf32>
  return %y : tensor<3x8192xf32>
}
