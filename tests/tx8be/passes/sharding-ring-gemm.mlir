// RUN: strata-opt %s -tx8be-sharding -tx8be-spm-alloc | FileCheck %s
// A GEMM whose B every tile would read whole from DDR shares it instead:
// rows of A sharded over the 16 tiles and resident, N cut into chunks that
// travel round a ring of the 4x4 mesh (tx8be-transforms/src/ring_share.rs).
// tx8be-sharding records share = "ring" and the ring (each hop one mesh
// link); tx8be-spm-alloc gives B four buffers (the round's first chunk and
// three the ring rotates through) and the output two.

// 4096x1024x4096 bf16: 256 rows of A per tile (512 KiB), chunks of 128
// columns of B (256 KiB each), two rounds of 16 steps (the estimate
// prefers them to one round of 256 columns: half as much B to read before
// the first GEMM, the second half prefetched during the first round).
// CHECK-LABEL: func.func @ring
// CHECK: tx8be.load_var %arg0 {dev_info = #tx8be.dev_attr<{{.*}}multi_buf_en = false, multi_buf_num = 1, {{.*}}mem_addr = [65536]>}
// CHECK-NEXT: tx8be.load_var %arg1 {dev_info = #tx8be.dev_attr<{{.*}}multi_buf_en = true, multi_buf_num = 4, {{.*}}mem_addr = [589824, 851968, 1114112, 1376256]>}
// CHECK-NEXT: tx8be.Gemm
// CHECK-SAME: multi_buf_en = true, multi_buf_num = 2, {{.*}}temporal_mem_slice = [256, 128], {{.*}}mem_addr = [1638400, 1703936]>
// CHECK-SAME: share = "ring", share_ring = array<i64: 0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4>
// CHECK-SAME: shape_spatial_sharding = [16, 1]
func.func @ring(%a: tensor<4096x1024xbf16>, %b: tensor<1024x4096xbf16>) -> tensor<4096x4096xbf16> {
  %0 = tx8be.group -> tensor<4096x4096xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %a : tensor<4096x1024xbf16>
    %2 = tx8be.load_var %b : tensor<1024x4096xbf16>
    %3 = tx8be.Gemm(%1, %2) : (tensor<4096x1024xbf16>, tensor<1024x4096xbf16>) -> tensor<4096x4096xbf16>
    %4 = tx8be.store_var %3 : tensor<4096x4096xbf16>
    tx8be.yield %4 : tensor<4096x4096xbf16>
  }
  return %0 : tensor<4096x4096xbf16>
}

// 4004 rows do not split evenly over 16 tiles: no ring (every tile must
// take the same steps, as each ends at a barrier).
// CHECK-LABEL: func.func @uneven
// CHECK: tx8be.Gemm
// CHECK-NOT: share
// CHECK: tx8be.store_var
func.func @uneven(%a: tensor<4004x1024xbf16>, %b: tensor<1024x4096xbf16>) -> tensor<4004x4096xbf16> {
  %0 = tx8be.group -> tensor<4004x4096xbf16> attributes {group_id = 1 : i64} {
    %1 = tx8be.load_var %a : tensor<4004x1024xbf16>
    %2 = tx8be.load_var %b : tensor<1024x4096xbf16>
    %3 = tx8be.Gemm(%1, %2) : (tensor<4004x1024xbf16>, tensor<1024x4096xbf16>) -> tensor<4004x4096xbf16>
    %4 = tx8be.store_var %3 : tensor<4004x4096xbf16>
    tx8be.yield %4 : tensor<4004x4096xbf16>
  }
  return %0 : tensor<4004x4096xbf16>
}

// A small GEMM (B 64 KiB) is not worth a barrier per step: plain sharding.
// CHECK-LABEL: func.func @small
// CHECK: tx8be.Gemm
// CHECK-NOT: share
// CHECK: tx8be.store_var
func.func @small(%a: tensor<256x128xbf16>, %b: tensor<128x256xbf16>) -> tensor<256x256xbf16> {
  %0 = tx8be.group -> tensor<256x256xbf16> attributes {group_id = 2 : i64} {
    %1 = tx8be.load_var %a : tensor<256x128xbf16>
    %2 = tx8be.load_var %b : tensor<128x256xbf16>
    %3 = tx8be.Gemm(%1, %2) : (tensor<256x128xbf16>, tensor<128x256xbf16>) -> tensor<256x256xbf16>
    %4 = tx8be.store_var %3 : tensor<256x256xbf16>
    tx8be.yield %4 : tensor<256x256xbf16>
  }
  return %0 : tensor<256x256xbf16>
}
