// RUN: strata-opt %s -tx8be-ds-tile-split | FileCheck %s
// tx8be-ds-tile-split writes on each group's anchor the temporal splits
// DS_TileSplit tries on one tile's box, in order, as
// array<i64: reduce split, split per output dim>: the reduction (GEMM K)
// halves first, down to one element, then the output dims from the last
// to the first, each down to one element before the next.

// A 64 x 256 x 32 GEMM given [2, 8]: each tile's box is 32 x 4. K (256)
// halves eight times, then N (4) twice, then M (32) five times.
// CHECK-LABEL: func.func @gemm
// CHECK: split_tries = [array<i64: 1, 1, 1>, array<i64: 2, 1, 1>, array<i64: 4, 1, 1>, array<i64: 8, 1, 1>, array<i64: 16, 1, 1>, array<i64: 32, 1, 1>, array<i64: 64, 1, 1>, array<i64: 128, 1, 1>, array<i64: 256, 1, 1>, array<i64: 256, 1, 2>, array<i64: 256, 1, 4>, array<i64: 256, 2, 4>, array<i64: 256, 4, 4>, array<i64: 256, 8, 4>, array<i64: 256, 16, 4>, array<i64: 256, 32, 4>]
func.func @gemm(%a: tensor<64x256xbf16>, %b: tensor<256x32xbf16>) -> tensor<64x32xbf16> {
  %0 = tx8be.group -> tensor<64x32xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %a : tensor<64x256xbf16>
    %2 = tx8be.load_var %b : tensor<256x32xbf16>
    %3 = tx8be.Gemm(%1, %2) {tile_parallel = #tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [2, 8]>} : (tensor<64x256xbf16>, tensor<256x32xbf16>) -> tensor<64x32xbf16>
    %4 = tx8be.store_var %3 : tensor<64x32xbf16>
    tx8be.yield %4 : tensor<64x32xbf16>
  }
  return %0 : tensor<64x32xbf16>
}

// Softmax cannot split its axis: only the rows halve. With no given
// sharding the box is that of the best level's first candidate ([16, 1]:
// 2 rows per tile); odd sizes end at one element per step.
// CHECK-LABEL: func.func @softmax
// CHECK: split_tries = [array<i64: 1, 1, 1>, array<i64: 1, 2, 1>]
func.func @softmax(%x: tensor<32x100xf32>) -> tensor<32x100xf32> {
  %0 = tx8be.group -> tensor<32x100xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<32x100xf32>
    %2 = tx8be.Softmax(%1) {axis = 1 : i64} : (tensor<32x100xf32>) -> tensor<32x100xf32>
    %3 = tx8be.store_var %2 : tensor<32x100xf32>
    tx8be.yield %3 : tensor<32x100xf32>
  }
  return %0 : tensor<32x100xf32>
}

// A 3 x 5 box (no sharding fits 16 tiles): the last dim goes 1, 2, 4, 5
// (a split never passes the size), then the rows 2, 3.
// CHECK-LABEL: func.func @odd
// CHECK: split_tries = [array<i64: 1, 1, 1>, array<i64: 1, 1, 2>, array<i64: 1, 1, 4>, array<i64: 1, 1, 5>, array<i64: 1, 2, 5>, array<i64: 1, 3, 5>]
func.func @odd(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = tx8be.group -> tensor<3x5xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<3x5xf32>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<3x5xf32>) -> tensor<3x5xf32>
    %3 = tx8be.store_var %2 : tensor<3x5xf32>
    tx8be.yield %3 : tensor<3x5xf32>
  }
  return %0 : tensor<3x5xf32>
}
