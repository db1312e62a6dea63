// RUN: strata-opt %s -tx8be-ds-slice-propagate | FileCheck %s
// tx8be-ds-slice-propagate writes, on every op of a group but the anchor
// and the store, the sharding (tile_parallel's shape_spatial_sharding) the
// anchor's given sharding asks of it, walking consumer to producer through
// each op's Sharding interface.

// BatchNorm_Inference shards only on C: the input follows the output, and
// scale, offset, mean and variance ([C]) get C's cut.
// CHECK-LABEL: func.func @bn
// CHECK: tx8be.load_var %{{.*}} {tile_parallel = #tx8be.parallel_attr<{{.*}}shape_spatial_sharding = [1, 1, 1, 16]>} : tensor<1x4x4x128xf32>
// CHECK-COUNT-4: tx8be.load_var %{{.*}} {tile_parallel = #tx8be.parallel_attr<{{.*}}shape_spatial_sharding = [16]>} : tensor<128xf32>
// CHECK-NEXT: tx8be.BatchNorm_Inference({{.*}}shape_spatial_sharding = [1, 1, 1, 16]>}
// CHECK-NEXT: tx8be.store_var %{{[0-9]+}} : tensor<1x4x4x128xf32>
func.func @bn(%x: tensor<1x4x4x128xf32>, %s: tensor<128xf32>, %b: tensor<128xf32>) -> tensor<1x4x4x128xf32> {
  %0 = tx8be.group -> tensor<1x4x4x128xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<1x4x4x128xf32>
    %2 = tx8be.load_var %s : tensor<128xf32>
    %3 = tx8be.load_var %b : tensor<128xf32>
    %4 = tx8be.load_var %b : tensor<128xf32>
    %5 = tx8be.load_var %s : tensor<128xf32>
    %6 = tx8be.BatchNorm_Inference(%1, %2, %3, %4, %5) {epsilon = 1.0e-05 : f32, tile_parallel = #tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [1, 1, 1, 16]>} : (tensor<1x4x4x128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<1x4x4x128xf32>
    %7 = tx8be.store_var %6 : tensor<1x4x4x128xf32>
    tx8be.yield %7 : tensor<1x4x4x128xf32>
  }
  return %0 : tensor<1x4x4x128xf32>
}

// A relu anchored at [1, 1, 2, 8] asks the same of the BatchNorm before it,
// which cannot cut W: the BatchNorm keeps its given [1, 1, 1, 8] (the
// seed's fallback to tile_parallel), and its operands follow that.
// CHECK-LABEL: func.func @bn_fallback
// CHECK: tx8be.load_var %{{.*}} {tile_parallel = #tx8be.parallel_attr<{{.*}}shape_spatial_sharding = [1, 1, 1, 8]>} : tensor<1x4x4x128xf32>
// CHECK-COUNT-4: tx8be.load_var %{{.*}} {tile_parallel = #tx8be.parallel_attr<{{.*}}shape_spatial_sharding = [8]>} : tensor<128xf32>
// CHECK-NEXT: tx8be.BatchNorm_Inference({{.*}}shape_spatial_sharding = [1, 1, 1, 8]>}
// CHECK-NEXT: tx8be.Unary({{.*}}shape_spatial_sharding = [1, 1, 2, 8]>}
func.func @bn_fallback(%x: tensor<1x4x4x128xf32>, %s: tensor<128xf32>, %b: tensor<128xf32>) -> tensor<1x4x4x128xf32> {
  %0 = tx8be.group -> tensor<1x4x4x128xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<1x4x4x128xf32>
    %2 = tx8be.load_var %s : tensor<128xf32>
    %3 = tx8be.load_var %b : tensor<128xf32>
    %4 = tx8be.load_var %b : tensor<128xf32>
    %5 = tx8be.load_var %s : tensor<128xf32>
    %6 = tx8be.BatchNorm_Inference(%1, %2, %3, %4, %5) {epsilon = 1.0e-05 : f32, tile_parallel = #tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [1, 1, 1, 8]>} : (tensor<1x4x4x128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<1x4x4x128xf32>
    %7 = tx8be.Unary(%6) {kind = "relu", tile_parallel = #tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [1, 1, 2, 8]>} : (tensor<1x4x4x128xf32>) -> tensor<1x4x4x128xf32>
    %8 = tx8be.store_var %7 : tensor<1x4x4x128xf32>
    tx8be.yield %8 : tensor<1x4x4x128xf32>
  }
  return %0 : tensor<1x4x4x128xf32>
}

// Gemm: K stays whole; A follows M, B and the bias follow N. The relu
// after it passes its cut through unchanged.
// CHECK-LABEL: func.func @gemm
// CHECK: tx8be.load_var %{{.*}} {tile_parallel = #tx8be.parallel_attr<{{.*}}shape_spatial_sharding = [2, 1]>} : tensor<64x256xbf16>
// CHECK-NEXT: tx8be.load_const %{{.*}} {const_map_id = 0 : i64, tile_parallel = #tx8be.parallel_attr<{{.*}}shape_spatial_sharding = [1, 8]>} : tensor<256x512xbf16>
// CHECK-NEXT: tx8be.load_const %{{.*}} {const_map_id = 1 : i64, tile_parallel = #tx8be.parallel_attr<{{.*}}shape_spatial_sharding = [8]>} : tensor<512xf32>
// CHECK-NEXT: tx8be.Gemm({{.*}}shape_spatial_sharding = [2, 8]>}
// CHECK-NEXT: tx8be.Unary({{.*}}kind = "relu", tile_parallel = {{.*}}shape_spatial_sharding = [2, 8]>}
func.func @gemm(%a: tensor<64x256xbf16>) -> tensor<64x512xbf16> {
  %w = tx8be.const {const_map_id = 0 : i64} dense<0.5> : tensor<256x512xbf16>
  %c = tx8be.const {const_map_id = 1 : i64} dense<0.0> : tensor<512xf32>
  %0 = tx8be.group -> tensor<64x512xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %a : tensor<64x256xbf16>
    %2 = tx8be.load_const %w {const_map_id = 0 : i64} : tensor<256x512xbf16>
    %3 = tx8be.load_const %c {const_map_id = 1 : i64} : tensor<512xf32>
    %4 = tx8be.Gemm(%1, %2, %3) : (tensor<64x256xbf16>, tensor<256x512xbf16>, tensor<512xf32>) -> tensor<64x512xbf16>
    %5 = tx8be.Unary(%4) {kind = "relu", tile_parallel = #tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [2, 8]>} : (tensor<64x512xbf16>) -> tensor<64x512xbf16>
    %6 = tx8be.store_var %5 : tensor<64x512xbf16>
    tx8be.yield %6 : tensor<64x512xbf16>
  }
  return %0 : tensor<64x512xbf16>
}

// A group whose anchor has no sharding yet is left alone.
// CHECK-LABEL: func.func @unsharded
// CHECK-NOT: tile_parallel
// CHECK: return
func.func @unsharded(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tx8be.group -> tensor<4x8xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<4x8xf32>
    %2 = tx8be.Unary(%1) {kind = "relu"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %3 = tx8be.store_var %2 : tensor<4x8xf32>
    tx8be.yield %3 : tensor<4x8xf32>
  }
  return %0 : tensor<4x8xf32>
}
