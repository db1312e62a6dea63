// Multi-op groups end to end (the session-6 group contract): tx8c compiles
// grouped tx8be modules whose middle group holds several compute ops
// (Inputs/fused_module.py: a channel_norm group blocks the argument, the
// fused group, a channel_norm group unblocks the result), runs them on the
// C model and compares the output and every group's stored output with the
// reference interpreter. The intermediates never leave SPM: the calls read
// and write the m<j> buffers.

// Conv -> Relu, f32.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/fused_module.py conv_relu --hw 8 --cin 16 --cout 24 > %t/cr.mlir
// RUN: tx8c %t/cr.mlir -o %t/cr -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM3
// RUN: FileCheck %s --check-prefix=CR < %t/cr/main.c
// SIM3: compare-all: all 3 groups match the reference interpreter
// CR-LABEL: static void group_1(void)
// CR: op_conv2d(&p, &in0, &in1, &in2, &m0);
// CR: op_eltwise_unary(0, &m0, &out);
// CR: op_dma_store(&out

// Conv -> Add -> Relu, bf16, batch 2 (NCx): the conv's input is loaded a
// second time for the add, which reads the conv's input buffer (the same
// boxes: one DMA).
// RUN: %python %S/Inputs/fused_module.py conv_add_relu --n 2 --hw 8 --cin 32 --cout 32 --elem bf16 > %t/car.mlir
// RUN: tx8c %t/car.mlir -o %t/car -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM3
// RUN: FileCheck %s --check-prefix=CAR < %t/car/main.c
// RUN: FileCheck %s --check-prefix=JSON < %t/car/run.json
// CAR-LABEL: static void group_1(void)
// CAR: op_conv2d(&p, &in0, &in1, &in2, &m0);
// CAR: op_eltwise_binary(0, &m0, &in0, 0, &m1);
// CAR: op_eltwise_unary(0, &m1, &out);
// JSON: "op": "tx8be.Unary",
// JSON-NEXT: "ops": [
// JSON-NEXT: "tx8be.Conv",
// JSON-NEXT: "tx8be.Binary",
// JSON-NEXT: "tx8be.Unary"
// JSON-NEXT: ],

// Conv3x3 -> Relu -> Conv3x3, f32, 32 rows over 8 tiles (4 each; the
// search finds 8 tiles faster than 16 for a conv this small: fewer halo
// rows recomputed, fewer copies of the filters read): each tile's second
// conv needs its rows and the halo rows of the relu, so the first conv
// computes up to 6 rows for 4 output rows (recomputed on neighbouring
// tiles), with the padding of its own box (the top tile's box starts at
// the image edge: 5 rows, padded above).
// RUN: %python %S/Inputs/fused_module.py conv_relu_conv --hw 32 --cin 16 --cout 16 > %t/halo.mlir
// RUN: tx8c %t/halo.mlir -o %t/halo -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM3
// RUN: FileCheck %s --check-prefix=HALO < %t/halo/main.c
// HALO: static const BOX g1_out[8] = {{[{][{][{]}}0, 0, 0, 0}, {1, 4, 32, 16}}, {{[{][{]}}0, 4, 0, 0}, {1, 4, 32, 16}},
// HALO: static const BOX g1_m0[8] = {{[{][{][{]}}0, 0, 0, 0}, {1, 5, 32, 16}}, {{[{][{]}}0, 3, 0, 0}, {1, 6, 32, 16}}, {{[{][{]}}0, 7, 0, 0}, {1, 6, 32, 16}},
// HALO: static const int64_t g1c0_pad[8][4] = {{[{][{]}}1, 1, 0, 1}, {0, 1, 0, 1}, {0, 1, 0, 1},
// HALO: op_conv2d(&p, &in0, &in1, &in2, &m0);
// HALO: op_eltwise_unary(0, &m0, &m1);
// HALO: op_conv2d(&p, &m1, &in1, &in2, &out);

// Gemm -> gelu, bf16.
// RUN: %python %S/Inputs/fused_module.py gemm_unary --n 64 --cin 128 --cout 256 --elem bf16 > %t/gu.mlir
// RUN: tx8c %t/gu.mlir -o %t/gu -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM1
// RUN: FileCheck %s --check-prefix=GU < %t/gu/main.c
// SIM1: compare-all: all 1 groups match the reference interpreter
// GU: op_gemm(&p, &in0, &in1, &in2, &m0);
// GU: op_eltwise_unary(4, &m0, &out);

// A time split with halo, bf16 1x112x112x64: each tile's 7 rows run in
// steps, software-pipelined (the next step's loads overlap this step's
// calls); the halo rows are recomputed at every step.
// RUN: %python %S/Inputs/fused_module.py conv_relu_conv --hw 112 --cin 64 --cout 64 --elem bf16 > %t/big.mlir
// RUN: tx8c %t/big.mlir -o %t/big -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM3
// RUN: FileCheck %s --check-prefix=BIG < %t/big/main.c
// BIG-LABEL: static void group_1(void)
// BIG: for (int32_t i = first; i < end; i++) {
// BIG-NEXT: const int c = (i - first) & 1;
// BIG: op_conv2d(&p, x0, x1, x2, &m0);
// BIG: op_eltwise_unary(0, &m0, &m1);
// BIG: op_conv2d(&p, &m1, x1, x2, &out[c]);
// RUN: FileCheck %s --check-prefix=BIGJ < %t/big/run.json
// BIGJ: "split": [
// BIGJ: "split": [
// BIGJ-NEXT: 1,
// BIGJ-NEXT: 4,
// BIGJ-NEXT: 112,
