// Loads streamed along mesh rows and columns at every step, end to end on
// the C model (tx8c: compile, run, compare with the reference interpreter):
// a GEMM sharded [4, 4] whose time split changes a box the tiles of a mesh
// line share at each step. Each tile reads its chunk of the box two steps
// ahead into the third of its buffers and sends the chunk of the next step
// to the line's other tiles; one barrier opens every step
// (crates/tx8be-transforms/src/stream_share.rs).

// A's rows streamed along the mesh rows: 1024 x 768 x 768 (bf16) -> GELU,
// each tile 256 rows in steps of 128; the weights' column block is shared
// down the columns once, before the steps.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/fused_module.py gemm_unary --n 1024 --cin 768 --cout 768 --elem bf16 > %t/row.mlir
// RUN: tx8c %t/row.mlir -o %t/row -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=ROW < %t/row/main.c
// SIM: compare-all: all 1 groups match the reference interpreter
// ROW-LABEL: static void group_0(void)
// ROW: static const uint64_t a0[3] =
// ROW: operand 0, streamed along each mesh row: at each step chunk p of 4 from the tile at position p
// ROW: const int64_t slo0 = scol < 4u ? (int64_t)scol * 128 / 4 : 0
// ROW: const uint64_t soff0 = (uint64_t)slo0 * 1536ull
// The first step's chunk: read, then sent, and the second's read, inside
// the prologue (its closing barrier also stands for the first step's).
// ROW: const int b = (first - first) % 3;
// ROW: op_dma_load(&ck,
// ROW: tsm_dte_copy(srow * 4u + (scol + q) % 4u, at, at, sn0);
// ROW: const int b = (first + 1 - first) % 3;
// ROW: op_dma_load(&ck,
// ROW: op_join(TX8_ENGINE_DTE);
// ROW-NEXT: }
// ROW-NEXT: op_barrier();
// The step loop: the first step's GEMM (it needs none of what follows),
// the next step's sends once this tile's read of their chunk is in (the
// calls wait, by the scoreboard, for just the loads they read), the reads
// two ahead, this step's GELU, then the next step's GEMM into the other
// buffer of its result (ne_overlap.rs: the NE runs beside the CT), after
// the one barrier of the step (every tile's sends for the next step
// landed).
// ROW: for (int32_t i = first; i < end; i++) {
// ROW-NOT: op_barrier();
// ROW: if (i == first) {
// ROW: op_gemm(&p, x0, x1, x2, &m0);
// ROW: op_join(TX8_ENGINE_RDMA);
// ROW-NEXT: if (sn0) {
// ROW-NEXT: const uint64_t at = a0[(i + 1 - first) % 3] + soff0;
// ROW-NEXT: tsm_dte_copy(srow * 4u + (scol + q) % 4u, at, at, sn0);
// ROW: if (i + 2 < end) {
// ROW: op_dma_load(&ck,
// ROW: op_eltwise_unary(4, &m0, &out[c]);
// ROW: if (i + 1 < end) {
// ROW-NEXT: op_join(TX8_ENGINE_DTE);
// ROW-NEXT: op_barrier();
// ROW: const int32_t i = i_next;
// ROW-NEXT: TSR *x0 = &in0[(i - first) % 3];
// ROW: m0 = (TSR){Fmt_BF16, (((i - first) & 1) ? {{.*}} : {{.*}}), &sm0, 1};
// ROW: op_gemm(&p, x0, x1, x2, &m0);

// The weights streamed down the mesh columns: 768 x 768 x 2304 (bf16,
// BERT's merged Q/K/V projection at batch 6), each tile a 576-column block
// in steps of 288; A's rows shared along the mesh rows once.
// RUN: %python %S/Inputs/fused_module.py gemm_unary --n 768 --cin 768 --cout 2304 --elem bf16 > %t/col.mlir
// RUN: tx8c %t/col.mlir -o %t/col -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=COL < %t/col/main.c
// COL-LABEL: static void group_0(void)
// COL: operand 1, streamed along each mesh column: at each step chunk p of 4 from the tile at position p
// COL: operand 0, shared along each mesh row
// COL: op_load_const(&ck,
// COL: for (int32_t i = first; i < end; i++) {
// COL: tsm_dte_copy(((srow + q) % 4u) * 4u + scol, at, at, sn1);
// COL: op_barrier();
// COL: op_gemm(&p, x0, x1, x2, &m0);
