// RUN: strata-opt %s -tx8be-sharding -tx8be-spm-alloc -tx8be-opt-barrier | FileCheck %s
// tx8be-opt-barrier leaves out the barrier before a group that reads only
// what each of its tiles stored itself: the exp after the relu, both cut
// into the same 16 row blocks, needs none (a tile joins its own stores
// before its next group). The transpose after the exp reads columns every
// tile wrote a part of: a barrier before it.
// CHECK-LABEL: func.func @chain
// CHECK: tx8be.group -> tensor<64x256xf32> attributes {barrier = false, group_id = 0 : i64
// CHECK: shape_spatial_sharding = [16, 1]
// CHECK: tx8be.group -> tensor<64x256xf32> attributes {barrier = true, group_id = 1 : i64
// CHECK: shape_spatial_sharding = [16, 1]
// CHECK: tx8be.group -> tensor<256x64xf32> attributes {barrier = false, group_id = 2 : i64
func.func @chain(%x: tensor<64x256xf32>) -> tensor<256x64xf32> {
  %0 = tx8be.group -> tensor<64x256xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<64x256xf32>
    %2 = tx8be.Unary(%1) {kind = "relu"} : (tensor<64x256xf32>) -> tensor<64x256xf32>
    %3 = tx8be.store_var %2 : tensor<64x256xf32>
    tx8be.yield %3 : tensor<64x256xf32>
  }
  %4 = tx8be.group -> tensor<64x256xf32> attributes {group_id = 1 : i64} {
    %5 = tx8be.load_var %0 : tensor<64x256xf32>
    %6 = tx8be.Unary(%5) {kind = "exp"} : (tensor<64x256xf32>) -> tensor<64x256xf32>
    %7 = tx8be.store_var %6 : tensor<64x256xf32>
    tx8be.yield %7 : tensor<64x256xf32>
  }
  %8 = tx8be.group -> tensor<256x64xf32> attributes {group_id = 2 : i64} {
    %9 = tx8be.load_var %4 : tensor<64x256xf32>
    %10 = tx8be.Transpose(%9) {perm = array<i64: 1, 0>} : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %11 = tx8be.store_var %10 : tensor<256x64xf32>
    tx8be.yield %11 : tensor<256x64xf32>
  }
  return %8 : tensor<256x64xf32>
}
