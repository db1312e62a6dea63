// Transposes between groups read as views (tx8be-load-views) end to
// end on the C model: heads split as a transformer does ([b, s, h*d] ->
// [b, h, s, d] seen as [b*h, s, d]), two batched matmuls, the heads merged
// back and added to the input. Both transposes leave their groups and stay
// at the top level as views; the two groups (the matmuls fuse into one,
// tx8be-group-chains) load through them with
// op_dma_load_view (strided copies from the untransposed tensor), so
// no group writes a transposed tensor to DDR. Numbers as the reference
// interpreter's, every group, in f32, bf16 and fp16.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tx8c %s --emit=tx8be -q | FileCheck %s
// RUN: tx8c %s --dtype fp32 -o %t/ref --run=reference -q
// RUN: tx8c %s --dtype fp32 -o %t/f --run --compare %t/ref/outputs.npz --compare-all -q 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=C < %t/f/main.c
// RUN: tx8c %s -o %t/b -q --compare-all 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: tx8c %s --dtype fp16 -o %t/h -q --compare-all 2>&1 | FileCheck %s --check-prefix=ALL
// CHECK: %[[SPLIT:[0-9]+]] = tx8be.Transpose(%{{[0-9]+}}) {{.*}}perm = array<i64: 0, 2, 1, 3>} : (tensor<2x16x4x32xbf16>) -> tensor<2x4x16x32xbf16>
// CHECK: %[[HEADS:[0-9]+]] = tx8be.Reshape(%[[SPLIT]])
// CHECK: tx8be.group
// CHECK-NEXT: tx8be.load_var %[[HEADS]]
// CHECK-NOT: tx8be.Transpose
// CHECK: tx8be.load_var %[[HEADS]]
// CHECK-NOT: tx8be.Transpose
// CHECK: tx8be.yield
// CHECK: %[[MERGE:[0-9]+]] = tx8be.Transpose(%{{[0-9]+}}) {{.*}}perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x16x32xbf16>) -> tensor<2x16x4x32xbf16>
// CHECK: %[[ROWS:[0-9]+]] = tx8be.Reshape(%[[MERGE]])
// CHECK: tx8be.group
// CHECK-NEXT: tx8be.load_var %[[ROWS]]
// CHECK-NOT: tx8be.Transpose
// CHECK: return
// SIM: compare output_0: {{.*}}: pass
// SIM: compare-all: all 2 groups match the reference interpreter
// ALL: compare-all: all 2 groups match the reference interpreter
// C: static const uint64_t g0_vdims0[4] = {2ull, 4ull, 16ull, 32ull};
// C: static const uint64_t g0_vstrides0[4] = {2048ull, 32ull, 128ull, 1ull};
// C: op_dma_load_view(&in0{{.*}}, 4u, g0_vdims0, g0_vstrides0);
// C: static const uint64_t g1_vdims0[4] = {2ull, 16ull, 4ull, 32ull};
// C: static const uint64_t g1_vstrides0[4] = {2048ull, 32ull, 512ull, 1ull};
// C: op_dma_load_view(&in0{{.*}}, 4u, g1_vdims0, g1_vstrides0);
func.func @main(%x: tensor<2x16x128xf32>) -> tensor<2x16x128xf32> {
  %r = stablehlo.reshape %x : (tensor<2x16x128xf32>) -> tensor<2x16x4x32xf32>
  %t = stablehlo.transpose %r, dims = [0, 2, 1, 3] : (tensor<2x16x4x32xf32>) -> tensor<2x4x16x32xf32>
  %q = stablehlo.reshape %t : (tensor<2x4x16x32xf32>) -> tensor<8x16x32xf32>
  %s = stablehlo.dot_general %q, %q, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x16x32xf32>, tensor<8x16x32xf32>) -> tensor<8x16x16xf32>
  %c = stablehlo.dot_general %s, %q, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x16x16xf32>, tensor<8x16x32xf32>) -> tensor<8x16x32xf32>
  %c4 = stablehlo.reshape %c : (tensor<8x16x32xf32>) -> tensor<2x4x16x32xf32>
  %b = stablehlo.transpose %c4, dims = [0, 2, 1, 3] : (tensor<2x4x16x32xf32>) -> tensor<2x16x4x32xf32>
  %o = stablehlo.reshape %b : (tensor<2x16x4x32xf32>) -> tensor<2x16x128xf32>
  %y = stablehlo.add %o, %x : tensor<2x16x128xf32>
  return %y : tensor<2x16x128xf32>
}
