// RUN: not strata-opt %s -tx8be-sharding 2>&1 | FileCheck %s
// A group whose smallest slice does not fit the usable SPM is an error that
// names the op: a softmax row (its axis cannot be split) of 64 MiB.

// CHECK: row_softmax
// CHECK-SAME: 'tx8be.Softmax' op does not fit the card
func.func @too_big(%x: tensor<1x33554432xbf16>) -> tensor<1x33554432xbf16> {
  %0 = tx8be.group -> tensor<1x33554432xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<1x33554432xbf16>
    %2 = tx8be.Softmax(%1) {axis = 1 : i64} : (tensor<1x33554432xbf16>) -> tensor<1x33554432xbf16> loc("row_softmax")
    %3 = tx8be.store_var %2 : tensor<1x33554432xbf16>
    tx8be.yield %3 : tensor<1x33554432xbf16>
  }
  return %0 : tensor<1x33554432xbf16>
}
