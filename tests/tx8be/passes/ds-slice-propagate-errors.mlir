// RUN: not strata-opt %s -split-input-file -tx8be-ds-slice-propagate 2>&1 | FileCheck %s
// Shardings the interface refuses are located errors: an anchor given a cut
// its op cannot make, and an op that cannot take its consumer's cut and has
// no given tile_parallel to fall back to.

// CHECK: anchor_bn
// CHECK-SAME: 'tx8be.BatchNorm_Inference' op cannot shard output dim 2 (sharding [1, 1, 2, 8])
func.func @bn_anchor(%x: tensor<1x4x4x128xf32>, %s: tensor<128xf32>) -> tensor<1x4x4x128xf32> {
  %0 = tx8be.group -> tensor<1x4x4x128xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<1x4x4x128xf32>
    %2 = tx8be.load_var %s : tensor<128xf32>
    %6 = tx8be.BatchNorm_Inference(%1, %2, %2, %2, %2) {epsilon = 1.0e-05 : f32, tile_parallel = #tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [1, 1, 2, 8]>} : (tensor<1x4x4x128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<1x4x4x128xf32> loc("anchor_bn")
    %7 = tx8be.store_var %6 : tensor<1x4x4x128xf32>
    tx8be.yield %7 : tensor<1x4x4x128xf32>
  }
  return %0 : tensor<1x4x4x128xf32>
}

// -----

// CHECK: inner_bn
// CHECK-SAME: 'tx8be.BatchNorm_Inference' op cannot take the sharding [1, 1, 2, 8] its user asks and has no given tile_parallel
func.func @bn_inner(%x: tensor<1x4x4x128xf32>, %s: tensor<128xf32>) -> tensor<1x4x4x128xf32> {
  %0 = tx8be.group -> tensor<1x4x4x128xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<1x4x4x128xf32>
    %2 = tx8be.load_var %s : tensor<128xf32>
    %6 = tx8be.BatchNorm_Inference(%1, %2, %2, %2, %2) {epsilon = 1.0e-05 : f32} : (tensor<1x4x4x128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<1x4x4x128xf32> loc("inner_bn")
    %7 = tx8be.Unary(%6) {kind = "relu", tile_parallel = #tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [1, 1, 2, 8]>} : (tensor<1x4x4x128xf32>) -> tensor<1x4x4x128xf32>
    %8 = tx8be.store_var %7 : tensor<1x4x4x128xf32>
    tx8be.yield %8 : tensor<1x4x4x128xf32>
  }
  return %0 : tensor<1x4x4x128xf32>
}

// -----

// x + transpose(x) cut by rows needs x by rows and by columns: the value
// would have to move between tiles inside the group.
// CHECK: shared_x
// CHECK-SAME: 'tx8be.Unary' op result is needed with sharding [16, 1] and [1, 16] by different users in its group
func.func @conflict(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = tx8be.group -> tensor<64x64xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %a : tensor<64x64xf32>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<64x64xf32>) -> tensor<64x64xf32> loc("shared_x")
    %3 = tx8be.Transpose(%2) {perm = array<i64: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %4 = tx8be.Binary(%2, %3) {kind = "add", tile_parallel = #tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [16, 1]>} : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %5 = tx8be.store_var %4 : tensor<64x64xf32>
    tx8be.yield %5 : tensor<64x64xf32>
  }
  return %0 : tensor<64x64xf32>
}
