// A group stores its result through the transpose view its reader loads
// through (tx8be-store-views), end to end on the C model: sixteen heads
// merged back as a transformer does ([b*h, s, d] -> [b, s, h*d]), then a
// softmax over the merged rows. The exp group writes each head with one
// 2-D copy into the merged layout (op_dma_store_view); the softmax group
// loads its rows with one copy each instead of one per head. Numbers as
// the reference interpreter's, every group (the exp group's stored
// values read back through the view), in bf16 and fp32.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tx8c %s -o %t/b -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s < %t/b/main.c
// RUN: tx8c %s --dtype fp32 -o %t/f -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// SIM: compare-all: all 2 groups match the reference interpreter
// CHECK: static const uint64_t g0_svdims[4] = {2ull, 8ull, 64ull, 32ull};
// CHECK: static const uint64_t g0_svstrides[4] = {16384ull, 32ull, 256ull, 1ull};
// CHECK-LABEL: static void group_0(void)
// CHECK: op_dma_store_view(&out, [[ADDR:0x[0-9a-f]+]]ull, 4u, g0_svdims, g0_svstrides);
// CHECK-LABEL: static void group_1(void)
// CHECK-NOT: op_dma_load_view
// CHECK: op_dma_load(&in0, [[ADDR]]ull);
func.func @merge(%x: tensor<16x64x32xbf16>) -> tensor<128x256xbf16> {
  %e = tx8be.group -> tensor<16x64x32xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<16x64x32xbf16>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<16x64x32xbf16>) -> tensor<16x64x32xbf16>
    %3 = tx8be.store_var %2 : tensor<16x64x32xbf16>
    tx8be.yield %3 : tensor<16x64x32xbf16>
  }
  %r = tx8be.Reshape(%e) : (tensor<16x64x32xbf16>) -> tensor<2x8x64x32xbf16>
  %t = tx8be.Transpose(%r) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x8x64x32xbf16>) -> tensor<2x64x8x32xbf16>
  %v = tx8be.Reshape(%t) : (tensor<2x64x8x32xbf16>) -> tensor<128x256xbf16>
  %y = tx8be.group -> tensor<128x256xbf16> attributes {group_id = 1 : i64} {
    %1 = tx8be.load_var %v : tensor<128x256xbf16>
    %2 = tx8be.Softmax(%1) {axis = 1 : i64} : (tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %3 = tx8be.store_var %2 : tensor<128x256xbf16>
    tx8be.yield %3 : tensor<128x256xbf16>
  }
  return %y : tensor<128x256xbf16>
}
