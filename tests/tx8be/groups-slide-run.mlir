// Sliding loads (halo reuse) end to end on the C model: Conv 3x3 -> Relu
// -> Conv 3x3 on a 56x56x128 image over two tiles (a 2 x 1 mesh, so each
// tile's 28 rows are split in time). Step i+1's input box (its rows plus
// the two halo rows of each conv on either side) starts inside step i's:
// the group is double-buffered and each step copies the overlap from the
// other buffer by TDMA and reads only the new rows from DDR
// (op_dma_load_slide). tx8c compiles, runs and compares every group with
// the reference interpreter, in bf16 and f32; the input crosses the DDR
// about once (without slides 18 rows are read for every 14).
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf 'mesh_x = 2\nmesh_y = 1\n' > %t/mesh.toml
// RUN: %python %S/Inputs/fused_module.py conv_relu_conv --hw 56 --cin 128 --cout 128 --elem bf16 > %t/b.mlir
// RUN: tx8c %t/b.mlir --config %t/mesh.toml -o %t/b -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=C < %t/b/main.c
// RUN: %python -c "import json,sys; g=json.load(open(sys.argv[1]))['groups'][1]; once=2*56*56*128*2 + 2*3*3*128*128*2; assert g['ddr_bytes'] < once + 0.1*56*56*128*2, g['ddr_bytes']; assert abs(g['estimated_cycles']/g['simulated_cycles']-1) < 0.05, g; print('slide ddr ok')" %t/b/run.json | FileCheck %s --check-prefix=DDR
// RUN: %python %S/Inputs/fused_module.py conv_relu_conv --hw 56 --cin 128 --cout 128 --elem f32 > %t/f.mlir
// RUN: tx8c %t/f.mlir --config %t/mesh.toml -o %t/f -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// SIM: compare-all: all 3 groups match the reference interpreter
// C-LABEL: static void group_1(void)
// C: const int p0 = u0;
// C: op_dma_load_slide(&in0[u0], held0[p0] ? &in0[p0] : 0,
// C-NOT: op_dma_load_slide(&in1
// DDR: slide ddr ok
