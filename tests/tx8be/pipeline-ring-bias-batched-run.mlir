// The ring GEMM beyond plain 2-D A x B, end to end: tx8c shares B round
// the tile ring for a GEMM whose A has a batch dim, for one with an f32
// bias, and for one with both (BERT's linear layers are the last kind),
// runs them on the C model and compares every group's output with the
// reference interpreter (--compare-all): the rows taken from the batch
// dim and the bias columns each step adds must give the same numbers.
// K is 512: with a shorter K the search finds a 2-D sharding without the
// ring faster (each ring step ends at a barrier). Every A is 2 MiB: a
// smaller one is broadcast whole to every tile instead (broadcast.rs).
// RUN: tx8c %s --emit=tx8be -q | FileCheck %s --check-prefix=IR
// RUN: tx8c %s -o %t -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=C < %t/main.c

// IR: tx8be.Gemm
// IR-SAME: share = "ring"
// IR-SAME: shape_spatial_sharding = [8, 2, 1]
// IR-SAME: : (tensor<8x256x512xbf16>, tensor<512x4096xbf16>)
// IR: tx8be.Gemm
// IR-SAME: share = "ring"
// IR-SAME: shape_spatial_sharding = [16, 1]
// IR-SAME: : (tensor<2048x512xbf16>, tensor<512x4096xbf16>, tensor<4096xf32>)
// IR: tx8be.Gemm
// IR-SAME: share = "ring"
// IR-SAME: shape_spatial_sharding = [16, 1, 1]
// IR-SAME: : (tensor<16x128x512xbf16>, tensor<512x4096xbf16>, tensor<4096xf32>)

// SIM: compare-all: all 3 groups match the reference interpreter

// No bias: the NE's bias address is 0; the rows of a tile's box of the
// batch dim are one matrix (128 rows, from [1, 128, 512]).
// C-LABEL: static void group_0(void)
// C: NE_GEMM_PARAM p = {Fmt_BF16, Fmt_BF16, {{.*}}, ab[buf], ao[c], 0, 128, 512,
// With a bias: loaded whole once before the loop, each GEMM reads from
// its chunk's first column on.
// C-LABEL: static void group_1(void)
// C: TSR bias =
// C: for (int32_t i = first; i < end; i++) {
// C: NE_GEMM_PARAM p = {{.*}}, ao[c], {{0x[0-9a-f]+}}ull + (uint64_t)g1_out[i].start[1] * 4, 128, 512,
// C-LABEL: static void group_2(void)
// C: NE_GEMM_PARAM p = {{.*}}, ao[c], {{0x[0-9a-f]+}}ull + (uint64_t)g2_out[i].start[2] * 4, 128, 512,
func.func @main(%a: tensor<8x256x512xbf16>, %b: tensor<512x4096xbf16>, %c: tensor<2048x512xbf16>, %bias: tensor<4096xf32>, %e: tensor<16x128x512xbf16>) -> (tensor<8x256x4096xbf16>, tensor<2048x4096xbf16>, tensor<16x128x4096xbf16>) {
  %0 = tx8be.Gemm(%a, %b) : (tensor<8x256x512xbf16>, tensor<512x4096xbf16>) -> tensor<8x256x4096xbf16>
  %1 = tx8be.Gemm(%c, %b, %bias) : (tensor<2048x512xbf16>, tensor<512x4096xbf16>, tensor<4096xf32>) -> tensor<2048x4096xbf16>
  %2 = tx8be.Gemm(%e, %b, %bias) : (tensor<16x128x512xbf16>, tensor<512x4096xbf16>, tensor<4096xf32>) -> tensor<16x128x4096xbf16>
  return %0, %1, %2 : tensor<8x256x4096xbf16>, tensor<2048x4096xbf16>, tensor<16x128x4096xbf16>
}
