// An expand read as a view (tx8be-load-views) end to end on the C model:
// a mask [b, 1, 1, t] added to zeros [1, h, 1, 1] (how tx8be-sink-reshapes
// broadcasts BERT's mask over the heads) and read as [b*h, 1, t] by the
// next group: the add leaves its group and the load reads the mask through
// a view with stride 0 along the heads (op_dma_load_view), so the expanded
// tensor is never written. An add of ones stays a group. Numbers as the
// reference interpreter's, every group.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tx8c %s -o %t/b -q --compare-all 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s < %t/b/main.c
// SIM: compare-all: all 2 groups match the reference interpreter
// CHECK: static const uint64_t g0_vdims0[3] = {2ull, 4ull, 32ull};
// CHECK: static const uint64_t g0_vstrides0[3] = {32ull, 0ull, 1ull};
// CHECK: op_dma_load_view(&in0, {{.*}}, 3u, g0_vdims0, g0_vstrides0);
func.func @expand(%m: tensor<2x1x1x32xbf16>) -> (tensor<8x1x32xbf16>, tensor<2x4x1x32xbf16>) {
  %z = tx8be.const dense<0.0> : tensor<1x4x1x1xbf16>
  %o = tx8be.const dense<1.0> : tensor<1x4x1x1xbf16>
  %e = tx8be.group -> tensor<2x4x1x32xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %m : tensor<2x1x1x32xbf16>
    %2 = tx8be.load_const %z : tensor<1x4x1x1xbf16>
    %3 = tx8be.Binary(%1, %2) {kind = "add"} : (tensor<2x1x1x32xbf16>, tensor<1x4x1x1xbf16>) -> tensor<2x4x1x32xbf16>
    %4 = tx8be.store_var %3 : tensor<2x4x1x32xbf16>
    tx8be.yield %4 : tensor<2x4x1x32xbf16>
  }
  %v = tx8be.Reshape(%e) : (tensor<2x4x1x32xbf16>) -> tensor<8x1x32xbf16>
  %x = tx8be.group -> tensor<8x1x32xbf16> attributes {group_id = 1 : i64} {
    %1 = tx8be.load_var %v : tensor<8x1x32xbf16>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<8x1x32xbf16>) -> tensor<8x1x32xbf16>
    %3 = tx8be.store_var %2 : tensor<8x1x32xbf16>
    tx8be.yield %3 : tensor<8x1x32xbf16>
  }
  %f = tx8be.group -> tensor<2x4x1x32xbf16> attributes {group_id = 2 : i64} {
    %1 = tx8be.load_var %m : tensor<2x1x1x32xbf16>
    %2 = tx8be.load_const %o : tensor<1x4x1x1xbf16>
    %3 = tx8be.Binary(%1, %2) {kind = "add"} : (tensor<2x1x1x32xbf16>, tensor<1x4x1x1xbf16>) -> tensor<2x4x1x32xbf16>
    %4 = tx8be.store_var %3 : tensor<2x4x1x32xbf16>
    tx8be.yield %4 : tensor<2x4x1x32xbf16>
  }
  return %x, %f : tensor<8x1x32xbf16>, tensor<2x4x1x32xbf16>
}
