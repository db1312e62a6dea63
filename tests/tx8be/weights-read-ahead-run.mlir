// A group's weights read during the group before it
// (tx8be::schedule::const_prefetch), end to end on the C model.

// Conv 3x3 -> Relu -> Conv 3x3, one op per group, between the input's and
// the output's channel norms: five groups. Each conv group loads its
// weights and bias once per tile; nothing the group before writes is
// among them, so that group issues their reads once its last step's calls
// are issued, and they run beside its calls, store and barrier.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/fused_module.py conv_relu_conv --split --hw 16 --cin 32 --cout 32 > %t/m.mlir
// RUN: tx8c %t/m.mlir -o %t/m -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=C < %t/m/main.c
// RUN: tx8c %t/m.mlir --emit tx8be | FileCheck %s --check-prefix=IR
// SIM: compare-all: all 5 groups match the reference interpreter

// tx8be-spm-alloc puts those weights at the top of the SPM window (it
// ends at 0x2F0000 = 3080192): the bias's 256 bytes last, the tile's
// 3x3x32x8 f32 filter slice (9216 bytes) below it, clear of the bottom-up
// buffers of the group before.
// IR-LABEL: group_id = 1
// IR: tx8be.load_const {{.*}}mem_addr = [3070720]>}
// IR-NEXT: tx8be.load_const {{.*}}mem_addr = [3079936]>}
// IR-LABEL: group_id = 3
// IR: tx8be.load_const {{.*}}mem_addr = [3070720]>}
// IR-NEXT: tx8be.load_const {{.*}}mem_addr = [3079936]>}

// The group before calls the reads in its last step, after its calls and
// before its store, and on a tile without steps after the loop; the conv
// group skips those loads at its first step but still joins the RDMA
// queue before its call.
// C: static void group_1_consts(void);
// C-NEXT: static void group_3_consts(void);
// C-LABEL: static void group_0(void)
// C: op_channel_norm
// C: if (i == g0_first[t + 1] - 1) group_1_consts();
// C-NEXT: op_dma_store(&out
// C: if (g0_first[t] == g0_first[t + 1]) group_1_consts();
// C-LABEL: static void group_1_consts(void)
// C-NEXT: const uint32_t t = tile_id();
// C-NEXT: if (g1_first[t] == g1_first[t + 1]) return;
// C-NEXT: const int32_t i = g1_first[t];
// C-NEXT: if (g1_ld1[i]) {
// C: op_load_const(&in, 0x10000000ull);
// C: if (g1_ld2[i]) {
// C: op_load_const(&in, 0x10009000ull);
// C-LABEL: static void group_1(void)
// C: if (i != g1_first[t]) op_load_const(&in1, 0x10000000ull);
// C-NEXT: last1 = &g1_in1[i];
// C-NEXT: loaded = 1;
// C: if (i != g1_first[t]) op_load_const(&in2, 0x10009000ull);
// C: if (loaded) op_join(TX8_ENGINE_RDMA);
// C: op_conv2d(
// C-LABEL: static void group_2(void)
// C: if (i == g2_first[t + 1] - 1) group_3_consts();
// The last group's channel norm has no weights to read ahead.
// C-LABEL: static void group_3(void)
// C-NOT: _consts();
// C-LABEL: static void group_4(void)

