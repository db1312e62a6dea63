// Loads shared along mesh rows and columns, end to end on the C model
// (tx8c: compile, run, compare every group with the reference
// interpreter): the tiles of a line each read one chunk of the box they
// share (a sub-box whose SPM image is a byte range of the box's) and
// all-gather the chunks by DTE before the steps.

// Filters shared down the mesh columns: a 1x1 conv 512 -> 1024 at batch 16
// sharded [4, 1, 1, 4]. The filter box (1x1x512x256, channel-blocked) is
// cut into whole channel blocks of 64: 4 blocks, 1 per tile of the column.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/fused_module.py conv_relu --n 16 --hw 7 --cin 512 --cout 1024 --elem bf16 > %t/col.mlir
// RUN: tx8c %t/col.mlir -o %t/col -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM3
// RUN: FileCheck %s --check-prefix=COL < %t/col/main.c
// RUN: %python %S/Inputs/fused_module.py conv_relu --n 16 --hw 7 --cin 512 --cout 1024 --elem f32 > %t/col32.mlir
// RUN: tx8c %t/col32.mlir -o %t/col32 -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM3
// SIM3: compare-all: all 3 groups match the reference interpreter
// The filters are weights whose buffer misses every buffer of the group
// before: it reads this tile's chunk during its last step, beside its
// calls (a tile without steps after its loop), before its store and
// barrier (prologue_prefetch.rs: prefetched_early).
// COL: static void group_1_chunks(void);
// COL-LABEL: static void group_0(void)
// COL: if (i == g0_first[t + 1] - 1) group_1_chunks();
// COL: if (g0_first[t] == g0_first[t + 1]) group_1_chunks();
// COL-NEXT: op_barrier();
// COL-LABEL: static void group_1_chunks(void)
// COL: operand 1, shared along each mesh column: chunk p of 4 from the tile at position p
// COL: (int64_t)row * 4 / 4
// COL: cb.start[3] += (int32_t)(lo1 * 64); cb.size[3] = (int32_t)((hi1 - lo1) * 64);
// COL: op_load_const(&ck,
// COL-LABEL: static void group_1(void)
// COL: prologue: a chunk each
// COL-NOT: op_load_const(&ck
// COL: op_join(TX8_ENGINE_RDMA);
// No barrier between the chunks and the gather: one phase.
// COL-NOT: op_barrier();
// COL: tsm_dte_copy(((row + u) % 4u) * 4u + col, at1, at1, n1);
// COL: op_join(TX8_ENGINE_DTE);
// COL: op_barrier();
// COL: set_shape(&s1[0], 4, g1_whole1, &g1_in1[g1_first[t]]);
// COL: op_conv2d(&p, x0, x1, x2, &m0);
// COL-LABEL: static void group_2(void)

// Images shared along the mesh rows: a 3x3 conv 512 -> 512 at 14x14 and
// batch 16 sharded [2, 1, 1, 8]; the 8 images of a row's batch half are
// cut by batch, 2 per tile.
// RUN: %python %S/Inputs/fused_module.py conv_relu --n 16 --hw 14 --cin 512 --cout 512 --k 3 --elem bf16 > %t/row.mlir
// RUN: tx8c %t/row.mlir -o %t/row -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM3
// RUN: FileCheck %s --check-prefix=ROW < %t/row/main.c
// The images are an activation: read in the group's own prologue.
// ROW-NOT: group_1_chunks
// ROW-LABEL: static void group_1(void)
// ROW: operand 0, shared along each mesh row: chunk p of 4 from the tile at position p
// ROW: cb.start[0] += (int32_t)(lo0 * 1); cb.size[0] = (int32_t)((hi0 - lo0) * 1);
// ROW: op_dma_load(&ck,
// ROW: tsm_dte_copy(row * 4u + (col + u) % 4u, at0, at0, n0);
// ROW: op_barrier();
// ROW: op_conv2d(
