// Grouped convs whose output channels are split in time, end to end on the
// C model. A 24 KiB SPM window (spm.toml) leaves no room for a conv's
// weights whole, so the sharding search splits the output channels. A
// step's box must hold whole groups or part of one group (the NE's grouped
// conv runs groups of one width): halving 48 channels of groups of 16 to
// 24 cut a group, and the C model refused the call ("groups must divide C
// and O") in fp32 while bf16, whose weights fit at 48, ran.
// tx8c compiles, runs and compares every group with the reference
// interpreter (Inputs/fused_module.py's conv groups, --group G: every conv
// of the group has G groups; the first conv is not the group's anchor).
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf 'spm_usable_end = 0x16000\n' > %t/spm.toml
// 6 groups of 16 channels, the conv under a relu (the relu's channels
// follow the conv's): slices of 2 groups.
// RUN: %python %S/Inputs/fused_module.py conv_relu --hw 4 --cin 96 --cout 96 --group 6 --k 3 --elem f32 > %t/g6.mlir
// RUN: tx8c %t/g6.mlir --config %t/spm.toml -o %t/g6 -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=G6 < %t/g6/main.c
// G6: static const uint64_t g1c0_grp[{{[0-9]+}}] = {2, 2,
// RUN: %python %S/Inputs/fused_module.py conv_relu --hw 4 --cin 96 --cout 96 --group 6 --k 3 --elem bf16 > %t/g6b.mlir
// RUN: tx8c %t/g6b.mlir --config %t/spm.toml -o %t/g6b -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// Two grouped convs in a row: the second (the anchor) reads the first's
// channels of its own groups only.
// RUN: %python %S/Inputs/fused_module.py conv_relu_conv --hw 4 --cin 96 --cout 96 --group 6 --k 3 --elem f32 > %t/cc.mlir
// RUN: tx8c %t/cc.mlir --config %t/spm.toml -o %t/cc -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// 2 groups of 64: a group does not fit, so each step computes part of one
// group (a conv of that group's 64 input channels), in every dtype.
// RUN: %python %S/Inputs/fused_module.py conv_relu --hw 4 --cin 128 --cout 128 --group 2 --k 3 --elem f32 > %t/g2.mlir
// RUN: tx8c %t/g2.mlir --config %t/spm.toml -o %t/g2 -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=G2 < %t/g2/main.c
// G2: static const uint64_t g1c0_grp[{{[0-9]+}}] = {1, 1,
// RUN: %python %S/Inputs/fused_module.py conv_relu --hw 4 --cin 128 --cout 128 --group 2 --k 3 --elem bf16 > %t/g2b.mlir
// RUN: tx8c %t/g2b.mlir --config %t/spm.toml -o %t/g2b -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: %python %S/Inputs/fused_module.py conv_relu --hw 4 --cin 128 --cout 128 --group 2 --k 3 --elem f16 > %t/g2h.mlir
// RUN: tx8c %t/g2h.mlir --config %t/spm.toml -o %t/g2h -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// 3 groups (odd: no even split factor) of 16: slices of whole groups.
// RUN: %python %S/Inputs/fused_module.py conv_relu --hw 4 --cin 48 --cout 48 --group 3 --k 3 --elem f32 > %t/g3.mlir
// RUN: tx8c %t/g3.mlir --config %t/spm.toml -o %t/g3 -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// 4 groups of 24 with a residual add: slices inside one group.
// RUN: %python %S/Inputs/fused_module.py conv_add_relu --hw 4 --cin 96 --cout 96 --group 4 --k 3 --elem f32 > %t/ga.mlir
// RUN: tx8c %t/ga.mlir --config %t/spm.toml -o %t/ga -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// SIM: compare-all: all 3 groups match the reference interpreter
