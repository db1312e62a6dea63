// An intermediate read with two boxes, end to end on the C model: in
// Conv 3x3 -> Relu (r) -> Conv 3x3 -> Add r -> Relu (two convs of a ResNet
// basic block, r standing for the block input the next block's add reads),
// each step of a tile computes 2 output rows, so the second conv reads 4
// rows of r (a halo row on each side) and the add only the 2. r is
// computed for the 4 rows (the union) and each step copies the add's 2
// rows out of r's buffer by TDMA (op_spm_box_copy) into the buffer
// tx8be-spm-alloc recorded on the add (subbox_addr). tx8c compiles, runs
// and compares every group with the reference interpreter.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/fused_module.py conv_relu_conv_add --hw 32 --cin 32 --cout 32 > %t/n.mlir
// RUN: tx8c %t/n.mlir -o %t/n -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=C < %t/n/main.c
// The same in bf16 on a batch of 2 (NCx: 8 tiles per image, each a band
// of rows, its halo rows recomputed).
// RUN: %python %S/Inputs/fused_module.py conv_relu_conv_add --n 2 --hw 32 --cin 64 --cout 64 --elem bf16 > %t/b.mlir
// RUN: tx8c %t/b.mlir -o %t/b -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=C < %t/b/main.c
// SIM: compare-all: all 3 groups match the reference interpreter
// C-LABEL: static void group_1(void)
// C: L_SHAPE sn0; TSR n0;
// C: op_eltwise_unary(0, &m0, &m1);
// C: op_conv2d(&p, &m1,
// C: n0 = (TSR)
// C: at[d] = (uint64_t)(g1_n0[i].start[d] - g1_m1[i].start[d]);
// C-NEXT: op_spm_box_copy(at, &m1, &n0);
// C: op_eltwise_binary(0, &m2, &n0, 0, &m3);
// C-LABEL: static void group_2(void)
