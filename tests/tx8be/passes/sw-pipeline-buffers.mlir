// RUN: not strata-opt %s -tx8be-sw-pipeline 2>&1 | FileCheck %s
// Codegen runs loads one step ahead (two buffers) and so does the
// software pipeline: a schedule asking for three buffers is a located
// error, as codegen's is.
// CHECK: sw-pipeline-buffers.mlir:[[# @LINE + 5]]:10: error: 'tx8be.Gemm' op has multi_buf_num = 3: the software pipeline runs loads one step ahead (two buffers)
func.func @three_buffers(%a: tensor<1024x512xbf16>, %b: tensor<512x2048xbf16>) -> tensor<1024x2048xbf16> {
  %0 = tx8be.group -> tensor<1024x2048xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %a {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = true, multi_buf_num = 3, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : tensor<1024x512xbf16>
    %2 = tx8be.load_var %b {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = true, multi_buf_num = 3, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : tensor<512x2048xbf16>
    %3 = tx8be.Gemm(%1, %2) {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = true, multi_buf_num = 3, out_shape_buf_idx = [], temporal_mem_slice = [32, 512], source_type = 0, imm_addr = 0, mem_addr = []>, tile_parallel = #tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [16, 1]>} : (tensor<1024x512xbf16>, tensor<512x2048xbf16>) -> tensor<1024x2048xbf16>
    %4 = tx8be.store_var %3 {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = true, multi_buf_num = 3, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : tensor<1024x2048xbf16>
    tx8be.yield %4 : tensor<1024x2048xbf16>
  }
  return %0 : tensor<1024x2048xbf16>
}
