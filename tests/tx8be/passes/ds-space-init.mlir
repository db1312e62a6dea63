// RUN: strata-opt %s -tx8be-ds-space-init | FileCheck %s
// tx8be-ds-space-init writes on each group's anchor its candidate shardings
// over the 16 tiles, one array per level, best first: the level's promised
// tiles (2^factor, the power of two of tiles that get work), then its
// shardings in enumeration order (dim 0 first, factors ascending). Every
// sharding's factors multiply to 16 and cut no dim past its size; the last
// level is "no sharding".

// The seed's example: store outShape [3, 4, 128, 4096]. Dim 0 takes at most
// 2 parts and dim 1 at most 4, so every candidate keeps all 16 tiles busy.
// CHECK-LABEL: func.func @seed
// CHECK: sharding_space = {{\[}}[16, array<i64: 1, 1, 1, 16>, array<i64: 1, 1, 2, 8>, array<i64: 1, 1, 4, 4>, array<i64: 1, 1, 8, 2>,
// CHECK-SAME: array<i64: 2, 4, 2, 1>], [1, array<i64: 1, 1, 1, 1>]]
// CHECK-NOT: array<i64: 16, 1, 1, 1>
func.func @seed(%x: tensor<3x4x128x4096xbf16>) -> tensor<3x4x128x4096xbf16> {
  %0 = tx8be.group -> tensor<3x4x128x4096xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<3x4x128x4096xbf16>
    %2 = tx8be.Unary(%1) {kind = "relu"} : (tensor<3x4x128x4096xbf16>) -> tensor<3x4x128x4096xbf16>
    %3 = tx8be.store_var %2 : tensor<3x4x128x4096xbf16>
    tx8be.yield %3 : tensor<3x4x128x4096xbf16>
  }
  return %0 : tensor<3x4x128x4096xbf16>
}

// A channel-blocked output cuts C in blocks of 64: 128 channels keep at most
// two tiles busy, so cutting C finer drops a level per halving.
// CHECK-LABEL: func.func @blocked
// CHECK: sharding_space = {{\[}}[16, array<i64: 1, 1, 8, 2>, array<i64: 1, 2, 4, 2>, array<i64: 1, 2, 8, 1>, array<i64: 1, 4, 2, 2>, array<i64: 1, 4, 4, 1>, array<i64: 1, 8, 1, 2>, array<i64: 1, 8, 2, 1>], [8, array<i64: 1, 1, 4, 4>, array<i64: 1, 2, 2, 4>, array<i64: 1, 4, 1, 4>], [4, array<i64: 1, 1, 2, 8>, array<i64: 1, 2, 1, 8>], [2, array<i64: 1, 1, 1, 16>], [1, array<i64: 1, 1, 1, 1>]]
func.func @blocked(%x: tensor<1x8x8x128xbf16>) -> tensor<1x8x8x128xbf16> {
  %0 = tx8be.group -> tensor<1x8x8x128xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<1x8x8x128xbf16>
    %2 = tx8be.Unary(%1) {kind = "relu", dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <NCx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : (tensor<1x8x8x128xbf16>) -> tensor<1x8x8x128xbf16>
    %3 = tx8be.store_var %2 : tensor<1x8x8x128xbf16>
    tx8be.yield %3 : tensor<1x8x8x128xbf16>
  }
  return %0 : tensor<1x8x8x128xbf16>
}

// The Sharding interface filters: BatchNorm_Inference shards only C.
// CHECK-LABEL: func.func @bn
// CHECK: tx8be.BatchNorm_Inference
// CHECK-SAME: sharding_space = {{\[}}[16, array<i64: 1, 1, 1, 16>], [1, array<i64: 1, 1, 1, 1>]]
func.func @bn(%x: tensor<1x4x4x128xf32>, %s: tensor<128xf32>) -> tensor<1x4x4x128xf32> {
  %0 = tx8be.group -> tensor<1x4x4x128xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<1x4x4x128xf32>
    %2 = tx8be.load_var %s : tensor<128xf32>
    %6 = tx8be.BatchNorm_Inference(%1, %2, %2, %2, %2) {epsilon = 1.0e-05 : f32} : (tensor<1x4x4x128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<1x4x4x128xf32>
    %7 = tx8be.store_var %6 : tensor<1x4x4x128xf32>
    tx8be.yield %7 : tensor<1x4x4x128xf32>
  }
  return %0 : tensor<1x4x4x128xf32>
}
