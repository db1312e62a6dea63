// RUN: not strata-opt %s -split-input-file -tx8be-sharding 2>/dev/null | FileCheck %s
// RUN: not strata-opt %s -split-input-file -tx8be-sharding 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// A sharding or split of a multi-op group is legal when every op of the
// group accepts the box it gets, not only the anchor.

// Softmax -> exp: the exp alone could be cut along the row (dim 1), the
// softmax cannot (its axis must be whole): the one row stays whole, on one
// tile, in one step.
// CHECK-LABEL: func.func @softmax_exp
// CHECK: tx8be.Unary({{.*}}temporal_mem_slice = [1, 65536]{{.*}}shape_spatial_sharding = [1, 1]>}
func.func @softmax_exp(%x: tensor<1x65536xbf16>) -> tensor<1x65536xbf16> {
  %0 = tx8be.group -> tensor<1x65536xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<1x65536xbf16>
    %2 = tx8be.Softmax(%1) {axis = 1 : i64} : (tensor<1x65536xbf16>) -> tensor<1x65536xbf16>
    %3 = tx8be.Unary(%2) {kind = "exp"} : (tensor<1x65536xbf16>) -> tensor<1x65536xbf16>
    %4 = tx8be.store_var %3 : tensor<1x65536xbf16>
    tx8be.yield %4 : tensor<1x65536xbf16>
  }
  return %0 : tensor<1x65536xbf16>
}

// -----

// An operand of a group's op that is neither loaded in the group nor
// computed by an earlier op of it breaks the contract: a located error.
// ERR: unloaded_add
// ERR-SAME: operand 1 of 'tx8be.Binary' is neither loaded in its group nor computed by an earlier op of it
func.func @unloaded(%x: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %0 = tx8be.group -> tensor<64x64xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<64x64xbf16>
    %2 = tx8be.Unary(%1) {kind = "relu"} : (tensor<64x64xbf16>) -> tensor<64x64xbf16>
    %3 = tx8be.Binary(%2, %x) {kind = "add"} : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16> loc("unloaded_add")
    %4 = tx8be.store_var %3 : tensor<64x64xbf16>
    tx8be.yield %4 : tensor<64x64xbf16>
  }
  return %0 : tensor<64x64xbf16>
}

