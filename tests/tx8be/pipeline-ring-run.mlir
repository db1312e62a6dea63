// The issue-14 schedules end to end: tx8c compiles two GEMMs, one that
// tx8be-sharding double-buffers (multi_buf_num = 2: A's row slices
// alternate between two buffers while each tile's columns of B stay
// resident) and one that shares B round the tile ring (share = "ring"),
// runs them on the C model and compares every group's output with the
// reference interpreter (--compare-all): the pipelined loop and the ring's
// DTE hops must give the same numbers.
// The ring GEMM's K is 512: with a shorter K the search finds a 2-D
// sharding without the ring faster (each ring step ends at a barrier). Its
// A is 2 MiB: a smaller one is broadcast whole to every tile instead
// (broadcast.rs).
// RUN: tx8c %s --emit=tx8be -q | FileCheck %s --check-prefix=IR
// RUN: tx8c %s -o %t -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=C < %t/main.c

// IR: tx8be.Gemm
// IR-SAME: multi_buf_en = true, multi_buf_num = 2
// IR-NOT: share
// IR-SAME: : (tensor<512x256xbf16>, tensor<256x2048xbf16>)
// IR: tx8be.Gemm
// IR-SAME: share = "ring", share_ring = array<i64: 0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4>
// IR-SAME: : (tensor<2048x512xbf16>, tensor<512x4096xbf16>)

// SIM: compare-all: all 2 groups match the reference interpreter

// run.json: the ring GEMM's DDR bytes are A, B and the output once each
// (2 + 4 + 16 MiB), its compulsory bytes.
// RUN: FileCheck %s --check-prefix=JSON < %t/run.json
// JSON: "groups": [
// JSON: "ddr_bytes": 23068672,
// JSON-NEXT: "compulsory_bytes": 23068672,

// The pipelined group: the first loads before the loop; in it, a join of
// RDMA before the call (then the next step's loads are issued), a join of
// WDMA before the store.
// C-LABEL: static void group_0(void)
// C: if (first < end) {
// C: for (int32_t i = first; i < end; i++) {
// C-NEXT: const int c = (i - first) & 1;
// C-NEXT: op_join(TX8_ENGINE_RDMA);
// C: if (i + 1 < end) {
// C: op_dma_load(
// C: op_gemm(
// C-NEXT: }
// C-NEXT: op_join(TX8_ENGINE_WDMA);
// C-NEXT: op_dma_store(&out[c],
// The ring group: the GEMM issued, the chunk passed on, a barrier per step.
// C-LABEL: static void group_1(void)
// C: tsm_ne_gemm(&p);
// C-NEXT: tsm_dte_copy(g1_prev[t],
// C: op_barrier();
func.func @main(%a: tensor<512x256xbf16>, %b: tensor<256x2048xbf16>, %c: tensor<2048x512xbf16>, %d: tensor<512x4096xbf16>) -> (tensor<512x2048xbf16>, tensor<2048x4096xbf16>) {
  %0 = tx8be.Gemm(%a, %b) : (tensor<512x256xbf16>, tensor<256x2048xbf16>) -> tensor<512x2048xbf16>
  %1 = tx8be.Gemm(%c, %d) : (tensor<2048x512xbf16>, tensor<512x4096xbf16>) -> tensor<2048x4096xbf16>
  return %0, %1 : tensor<512x2048xbf16>, tensor<2048x4096xbf16>
}
