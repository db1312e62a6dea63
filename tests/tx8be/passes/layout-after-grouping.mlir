// RUN: not strata-opt %s -tx8be-layout-align-to-npu 2>&1 | FileCheck %s
// The layout passes work on the graph before tx8be-group-ops: a grouped
// function is an error at the first group, not a silently skipped body.

// CHECK: layout-after-grouping.mlir:[[@LINE+3]]:8: error: tx8be-layout-align-to-npu must run before tx8be-group-ops (found a 'tx8be.group')
// CHECK-NOT: tx8be.ChannelNorm
func.func @grouped(%x: tensor<1x4x4x8xf32>) -> tensor<1x2x2x8xf32> {
  %0 = tx8be.group -> tensor<1x2x2x8xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<1x4x4x8xf32>
    %2 = tx8be.Pool(%1) {kind = "max", kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, count_include_pad = false} : (tensor<1x4x4x8xf32>) -> tensor<1x2x2x8xf32>
    %3 = tx8be.store_var %2 : tensor<1x2x2x8xf32>
    tx8be.yield %3 : tensor<1x2x2x8xf32>
  }
  return %0 : tensor<1x2x2x8xf32>
}
