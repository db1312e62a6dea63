// RUN: strata-opt %s -tx8be-group-ops | FileCheck %s
// RUN: strata-opt %s -tx8be-move-constant -tx8be-group-ops | FileCheck %s --check-prefix=PIPE
// tx8be-group-ops takes the graph-level load_consts of tx8be-move-constant
// into the groups of their users, with all their attributes, instead of
// making new loads. A load_const with several users (what a folded
// channel_norm of several users leaves) is copied into each group.

// CHECK-LABEL: func.func @loads
// CHECK: %[[W:.*]] = tx8be.const
// CHECK-NOT: tx8be.load_const
// CHECK: tx8be.group -> tensor<4x16xf32> attributes {group_id = 0 : i64} {
// CHECK-NEXT: %[[A:.*]] = tx8be.load_var %{{.*}} : tensor<4x8xf32>
// CHECK-NEXT: %[[B:.*]] = tx8be.load_const %[[W]] {const_map_id = 0 : i64, dev_info = #tx8be.dev_attr<{{.*}}mem_layout = <NTensor>{{.*}}>} : tensor<8x16xf32>
// CHECK-NEXT: tx8be.Gemm(%[[A]], %[[B]])
// CHECK: tx8be.group -> tensor<4x16xf32> attributes {group_id = 1 : i64} {
// CHECK-NEXT: tx8be.load_var
// CHECK-NEXT: %[[C:.*]] = tx8be.load_const %[[Z:.*]] {const_map_id = 1 : i64} : tensor<4x16xf32>
// CHECK-NEXT: tx8be.Binary(%{{.*}}, %[[C]]) {kind = "max"}
// CHECK: tx8be.group -> tensor<4x16xf32> attributes {group_id = 2 : i64} {
// CHECK-NEXT: tx8be.load_var
// CHECK-NEXT: %[[D:.*]] = tx8be.load_const %[[Z]] {const_map_id = 1 : i64} : tensor<4x16xf32>
// CHECK-NEXT: tx8be.Binary(%{{.*}}, %[[D]]) {kind = "min"}
// CHECK-NOT: tx8be.load_const
// CHECK: return
func.func @loads(%x: tensor<4x8xf32>) -> tensor<4x16xf32> {
  %w = tx8be.const {const_map_id = 0 : i64} dense<0.5> : tensor<8x16xf32>
  %z = tx8be.const {const_map_id = 1 : i64} dense<0.0> : tensor<4x16xf32>
  %lw = tx8be.load_const %w {const_map_id = 0 : i64, dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <NTensor>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : tensor<8x16xf32>
  %y = tx8be.Gemm(%x, %lw) {trans_a = false, trans_b = false} : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %lz = tx8be.load_const %z {const_map_id = 1 : i64} : tensor<4x16xf32>
  %m = tx8be.Binary(%y, %lz) {kind = "max"} : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %n = tx8be.Binary(%m, %lz) {kind = "min"} : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  return %n : tensor<4x16xf32>
}

// With tx8be-move-constant first, the Gather's table load (bypasscodegen)
// moves into the Gather's group too.
// PIPE-LABEL: func.func @table
// PIPE: %[[T:.*]] = tx8be.const {const_map_id = 0 : i64}
// PIPE-NEXT: tx8be.group
// PIPE-NEXT: %[[L:.*]] = tx8be.load_const %[[T]] {bypasscodegen = true, const_map_id = 0 : i64, dev_info = {{.*}}}
// PIPE-NEXT: %[[I:.*]] = tx8be.load_var
// PIPE-NEXT: tx8be.Gather(%[[L]], %[[I]])
func.func @table(%idx: tensor<3xi32>) -> tensor<3x16xf32> {
  %table = tx8be.const dense<1.0> : tensor<10x16xf32>
  %g = tx8be.Gather(%table, %idx) {axis = 0 : i64} : (tensor<10x16xf32>, tensor<3xi32>) -> tensor<3x16xf32>
  return %g : tensor<3x16xf32>
}
