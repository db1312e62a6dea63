// Two ways a group avoids reading DDR again, end to end on the C model
// (tx8c: compile, run, compare every group with the reference interpreter).

// A load inside another load of the same value: Conv 3x3 -> Add (the
// conv's input) -> Relu, 32 rows over the 16 tiles. Each tile's conv reads
// its 2 rows and a halo row on each side, the add only its 2 rows: the
// add's operand is copied out of the conv's input buffer by TDMA
// (op_spm_box_copy), not loaded from DDR a second time.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/fused_module.py conv_add_relu --k 3 --hw 32 --cin 32 --cout 32 > %t/copy.mlir
// RUN: tx8c %t/copy.mlir -o %t/copy -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM3
// RUN: FileCheck %s --check-prefix=COPY < %t/copy/main.c
// SIM3: compare-all: all 3 groups match the reference interpreter
// COPY-LABEL: static void group_1(void)
// COPY: op_spm_box_copy(at, &in0, &in3);
// COPY: op_conv2d(&p, &in0, &in1, &in2, &m0);
// COPY: op_eltwise_binary(0, &m0, &in3, 0, &m1);
// COPY-LABEL: static void group_2(void)
// tx8be-sw-pipeline shows the copy on TDMA in the step's compute frame.
// RUN: tx8c %t/copy.mlir --emit tx8be | FileCheck %s --check-prefix=COPYIR
// COPYIR: sw_pipeline = {buffers = 1 : i64, pipeline = [{join = ["ld"], ld = ["load_var@0[i]", "load_const@1[i]", "load_const@2[i]"]}, {ct = ["Binary@5[i]", "Unary@6[i]"], ne = ["Conv@3[i]"], tdma = ["load_var@4[i]"]}

// Weights every tile needs whole: a 1x1 conv 1024 -> 512 (bf16, 1 MiB of
// filters) on a batch of 16, one image per tile. Each tile reads 1/16 of
// the filters and the tiles all-gather them by DTE (share = "broadcast"
// on the load_const), so they cross DDR once instead of 16 times.
// RUN: %python %S/Inputs/fused_module.py conv_relu --n 16 --hw 8 --cin 1024 --cout 512 --elem bf16 > %t/bc.mlir
// RUN: tx8c %t/bc.mlir -o %t/bc -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM3
// RUN: FileCheck %s --check-prefix=BC < %t/bc/main.c
// RUN: tx8c %t/bc.mlir --emit tx8be | FileCheck %s --check-prefix=BCIR
// The filters sit at the top of the SPM window, clear of every buffer of
// the group before (a channel norm), which starts with every tile idle
// (the first group) and ends with a barrier: it runs the whole prologue
// (prologue_prefetch::ahead): it reads this tile's chunk during its first
// step, once the step's loads are in, and from the next step on sends it
// to every other tile in one phase, its 15 messages spread evenly over the
// points (each step start and after each call: a message every few points
// when there are more points), joined before its barrier; group 1 gathers
// nothing.
// BC: static void group_1_chunks(void);
// BC: static void group_1_sends(uint32_t lo, uint32_t hi);
// BC-LABEL: static void group_0(void)
// BC: uint32_t ahead_q = 0, ahead_p = 0; const int32_t ahead_first = first;
// BC-NEXT: const uint32_t ahead_n = 15u, ahead_pts = {{[0-9]+}}u;
// BC: for (int32_t i = first; i < end; i++) {
// BC: op_join(TX8_ENGINE_RDMA);
// BC-NEXT: if (i == ahead_first) group_1_chunks();
// BC: if (i != ahead_first) { uint32_t h = ++ahead_p * ahead_n / ahead_pts; if (h > ahead_q + 4u) h = ahead_q + 4u; if (h > ahead_q) { group_1_sends(ahead_q, h); ahead_q = h; } }
// BC: group_1_sends(ahead_q, 0xffffffffu);
// BC-NEXT: op_join(TX8_ENGINE_DTE);
// BC: op_barrier();
// BC-LABEL: static void group_1_chunks(void)
// BC: tsm_rdma_load(
// BC-LABEL: static void group_1_sends(uint32_t lo, uint32_t hi)
// BC: for (uint32_t q = lo; q < hi && q < 15u; q++) if (a < b) tsm_dte_copy((t + 1u + q) % 16u, a, a, b - a);
// BC-LABEL: static void group_1(void)
// BC: prologue: run by the group before
// BC-NOT: op_barrier();
// BC-NOT: tsm_dte_copy(
// BC: op_conv2d(
// BC-LABEL: static void group_2(void)
// The software pipeline: the broadcast (DTE) in the prologue, then two
// pipelined steps.
// BCIR: sw_pipeline = {buffers = 2 : i64, pipeline = [{dte = ["load_const@1[i]", "load_const@2[i]"], ld = ["load_var@0[i]"]}, {body = [{{.*}}], repeat = 2 : i64}
// BCIR: tx8be.load_const {{.*}}share = "broadcast"
// BCIR: tx8be.load_const {{.*}}share = "broadcast"
// BCIR: tx8be.Conv

// An activation every tile needs whole: a 3x3 conv 512 -> 512 on a batch
// of 16 at 4x4, sharded over its output channels (each tile reads 1/16 of
// the 4.5 MiB of filters); the 256 KiB input is broadcast (share =
// "broadcast" on the load_var) instead of read by all 16 tiles.
// RUN: %python %S/Inputs/fused_module.py conv_relu --n 16 --hw 4 --cin 512 --cout 512 --k 3 --elem bf16 > %t/act.mlir
// RUN: tx8c %t/act.mlir -o %t/act -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM3
// RUN: FileCheck %s --check-prefix=ACT < %t/act/main.c
// RUN: tx8c %t/act.mlir --emit tx8be | FileCheck %s --check-prefix=ACTIR
// ACT-LABEL: static void group_1(void)
// ACT: prologue: a chunk each
// ACT: tsm_dte_copy(
// ACT: op_conv2d(
// ACTIR: tx8be.load_var {{.*}}share = "broadcast"{{.*}} : tensor<16x4x4x512xbf16>
// ACTIR-NEXT: tx8be.load_const
// ACTIR-NOT: share
// ACTIR-SAME: tensor<3x3x512x512xbf16>
