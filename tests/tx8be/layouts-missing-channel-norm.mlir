// Issue 13: a missing channel_norm is an error, never a silent wrong answer.
// The Pool's dev_info says Cx but its input is the dense function argument
// with no channel_norm between: codegen passes each TSR its value's
// placement, and the C model rejects a pool reading a dense operand (the
// channel_norm after it, back to dense, is right).

// RUN: rm -rf %t && not tx8c %s -o %t --run -q 2>&1 | FileCheck %s
// CHECK: op_pool2d
// CHECK-SAME: argument `input`: Tensor placement of dims
// CHECK-SAME: only channel-blocked Cx/NCx operands (a missing channel_norm?)

func.func @main(%x: tensor<1x4x4x8xf32>) -> tensor<1x2x2x8xf32> {
  %g0 = tx8be.group -> tensor<1x2x2x8xf32> attributes {group_id = 0 : i64} {
    %a = tx8be.load_var %x : tensor<1x4x4x8xf32>
    %y = tx8be.Pool(%a) {kind = "max", kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Cx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : (tensor<1x4x4x8xf32>) -> tensor<1x2x2x8xf32>
    %s = tx8be.store_var %y : tensor<1x2x2x8xf32>
    tx8be.yield %s : tensor<1x2x2x8xf32>
  }
  %g1 = tx8be.group -> tensor<1x2x2x8xf32> attributes {group_id = 1 : i64} {
    %b = tx8be.load_var %g0 : tensor<1x2x2x8xf32>
    %d = tx8be.ChannelNorm(%b) {to_blocked = false, blocked = "Cx", dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : (tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
    %t = tx8be.store_var %d : tensor<1x2x2x8xf32>
    tx8be.yield %t : tensor<1x2x2x8xf32>
  }
  return %g1 : tensor<1x2x2x8xf32>
}
