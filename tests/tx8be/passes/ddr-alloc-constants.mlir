// RUN: strata-opt %s -tx8be-ddr-alloc | FileCheck %s
// tx8be-ddr-alloc places the constants in const_map_id order (not program
// order), each sized in its placement: the Cx constant below, 100 rows of
// 97 f32 channels, occupies 100 x (64 + 33 padded to 64) x 4 = 51200 B (13
// DDR pages), not its dense 38800 B (10 pages).
// Constant 0 (64 B) is at the base 268435456, constant 1 one page later at
// 268439552, and the input after constant 1's 13 pages: 268439552 + 53248.
// CHECK-LABEL: func.func @consts
// CHECK-SAME: (%{{.*}}: tensor<16xf32> {tx8be.ddr_addr = 268492800 : i64})
// CHECK-NEXT: tx8be.const {const_map_id = 1 : i64, ddr_addr = 268439552 : i64, dev_info = {{.*}}} dense<1.000000e+00> : tensor<1x100x97xf32>
// CHECK-NEXT: tx8be.const {const_map_id = 0 : i64, ddr_addr = 268435456 : i64} dense<2.000000e+00> : tensor<16xf32>
func.func @consts(%x: tensor<16xf32>) -> tensor<16xf32> {
  %a = tx8be.const {const_map_id = 1 : i64, dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Cx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} dense<1.0> : tensor<1x100x97xf32>
  %b = tx8be.const {const_map_id = 0 : i64} dense<2.0> : tensor<16xf32>
  return %x : tensor<16xf32>
}

