// Slices read as views (tx8be-load-views) end to end on the C model: a
// fused q/k/v projection's output [b, s, 3*h*d] sliced into q and k (GPT-2
// splits its c_attn so), each split into heads, and the scores q k^T. The
// slices and transposes leave their groups; the scores group loads q and
// k through views of the projection (op_dma_load_view from the slice's
// first column, rows 3*h*d apart). Numbers as the reference interpreter's,
// every group, in f32 and bf16.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tx8c %s --emit=tx8be -q | FileCheck %s
// RUN: tx8c %s --dtype fp32 -o %t/ref --run=reference -q
// RUN: tx8c %s --dtype fp32 -o %t/f --run --compare %t/ref/outputs.npz --compare-all -q 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=C < %t/f/main.c
// RUN: tx8c %s -o %t/b -q --compare-all 2>&1 | FileCheck %s --check-prefix=ALL
// CHECK-COUNT-2: tx8be.Slice(%arg0)
// CHECK: tx8be.group
// CHECK-NOT: tx8be.Slice
// CHECK-NOT: tx8be.Transpose
// CHECK: tx8be.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
// SIM: compare output_0: {{.*}}: pass
// SIM: compare-all: all 1 groups match the reference interpreter
// ALL: compare-all: all 1 groups match the reference interpreter
// C: static const uint64_t g0_vdims0[4] = {2ull, 4ull, 16ull, 32ull};
// C: static const uint64_t g0_vstrides0[4] = {6144ull, 32ull, 384ull, 1ull};
// C: op_dma_load_view(&in0{{.*}}, 4u, g0_vdims0, g0_vstrides0);
// C: op_dma_load_view(&in1{{.*}}, 4u, g0_vdims1, g0_vstrides1);

func.func @main(%x: tensor<2x16x384xf32>) -> tensor<8x16x16xf32> {
  %q0 = stablehlo.slice %x [0:2, 0:16, 0:128] : (tensor<2x16x384xf32>) -> tensor<2x16x128xf32>
  %k0 = stablehlo.slice %x [0:2, 0:16, 128:256] : (tensor<2x16x384xf32>) -> tensor<2x16x128xf32>
  %qr = stablehlo.reshape %q0 : (tensor<2x16x128xf32>) -> tensor<2x16x4x32xf32>
  %kr = stablehlo.reshape %k0 : (tensor<2x16x128xf32>) -> tensor<2x16x4x32xf32>
  %qt = stablehlo.transpose %qr, dims = [0, 2, 1, 3] : (tensor<2x16x4x32xf32>) -> tensor<2x4x16x32xf32>
  %kt = stablehlo.transpose %kr, dims = [0, 2, 1, 3] : (tensor<2x16x4x32xf32>) -> tensor<2x4x16x32xf32>
  %q = stablehlo.reshape %qt : (tensor<2x4x16x32xf32>) -> tensor<8x16x32xf32>
  %k = stablehlo.reshape %kt : (tensor<2x4x16x32xf32>) -> tensor<8x16x32xf32>
  %s = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x16x32xf32>, tensor<8x16x32xf32>) -> tensor<8x16x16xf32>
  return %s : tensor<8x16x16xf32>
}
