// RUN: strata-opt %s -split-input-file -tx8be-move-constant | FileCheck %s
// RUN: strata-opt %s -split-input-file -tx8be-move-constant | strata-opt -split-input-file -tx8be-move-constant | FileCheck %s
// tx8be-move-constant (the seed's ConstantToLoadConst): every use of a
// tx8be.const by a compute op reads its own graph-level tx8be.load_const
// carrying the constant's const_map_id and placement. Running the pass on
// its own output changes nothing (second RUN line).

// needLoad set: a Conv loads its weight. The weight reached through a
// Reshape is folded into a constant of the reshaped type first (the same
// bytes), and that is what the Conv loads.
// CHECK-LABEL: func.func @conv_weight
// CHECK-NOT: tx8be.Reshape
// CHECK: %[[W:.*]] = tx8be.const {const_map_id = 0 : i64} dense<5.000000e-01> : tensor<3x3x4x8xf32>
// CHECK-NEXT: %[[L:.*]] = tx8be.load_const %[[W]] {const_map_id = 0 : i64, dev_info = #tx8be.dev_attr<{{.*}}mem_layout = <NTensor>{{.*}}>} : tensor<3x3x4x8xf32>
// CHECK-NEXT: tx8be.Conv(%{{.*}}, %[[L]])
// CHECK-NOT: bypasscodegen
// CHECK: return
func.func @conv_weight(%x: tensor<1x8x8x4xf32>) -> tensor<1x8x8x8xf32> {
  %flat = tx8be.const dense<0.5> : tensor<288xf32>
  %w = tx8be.Reshape(%flat) : (tensor<288xf32>) -> tensor<3x3x4x8xf32>
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  return %c : tensor<1x8x8x8xf32>
}

// -----

// needLoad clear: op_gather reads its table straight from DDR, so the
// table's load_const is marked bypasscodegen; its indices are not constant.
// The load carries the constant's layout_str, as in the seed.
// CHECK-LABEL: func.func @gather_table
// CHECK: %[[T:.*]] = tx8be.const {const_map_id = 0 : i64, layout_str = "NTensor"} dense<1.000000e+00> : tensor<10x16xf32>
// CHECK-NEXT: %[[L:.*]] = tx8be.load_const %[[T]] {bypasscodegen = true, const_map_id = 0 : i64, dev_info = {{.*}}, layout_str = "NTensor"} : tensor<10x16xf32>
// CHECK-NEXT: tx8be.Gather(%[[L]], %{{.*}})
func.func @gather_table(%idx: tensor<3xi32>) -> tensor<3x16xf32> {
  %table = tx8be.const {layout_str = "NTensor"} dense<1.0> : tensor<10x16xf32>
  %g = tx8be.Gather(%table, %idx) {axis = 0 : i64} : (tensor<10x16xf32>, tensor<3xi32>) -> tensor<3x16xf32>
  return %g : tensor<3x16xf32>
}

// -----

// The threshold ordering (the seed's updateConstContainer): constants of
// more than 4096 * 16 tiles = 65536 bytes get the first ids in program
// order, the others follow in program order. Here a small one (1024 B), a
// big one (16385 x 4 = 65540 B), one of exactly 65536 B (not above the
// threshold), then another big one: ids 2, 0, 3, 1.
// Two uses of one constant get two load_consts with the same id.
// CHECK-LABEL: func.func @threshold
// CHECK: %[[S:.*]] = tx8be.const {const_map_id = 2 : i64} dense<1.000000e+00> : tensor<256xf32>
// CHECK-NEXT: %[[B:.*]] = tx8be.const {const_map_id = 0 : i64} dense<2.000000e+00> : tensor<16385xf32>
// CHECK-NEXT: %[[E:.*]] = tx8be.const {const_map_id = 3 : i64} dense<3.000000e+00> : tensor<16384xf32>
// CHECK-NEXT: %[[B2:.*]] = tx8be.const {const_map_id = 1 : i64} dense<4.000000e+00> : tensor<2x16385xf32>
// CHECK-NEXT: tx8be.load_const %[[S]] {const_map_id = 2 : i64
// CHECK: tx8be.load_const %[[B]] {const_map_id = 0 : i64
// CHECK: tx8be.load_const %[[B]] {const_map_id = 0 : i64
// CHECK: tx8be.load_const %[[E]] {const_map_id = 3 : i64
// CHECK: tx8be.load_const %[[B2]] {const_map_id = 1 : i64
func.func @threshold(%x: tensor<256xf32>, %y: tensor<16385xf32>, %z: tensor<16384xf32>, %w: tensor<2x16385xf32>) -> (tensor<256xf32>, tensor<16385xf32>, tensor<16384xf32>, tensor<2x16385xf32>) {
  %s = tx8be.const dense<1.0> : tensor<256xf32>
  %b = tx8be.const dense<2.0> : tensor<16385xf32>
  %e = tx8be.const dense<3.0> : tensor<16384xf32>
  %b2 = tx8be.const dense<4.0> : tensor<2x16385xf32>
  %0 = tx8be.Binary(%x, %s) {kind = "add"} : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
  %1 = tx8be.Binary(%y, %b) {kind = "mul"} : (tensor<16385xf32>, tensor<16385xf32>) -> tensor<16385xf32>
  %2 = tx8be.Binary(%1, %b) {kind = "add"} : (tensor<16385xf32>, tensor<16385xf32>) -> tensor<16385xf32>
  %3 = tx8be.Binary(%z, %e) {kind = "add"} : (tensor<16384xf32>, tensor<16384xf32>) -> tensor<16384xf32>
  %4 = tx8be.Binary(%w, %b2) {kind = "add"} : (tensor<2x16385xf32>, tensor<2x16385xf32>) -> tensor<2x16385xf32>
  return %0, %2, %3, %4 : tensor<256xf32>, tensor<16385xf32>, tensor<16384xf32>, tensor<2x16385xf32>
}
