// RUN: not strata-opt %s -tx8be-sharding 2>&1 | FileCheck %s --check-prefix=ERR

// A given sharding the op cannot take (a Softmax cut along its axis) is a
// located error.
// ERR: sharding-given-error.mlir:[[# @LINE + 4]]:10: error: 'tx8be.Softmax' op cannot take its given sharding [1, 16] (sharding_is_given)
func.func @bad_given(%x: tensor<32x64xbf16>) -> tensor<32x64xbf16> {
  %0 = tx8be.group -> tensor<32x64xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<32x64xbf16>
    %2 = tx8be.Softmax(%1) {axis = 1 : i64, tile_parallel = #tx8be.parallel_attr<parallel = <none>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [1, 16]>} : (tensor<32x64xbf16>) -> tensor<32x64xbf16>
    %3 = tx8be.store_var %2 : tensor<32x64xbf16>
    tx8be.yield %3 : tensor<32x64xbf16>
  }
  return %0 : tensor<32x64xbf16>
}
