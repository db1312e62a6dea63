// RUN: strata-opt %s -tx8be-sharding -tx8be-spm-alloc | FileCheck %s
// tx8be-spm-alloc lays each group's buffers out in the usable SPM window
// from its base (65536), one after the other, aligned: the buffers of each
// load (dev_info.mem_addr on the load), then the compute op's output
// buffers (mem_addr on the op) and its scratch (imm_addr, imm_size). Buffer
// sizes are the time slices tx8be-sharding chose; a double-buffered group
// gets two addresses for each buffer whose contents change between steps.

// A 2x64 bf16 slice is 256 bytes: the output follows at 65536 + 256.
// CHECK-LABEL: func.func @shard
// CHECK: tx8be.load_var %{{.*}} {dev_info = #tx8be.dev_attr<{{.*}}mem_addr = [65536]>}
// CHECK-NEXT: tx8be.Unary({{.*}}imm_size = 0, {{.*}}temporal_mem_slice = [2, 64], {{.*}}imm_addr = 0, mem_addr = [65792]>

// Double-buffered 1x1024x256 bf16 slices of 512 KiB: two input buffers,
// then two output buffers.
// CHECK-LABEL: func.func @big
// CHECK: tx8be.load_var %{{.*}} {dev_info = #tx8be.dev_attr<{{.*}}multi_buf_en = true, multi_buf_num = 2, {{.*}}mem_addr = [65536, 589824]>}
// CHECK-NEXT: tx8be.Unary({{.*}}temporal_mem_slice = [1, 1024, 256], {{.*}}mem_addr = [1114112, 1638400]>
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
