// RUN: strata-opt %s -tx8be-sharding -tx8be-spm-alloc | FileCheck %s
// Issue 13: SPM buffers hold slices in their value's placement. A 1x4x33
// f32 slice is 528 bytes dense (768 after 256 B alignment) but 1024 bytes
// in NCx (C0 = 33 padded to 64); the passes keep each op's mem_layout.

// Group 0 loads the dense argument: its output follows at 65536 + 768.
// CHECK-LABEL: func.func @placed
// CHECK: tx8be.load_var %{{.*}} {dev_info = #tx8be.dev_attr<{{.*}}mem_addr = [65536]>}
// CHECK-NEXT: tx8be.ChannelNorm({{.*}}mem_layout = <NCx>, {{.*}}temporal_mem_slice = [1, 4, 33], {{.*}}mem_addr = [66304]>
// Group 1 loads the NCx value (the load's new dev_info records that): its
// output follows at 65536 + 1024. (Its sharding is given: one image per
// tile, the slice the sentence above counts.)
// CHECK: tx8be.load_var %{{.*}} {dev_info = #tx8be.dev_attr<{{.*}}mem_layout = <NCx>, {{.*}}mem_addr = [65536]>}
// CHECK-NEXT: tx8be.Unary({{.*}}mem_layout = <NCx>, {{.*}}temporal_mem_slice = [1, 4, 33], {{.*}}mem_addr = [66560]>
func.func @placed(%x: tensor<16x4x33xf32>) -> tensor<16x4x33xf32> {
  %0 = tx8be.group -> tensor<16x4x33xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<16x4x33xf32>
    %2 = tx8be.ChannelNorm(%1) {to_blocked = true, blocked = "NCx", dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <NCx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : (tensor<16x4x33xf32>) -> tensor<16x4x33xf32>
    %3 = tx8be.store_var %2 : tensor<16x4x33xf32>
    tx8be.yield %3 : tensor<16x4x33xf32>
  }
  %4 = tx8be.group -> tensor<16x4x33xf32> attributes {group_id = 1 : i64} {
    %5 = tx8be.load_var %0 : tensor<16x4x33xf32>
    %6 = tx8be.Unary(%5) {kind = "relu", dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <NCx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>, tile_parallel = #tx8be.parallel_attr<parallel = <none>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [16, 1, 1]>} : (tensor<16x4x33xf32>) -> tensor<16x4x33xf32>
    %7 = tx8be.store_var %6 : tensor<16x4x33xf32>
    tx8be.yield %7 : tensor<16x4x33xf32>
  }
  return %4 : tensor<16x4x33xf32>
}
