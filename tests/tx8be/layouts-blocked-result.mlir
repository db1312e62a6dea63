// Issue 13: function results are read by the host as dense arrays; a result
// left channel-blocked (no channel_norm back to dense) is a compile error.

// RUN: rm -rf %t && not tx8c %s -o %t -q 2>&1 | FileCheck %s
// CHECK: output 'output_0' (result 0, produced at "blocked_relu") is returned in the Cx placement
// CHECK-SAME: must be dense (a tx8be.ChannelNorm back to dense is missing)

func.func @main(%x: tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32> {
  %g0 = tx8be.group -> tensor<1x4x4x8xf32> attributes {group_id = 0 : i64} {
    %a = tx8be.load_var %x : tensor<1x4x4x8xf32>
    %y = tx8be.Unary(%a) {kind = "relu", dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Cx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
    %s = tx8be.store_var %y : tensor<1x4x4x8xf32>
    tx8be.yield %s : tensor<1x4x4x8xf32>
  } loc("blocked_relu")
  return %g0 : tensor<1x4x4x8xf32>
}
