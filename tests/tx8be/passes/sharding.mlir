// RUN: strata-opt %s -tx8be-sharding | FileCheck %s
// tx8be-sharding writes, on each group's compute op, the cut over the 16
// tiles (tile_parallel's shape_spatial_sharding) and the time split: the
// largest per-step output slice whose buffers fit the usable SPM window
// (dev_info's temporal_mem_slice), halving the outermost splittable dim.

// 32 rows over 16 tiles: 2 rows per tile, in one step.
// CHECK-LABEL: func.func @shard
// CHECK: tx8be.load_var
// CHECK-NEXT: tx8be.Unary({{.*}}) {dev_info = #tx8be.dev_attr<{{.*}}temporal_mem_slice = [2, 64]{{.*}}>, kind = "relu", tile_parallel = #tx8be.parallel_attr<{{.*}}shape_spatial_sharding = [16, 1]>}

// 16 x 4096 x 256 bf16: one batch per tile (2 MiB of input and as much of
// output) does not fit beside its output, so each tile runs it in two
// halves of 2048 rows.
// CHECK-LABEL: func.func @big
// CHECK: tx8be.Unary({{.*}}) {dev_info = #tx8be.dev_attr<{{.*}}temporal_mem_slice = [1, 2048, 256]{{.*}}>, kind = "exp", tile_parallel = #tx8be.parallel_attr<{{.*}}shape_spatial_sharding = [16, 1, 1]>}
func.func @shard(%x: tensor<32x64xbf16>) -> tensor<32x64xbf16> {
  %0 = tx8be.group -> tensor<32x64xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<32x64xbf16>
    %2 = tx8be.Unary(%1) {kind = "relu"} : (tensor<32x64xbf16>) -> tensor<32x64xbf16>
    %3 = tx8be.store_var %2 : tensor<32x64xbf16>
    tx8be.yield %3 : tensor<32x64xbf16>
  }
  return %0 : tensor<32x64xbf16>
}
func.func @big(%x: tensor<16x4096x256xbf16>) -> tensor<16x4096x256xbf16> {
  %0 = tx8be.group -> tensor<16x4096x256xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<16x4096x256xbf16>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<16x4096x256xbf16>) -> tensor<16x4096x256xbf16>
    %3 = tx8be.store_var %2 : tensor<16x4096x256xbf16>
    tx8be.yield %3 : tensor<16x4096x256xbf16>
  }
  return %0 : tensor<16x4096x256xbf16>
}
