// RUN: not strata-opt %s -tx8be-sw-pipeline 2>&1 | FileCheck %s
// The pipeline is built from the schedule tx8be-sharding records: a group
// without one is a located error.
// CHECK: sw-pipeline-no-schedule.mlir:[[# @LINE + 4]]:10: error: 'tx8be.Unary' op has no schedule (run tx8be-sharding first)
func.func @unscheduled(%x: tensor<32x64xbf16>) -> tensor<32x64xbf16> {
  %0 = tx8be.group -> tensor<32x64xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<32x64xbf16>
    %2 = tx8be.Unary(%1) {kind = "relu"} : (tensor<32x64xbf16>) -> tensor<32x64xbf16>
    %3 = tx8be.store_var %2 : tensor<32x64xbf16>
    tx8be.yield %3 : tensor<32x64xbf16>
  }
  return %0 : tensor<32x64xbf16>
}
