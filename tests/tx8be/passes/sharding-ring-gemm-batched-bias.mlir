// RUN: strata-opt %s -tx8be-sharding -tx8be-spm-alloc | FileCheck %s
// The ring GEMM (tx8be-transforms/src/ring_share.rs) beyond plain 2-D
// A x B: A with leading batch dims (more rows of one matrix, B shared by
// all of them) and an f32 bias (one value per column).

// [8,512,1024] x [1024,4096]: 4096 rows, as in sharding-ring-gemm.mlir's
// @ring, so the same schedule: the 16 tiles cut the batch dim 8 ways and
// the 512 rows 2 ways (256 rows of A per tile, 512 KiB), chunks of 128
// columns of B (256 KiB) in four buffers, the output's two after them.
// CHECK-LABEL: func.func @batched
// CHECK: tx8be.load_var %arg0 {dev_info = #tx8be.dev_attr<{{.*}}multi_buf_en = false, multi_buf_num = 1, {{.*}}mem_addr = [65536]>}
// CHECK-NEXT: tx8be.load_var %arg1 {dev_info = #tx8be.dev_attr<{{.*}}multi_buf_en = true, multi_buf_num = 4, {{.*}}mem_addr = [589824, 851968, 1114112, 1376256]>}
// CHECK-NEXT: tx8be.Gemm
// CHECK-SAME: temporal_mem_slice = [1, 256, 128], {{.*}}mem_addr = [1638400, 1703936]>
// CHECK-SAME: share = "ring", share_ring = array<i64: 0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4>
// CHECK-SAME: shape_spatial_sharding = [8, 2, 1]
func.func @batched(%a: tensor<8x512x1024xbf16>, %b: tensor<1024x4096xbf16>) -> tensor<8x512x4096xbf16> {
  %0 = tx8be.group -> tensor<8x512x4096xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %a : tensor<8x512x1024xbf16>
    %2 = tx8be.load_var %b : tensor<1024x4096xbf16>
    %3 = tx8be.Gemm(%1, %2) : (tensor<8x512x1024xbf16>, tensor<1024x4096xbf16>) -> tensor<8x512x4096xbf16>
    %4 = tx8be.store_var %3 : tensor<8x512x4096xbf16>
    tx8be.yield %4 : tensor<8x512x4096xbf16>
  }
  return %0 : tensor<8x512x4096xbf16>
}

// A bias of 4096 f32 stays whole in SPM (16 KiB, one buffer, after B's
// four), loaded once; the output's two buffers follow it.
// CHECK-LABEL: func.func @bias
// CHECK: tx8be.load_var %arg0 {{.*}}mem_addr = [65536]>}
// CHECK-NEXT: tx8be.load_var %arg1 {{.*}}mem_addr = [589824, 851968, 1114112, 1376256]>}
// CHECK-NEXT: tx8be.load_var %arg2 {dev_info = #tx8be.dev_attr<{{.*}}multi_buf_en = false, multi_buf_num = 1, {{.*}}mem_addr = [1638400]>}
// CHECK-NEXT: tx8be.Gemm
// CHECK-SAME: temporal_mem_slice = [256, 128], {{.*}}mem_addr = [1654784, 1720320]>
// CHECK-SAME: share = "ring"
// CHECK-SAME: shape_spatial_sharding = [16, 1]
func.func @bias(%a: tensor<4096x1024xbf16>, %b: tensor<1024x4096xbf16>, %c: tensor<4096xf32>) -> tensor<4096x4096xbf16> {
  %0 = tx8be.group -> tensor<4096x4096xbf16> attributes {group_id = 1 : i64} {
    %1 = tx8be.load_var %a : tensor<4096x1024xbf16>
    %2 = tx8be.load_var %b : tensor<1024x4096xbf16>
    %3 = tx8be.load_var %c : tensor<4096xf32>
    %4 = tx8be.Gemm(%1, %2, %3) : (tensor<4096x1024xbf16>, tensor<1024x4096xbf16>, tensor<4096xf32>) -> tensor<4096x4096xbf16>
    %5 = tx8be.store_var %4 : tensor<4096x4096xbf16>
    tx8be.yield %5 : tensor<4096x4096xbf16>
  }
  return %0 : tensor<4096x4096xbf16>
}

// B batched too: every batch has its own B, nothing to share round the ring.
// CHECK-LABEL: func.func @batched_b
// CHECK: tx8be.Gemm
// CHECK-NOT: share
// CHECK: tx8be.store_var
func.func @batched_b(%a: tensor<8x512x1024xbf16>, %b: tensor<8x1024x4096xbf16>) -> tensor<8x512x4096xbf16> {
  %0 = tx8be.group -> tensor<8x512x4096xbf16> attributes {group_id = 2 : i64} {
    %1 = tx8be.load_var %a : tensor<8x512x1024xbf16>
    %2 = tx8be.load_var %b : tensor<8x1024x4096xbf16>
    %3 = tx8be.Gemm(%1, %2) : (tensor<8x512x1024xbf16>, tensor<8x1024x4096xbf16>) -> tensor<8x512x4096xbf16>
    %4 = tx8be.store_var %3 : tensor<8x512x4096xbf16>
    tx8be.yield %4 : tensor<8x512x4096xbf16>
  }
  return %0 : tensor<8x512x4096xbf16>
}

// 6 x 512 rows: the batch takes 2 of the 16 tiles' cuts (gcd(6, 16)), the
// 512 rows the other 8, so the ring still fits every tile one box.
// CHECK-LABEL: func.func @batch6
// CHECK: tx8be.Gemm
// CHECK-SAME: share = "ring"
// CHECK-SAME: shape_spatial_sharding = [2, 8, 1]
func.func @batch6(%a: tensor<6x512x1024xbf16>, %b: tensor<1024x4096xbf16>) -> tensor<6x512x4096xbf16> {
  %0 = tx8be.group -> tensor<6x512x4096xbf16> attributes {group_id = 3 : i64} {
    %1 = tx8be.load_var %a : tensor<6x512x1024xbf16>
    %2 = tx8be.load_var %b : tensor<1024x4096xbf16>
    %3 = tx8be.Gemm(%1, %2) : (tensor<6x512x1024xbf16>, tensor<1024x4096xbf16>) -> tensor<6x512x4096xbf16>
    %4 = tx8be.store_var %3 : tensor<6x512x4096xbf16>
    tx8be.yield %4 : tensor<6x512x4096xbf16>
  }
  return %0 : tensor<6x512x4096xbf16>
}

// A bf16 bias: the ring loop hands the NE an f32 bias only, so no ring.
// CHECK-LABEL: func.func @bias_bf16
// CHECK: tx8be.Gemm
// CHECK-NOT: share
// CHECK: tx8be.store_var
func.func @bias_bf16(%a: tensor<4096x1024xbf16>, %b: tensor<1024x4096xbf16>, %c: tensor<4096xbf16>) -> tensor<4096x4096xbf16> {
  %0 = tx8be.group -> tensor<4096x4096xbf16> attributes {group_id = 4 : i64} {
    %1 = tx8be.load_var %a : tensor<4096x1024xbf16>
    %2 = tx8be.load_var %b : tensor<1024x4096xbf16>
    %3 = tx8be.load_var %c : tensor<4096xbf16>
    %4 = tx8be.Gemm(%1, %2, %3) : (tensor<4096x1024xbf16>, tensor<1024x4096xbf16>, tensor<4096xbf16>) -> tensor<4096x4096xbf16>
    %5 = tx8be.store_var %4 : tensor<4096x4096xbf16>
    tx8be.yield %5 : tensor<4096x4096xbf16>
  }
  return %0 : tensor<4096x4096xbf16>
}
