// RUN: %python %S/../Inputs/fused_module.py conv_relu_conv_add --hw 32 --cin 32 --cout 32 | strata-opt -tx8be-sharding -tx8be-spm-alloc | FileCheck %s
// RUN: strata-opt %s -tx8be-sharding -tx8be-spm-alloc | FileCheck %s --check-prefix=BIG
// An intermediate read with two boxes (schedule::narrowed_reads): in
// Conv 3x3 -> Relu (r) -> Conv 3x3 -> Add r -> Relu, the search puts 4
// output rows on each of 8 tiles; the second conv reads r with a halo row
// on each side, the add reads just the 4 rows. r's buffer holds the union
// (6 rows of 32 x 32 f32: 24 KiB); the add's 4 rows are copied out of it
// into a buffer of their own, which tx8be-spm-alloc places in the
// intermediates' region, alive during the add only: after r's buffer and
// the add's own result (4 rows: 16 KiB), both alive then, and records on
// the add as subbox_addr (one address per operand; 0 for the conv's
// result, read in place).

// CHECK-LABEL: group_id = 1
// CHECK: tx8be.Unary({{.*}}mem_addr = {{\[}}[[#R:]]{{\]}}
// CHECK: tx8be.Conv(
// CHECK-NOT: subbox_addr
// CHECK-SAME: -> tensor<1x32x32x32xf32>
// CHECK: tx8be.Binary({{.*}}mem_addr = {{\[}}[[#R+24576]]{{\]}}>, kind = "add", subbox_addr = array<i64: 0, [[#R+40960]]>
// CHECK: tx8be.Unary({{.*}}temporal_mem_slice = [1, 4, 32, 32]

// A relu read by a 3x3 conv and by the add, 4 MiB of f32: it fits only in
// slices, each with its own pair of boxes of the relu (sessions before
// narrowed reads refused the group: "read by ops of its group needing
// different boxes of it"): 8 rows on each of 16 tiles, in steps of 2.
// BIG: tx8be.Unary(
// BIG: tx8be.Binary({{.*}}temporal_mem_slice = [1, 2, 128, 64]{{.*}}subbox_addr = array<i64: 0, [[#]]>
// BIG-SAME: shape_spatial_sharding = [1, 16, 1, 1]
func.func @two_readers(%x: tensor<1x128x128x64xf32>) -> tensor<1x128x128x64xf32> {
  %w = tx8be.const dense<0.5> : tensor<3x3x64x64xf32>
  %0 = tx8be.group -> tensor<1x128x128x64xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<1x128x128x64xf32>
    %2 = tx8be.Unary(%1) {kind = "relu"} : (tensor<1x128x128x64xf32>) -> tensor<1x128x128x64xf32>
    %3 = tx8be.load_const %w : tensor<3x3x64x64xf32>
    %4 = tx8be.Conv(%2, %3) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x128x128x64xf32>, tensor<3x3x64x64xf32>) -> tensor<1x128x128x64xf32>
    %5 = tx8be.Binary(%4, %2) {kind = "add"} : (tensor<1x128x128x64xf32>, tensor<1x128x128x64xf32>) -> tensor<1x128x128x64xf32> loc("two_readers")
    %6 = tx8be.store_var %5 : tensor<1x128x128x64xf32>
    tx8be.yield %6 : tensor<1x128x128x64xf32>
  }
  return %0 : tensor<1x128x128x64xf32>
}
