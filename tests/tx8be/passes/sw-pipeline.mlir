// RUN: strata-opt %s -tx8be-sw-pipeline | FileCheck %s
// RUN: strata-opt %s -tx8be-sw-pipeline | strata-opt | FileCheck %s
// tx8be-sw-pipeline (the seed's TS_SwPipeline) writes each group's
// software pipeline as `sw_pipeline` on the group, from the schedule on
// the anchor (given here: sharding_is_given, temporal_mem_slice,
// multi_buf_num): Repeat nodes for the split dims with more than one step
// (outermost first), each load at the level whose advance changes its box,
// and, double-buffered, the next step's loads retracted into the compute
// frame beside the previous step's store. Ops are named by their index in
// the group's body: load_var@0 loads A, load_var@1 loads B, Gemm@2, store_var@3.
// The output re-parses (second RUN) to the same attribute.

// A Gemm [1024 x 512] x [512 x 2048], rows cut over the 16 tiles (64 per
// tile), split into [32, 512] slices: 2 steps along the rows, 4 along N,
// so a Repeat of 2 holding a Repeat of 4. A's box (32 rows x all of K)
// changes only with the rows: loaded at the head of the outer iteration;
// B's box (K x 512 columns) changes with N: loaded every step, and joined
// once per step (the last load frame before the call). Single-buffered:
// nothing is retracted (no [i+1]).
// CHECK-LABEL: func.func @nested_single
// CHECK: sw_pipeline = {buffers = 1 : i64, pipeline = [{body = [{ld = ["load_var@0[i]"]}, {body = [{join = ["ld"], ld = ["load_var@1[i]"]}, {ne = ["Gemm@2[i]"]}, {join = ["st"], st = ["store_var@3[i]"]}], repeat = 4 : i64}], repeat = 2 : i64}], steps = 8 : i64, tile = 0 : i64}
// CHECK-NOT: [i+1]
// CHECK-LABEL: func.func @nested_double

// The same double-buffered: a prologue loads step 0's A and B; each
// step's frame runs the Gemm beside the next step's B and the previous
// step's store (joining RDMA and WDMA); on the last step of the inner
// Repeat (`last`) the next A is retracted too (doRetract across the
// Repeat boundary); an epilogue stores the last step.
// CHECK: sw_pipeline = {buffers = 2 : i64, pipeline = [{ld = ["load_var@0[i]", "load_var@1[i]"]}, {body = [{body = [{join = ["ld", "st"], ld = ["load_var@1[i+1]"], ne = ["Gemm@2[i]"], st = ["store_var@3[i-1]"]}], last = [{join = ["ld", "st"], ld = ["load_var@0[i+1]", "load_var@1[i+1]"], ne = ["Gemm@2[i]"], st = ["store_var@3[i-1]"]}], repeat = 4 : i64}], repeat = 2 : i64}, {join = ["st"], st = ["store_var@3[i]"]}], steps = 8 : i64, tile = 0 : i64}
// CHECK-LABEL: func.func @three_dims

// Batched [4 x 256 x 512] x [512 x 1024], 16 rows per tile split into
// [2, 8, 512]: 2 x 2 x 2 steps, three nested Repeats. A changes with the
// batch and the rows (level 2), B with N (level 3): A is retracted on the
// last step of the innermost Repeat; the middle Repeat's last iteration
// is like the others (no load changes only with the batch), so it has no
// `last`.
// CHECK: sw_pipeline = {buffers = 2 : i64, pipeline = [{ld = ["load_var@0[i]", "load_var@1[i]"]}, {body = [{body = [{body = [{join = ["ld", "st"], ld = ["load_var@1[i+1]"], ne = ["Gemm@2[i]"], st = ["store_var@3[i-1]"]}], last = [{join = ["ld", "st"], ld = ["load_var@0[i+1]", "load_var@1[i+1]"], ne = ["Gemm@2[i]"], st = ["store_var@3[i-1]"]}], repeat = 2 : i64}], repeat = 2 : i64}], repeat = 2 : i64}, {join = ["st"], st = ["store_var@3[i]"]}], steps = 8 : i64, tile = 0 : i64}
// CHECK-LABEL: func.func @one_step

// A slice as large as the tile's box: one step, no Repeat node.
// CHECK: sw_pipeline = {buffers = 1 : i64, pipeline = [{join = ["ld"], ld = ["load_var@0[i]", "load_var@1[i]"]}, {ne = ["Gemm@2[i]"]}, {join = ["st"], st = ["store_var@3[i]"]}], steps = 1 : i64, tile = 0 : i64}
// CHECK-NOT: repeat
func.func @nested_single(%a: tensor<1024x512xbf16>, %b: tensor<512x2048xbf16>) -> tensor<1024x2048xbf16> {
  %0 = tx8be.group -> tensor<1024x2048xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %a : tensor<1024x512xbf16>
    %2 = tx8be.load_var %b : tensor<512x2048xbf16>
    %3 = tx8be.Gemm(%1, %2) {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [32, 512], source_type = 0, imm_addr = 0, mem_addr = []>, tile_parallel = #tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [16, 1]>} : (tensor<1024x512xbf16>, tensor<512x2048xbf16>) -> tensor<1024x2048xbf16>
    %4 = tx8be.store_var %3 : tensor<1024x2048xbf16>
    tx8be.yield %4 : tensor<1024x2048xbf16>
  }
  return %0 : tensor<1024x2048xbf16>
}
func.func @nested_double(%a: tensor<1024x512xbf16>, %b: tensor<512x2048xbf16>) -> tensor<1024x2048xbf16> {
  %0 = tx8be.group -> tensor<1024x2048xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %a {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = true, multi_buf_num = 2, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : tensor<1024x512xbf16>
    %2 = tx8be.load_var %b {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = true, multi_buf_num = 2, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : tensor<512x2048xbf16>
    %3 = tx8be.Gemm(%1, %2) {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = true, multi_buf_num = 2, out_shape_buf_idx = [], temporal_mem_slice = [32, 512], source_type = 0, imm_addr = 0, mem_addr = []>, tile_parallel = #tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [16, 1]>} : (tensor<1024x512xbf16>, tensor<512x2048xbf16>) -> tensor<1024x2048xbf16>
    %4 = tx8be.store_var %3 {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = true, multi_buf_num = 2, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : tensor<1024x2048xbf16>
    tx8be.yield %4 : tensor<1024x2048xbf16>
  }
  return %0 : tensor<1024x2048xbf16>
}
func.func @three_dims(%a: tensor<4x256x512xbf16>, %b: tensor<512x1024xbf16>) -> tensor<4x256x1024xbf16> {
  %0 = tx8be.group -> tensor<4x256x1024xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %a {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = true, multi_buf_num = 2, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : tensor<4x256x512xbf16>
    %2 = tx8be.load_var %b {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = true, multi_buf_num = 2, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : tensor<512x1024xbf16>
    %3 = tx8be.Gemm(%1, %2) {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = true, multi_buf_num = 2, out_shape_buf_idx = [], temporal_mem_slice = [2, 8, 512], source_type = 0, imm_addr = 0, mem_addr = []>, tile_parallel = #tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [1, 16, 1]>} : (tensor<4x256x512xbf16>, tensor<512x1024xbf16>) -> tensor<4x256x1024xbf16>
    %4 = tx8be.store_var %3 {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = true, multi_buf_num = 2, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : tensor<4x256x1024xbf16>
    tx8be.yield %4 : tensor<4x256x1024xbf16>
  }
  return %0 : tensor<4x256x1024xbf16>
}
func.func @one_step(%a: tensor<1024x512xbf16>, %b: tensor<512x2048xbf16>) -> tensor<1024x2048xbf16> {
  %0 = tx8be.group -> tensor<1024x2048xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %a : tensor<1024x512xbf16>
    %2 = tx8be.load_var %b : tensor<512x2048xbf16>
    %3 = tx8be.Gemm(%1, %2) {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [64, 2048], source_type = 0, imm_addr = 0, mem_addr = []>, tile_parallel = #tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [16, 1]>} : (tensor<1024x512xbf16>, tensor<512x2048xbf16>) -> tensor<1024x2048xbf16>
    %4 = tx8be.store_var %3 : tensor<1024x2048xbf16>
    tx8be.yield %4 : tensor<1024x2048xbf16>
  }
  return %0 : tensor<1024x2048xbf16>
}
