// RUN: strata-opt %s -tx8be-sharding | FileCheck %s
// tx8be-sharding's candidates: every sharding over all the tiles the op's
// interface allows (DS_SpaceInit) and each dim cut alone, ranked by a cost
// that counts DMA descriptor starts (500 cycles each) besides compute and
// DDR bytes; the split search runs on the best ranked.

// Attention's mask add, [8,12,128,128] + [8,1,1,128]: cutting the last dim
// over 16 tiles moves few bytes but in rows of 8 elements (one descriptor
// each), so a cut of the outer dims wins.
// CHECK-LABEL: func.func @mask_add
// CHECK: tx8be.Binary
// CHECK-NOT: shape_spatial_sharding = [1, 1, 1, 16]
// CHECK-SAME: shape_spatial_sharding = [{{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, 1]>
func.func @mask_add(%x: tensor<8x12x128x128xbf16>, %m: tensor<8x1x1x128xbf16>) -> tensor<8x12x128x128xbf16> {
  %0 = tx8be.group -> tensor<8x12x128x128xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<8x12x128x128xbf16>
    %2 = tx8be.load_var %m : tensor<8x1x1x128xbf16>
    %3 = tx8be.Binary(%1, %2) {kind = "add"} : (tensor<8x12x128x128xbf16>, tensor<8x1x1x128xbf16>) -> tensor<8x12x128x128xbf16>
    %4 = tx8be.store_var %3 : tensor<8x12x128x128xbf16>
    tx8be.yield %4 : tensor<8x12x128x128xbf16>
  }
  return %0 : tensor<8x12x128x128xbf16>
}

// A given sharding (sharding_is_given) is kept, even where the search
// would choose another; only its time split is searched.
// CHECK-LABEL: func.func @given
// CHECK: tx8be.Unary
// CHECK-SAME: sharding_is_given = true, shape_spatial_sharding = [4, 1]>
func.func @given(%x: tensor<32x64xbf16>) -> tensor<32x64xbf16> {
  %0 = tx8be.group -> tensor<32x64xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<32x64xbf16>
    %2 = tx8be.Unary(%1) {kind = "relu", tile_parallel = #tx8be.parallel_attr<parallel = <none>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [4, 1]>} : (tensor<32x64xbf16>) -> tensor<32x64xbf16>
    %3 = tx8be.store_var %2 : tensor<32x64xbf16>
    tx8be.yield %3 : tensor<32x64xbf16>
  }
  return %0 : tensor<32x64xbf16>
}
