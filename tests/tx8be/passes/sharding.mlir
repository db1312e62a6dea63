// RUN: strata-opt %s -tx8be-sharding | FileCheck %s
// tx8be-sharding writes, on each group's compute op, the cut over the 16
// tiles (tile_parallel's shape_spatial_sharding), the time split (dev_info's
// temporal_mem_slice) and the buffering (multi_buf_en / multi_buf_num): the
// largest slices whose buffers fit the usable SPM window once, or twice
// for a software pipeline, the one estimated fastest.

// 32 rows over 16 tiles: 2 rows per tile, in one step.
// CHECK-LABEL: func.func @shard
// CHECK: tx8be.load_var
// CHECK-NEXT: tx8be.Unary({{.*}}) {dev_info = #tx8be.dev_attr<{{.*}}multi_buf_en = false, multi_buf_num = 1, {{.*}}temporal_mem_slice = [2, 64]{{.*}}>, kind = "relu", tile_parallel = #tx8be.parallel_attr<{{.*}}shape_spatial_sharding = [16, 1]>}
// A single step per tile is not pipelined: its load and store keep no dev_info.
// CHECK-NEXT: tx8be.store_var %{{[0-9]+}} : tensor<32x64xbf16>

// 16 x 4096 x 256 bf16: one batch per tile (2 MiB of input and as much of
// output) does not fit beside its output. Single-buffered it would run in
// two halves of 2048 rows; pipelined (two input and two output buffers of
// 512 KiB) in quarters of 1024 rows, each step's exp overlapping the next
// load and the previous store: estimated faster, so chosen. The load and
// the store record the double buffering too.
// CHECK-LABEL: func.func @big
// CHECK: tx8be.load_var %{{.*}} {dev_info = #tx8be.dev_attr<{{.*}}multi_buf_en = true, multi_buf_num = 2,
// CHECK-NEXT: tx8be.Unary({{.*}}) {dev_info = #tx8be.dev_attr<{{.*}}multi_buf_en = true, multi_buf_num = 2, {{.*}}temporal_mem_slice = [1, 1024, 256]{{.*}}>, kind = "exp", tile_parallel = #tx8be.parallel_attr<{{.*}}shape_spatial_sharding = [16, 1, 1]>}
// CHECK-NEXT: tx8be.store_var %{{.*}} {dev_info = #tx8be.dev_attr<{{.*}}multi_buf_en = true, multi_buf_num = 2,
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
