// Every tx8be op and attribute parses, verifies and prints back; the
// pretty output re-parses to itself, the generic form (inherent attributes
// as properties) re-parses to the same IR, and generic output is stable.
// Default-valued attributes (Gemm's trans_a/trans_b = false) are elided;
// struct attributes print their parameters in declaration order whatever
// order they were written in.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s > %t.once
// RUN: strata-opt %t.once > %t.twice
// RUN: diff %t.once %t.twice
// RUN: strata-opt %s --mlir-print-op-generic > %t.gen
// RUN: strata-opt %t.gen | diff %t.once -
// RUN: strata-opt %t.gen --mlir-print-op-generic | diff %t.gen -
// RUN: FileCheck %s --check-prefix=GENERIC < %t.gen
// The generic form is MLIR that mlir-opt reads (tx8be unregistered there);
// it shows default-valued properties (layout_str = "Unknown"), as MLIR does.
// RUN: mlir-opt %t.gen --allow-unregistered-dialect -o /dev/null

// CHECK-LABEL: func.func @all_ops(%arg0: tensor<1x8x8x4xf32>, %arg1: tensor<3xi32>, %arg2: tensor<16x32xbf16>) -> (tensor<1x4x4x8xf32>, tensor<16x24xbf16>) {
// CHECK-NEXT: %0 = tx8be.const {ddr_addr = 4096 : i64} dense<5.000000e-01> : tensor<3x3x4x8xf32>
// CHECK-NEXT: %1 = tx8be.const dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00]> : tensor<8xf32>
// CHECK-NEXT: %2 = tx8be.Conv(%arg0, %0, %1) {dilations = array<i64: 1, 1>, group = 1 : i64, layout_str = "NHWC", pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
// CHECK-NEXT: %3 = tx8be.const dense<1.000000e+00> : tensor<8xf32>
// CHECK-NEXT: %4 = tx8be.BatchNorm_Inference(%2, %3, %1, %1, %3) {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <NCx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [1, 7, 56, 64], source_type = 0, imm_addr = 0, mem_addr = [65536]>, epsilon = 9.99999974E-6 : f32, tile_parallel = #tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = false, shape_spatial_sharding = [1, 1, 1, 16]>} : (tensor<1x4x4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
// CHECK-NEXT: %5 = tx8be.Unary(%4) {alpha = 1.000000e-01 : f32, kind = "leaky_relu"} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
// CHECK-NEXT: %6 = tx8be.Pool(%5) {count_include_pad = true, kernel = array<i64: 2, 2>, kind = "avg", pads = array<i64: 0, 0, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
// CHECK-NEXT: %7 = tx8be.Binary(%6, %1) {kind = "add"} : (tensor<1x4x4x8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
// CHECK-NEXT: %8 = tx8be.Binary(%6, %1) {kind = "lt"} : (tensor<1x4x4x8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xi1>
// CHECK-NEXT: %9 = tx8be.Select(%8, %7, %6) : (tensor<1x4x4x8xi1>, tensor<1x4x4x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
// CHECK-NEXT: %10 = tx8be.Reduce(%9) {axes = array<i64: 1, 2>, keepdims = true, kind = "mean"} : (tensor<1x4x4x8xf32>) -> tensor<1x1x1x8xf32>
// CHECK-NEXT: %11 = tx8be.Transpose(%9) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
// CHECK-NEXT: %12 = tx8be.Reshape(%11) : (tensor<1x8x4x4xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: %13 = tx8be.Concat(%12, %12) {axis = 0 : i64} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
// CHECK-NEXT: %14 = tx8be.Slice(%13) {limits = array<i64: 16, 16>, starts = array<i64: 0, 1>, strides = array<i64: 1, 2>} : (tensor<16x16xf32>) -> tensor<16x8xf32>
// CHECK-NEXT: %15 = tx8be.Softmax(%14) {axis = -1 : i64} : (tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK-NEXT: %16 = tx8be.LayerNorm(%15, %3, %1) {axis = 1 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<16x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<16x8xf32>
// CHECK-NEXT: %17 = tx8be.Cast(%16) : (tensor<16x8xf32>) -> tensor<16x8xbf16>
// CHECK-NEXT: %18 = tx8be.const dense<2.500000e-01> : tensor<32x24xbf16>
// CHECK-NEXT: %19 = tx8be.Gemm(%arg2, %18) : (tensor<16x32xbf16>, tensor<32x24xbf16>) -> tensor<16x24xbf16>
// CHECK-NEXT: %20 = tx8be.const dense<1.000000e+00> : tensor<10x4xf32>
// CHECK-NEXT: %21 = tx8be.Gather(%20, %arg1) {axis = 0 : i64} : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
// CHECK-NEXT: %22 = tx8be.Pad(%21) {pads_high = array<i64: 0, 2>, pads_low = array<i64: 1, 0>, value = 0.000000e+00 : f32} : (tensor<3x4xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %23 = tx8be.Resize(%arg0) {coordinate_mode = "asymmetric", mode = "nearest", scales = array<f64: 2.000000e+00, 2.000000e+00>} : (tensor<1x8x8x4xf32>) -> tensor<1x16x16x4xf32>
// CHECK-NEXT: %24 = tx8be.ChannelNorm(%23) {blocked = "NCx", to_blocked = true} : (tensor<1x16x16x4xf32>) -> tensor<1x16x16x4xf32>
// CHECK-NEXT: %25:2 = tx8be.group -> tensor<1x4x4x8xf32>, tensor<16x24xbf16> attributes {group_id = 3 : i64, group_tag = 2 : i64} {
// CHECK-NEXT: %26 = tx8be.load_var %arg0 {mem_scope = #tx8be<mem_scope SPM>} : tensor<1x8x8x4xf32>
// CHECK-NEXT: %27 = tx8be.load_const %0 {mem_scope = #tx8be<mem_scope 3DDRAM>} : tensor<3x3x4x8xf32>
// CHECK-NEXT: %28 = tx8be.Conv(%26, %27) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x4x4x8xf32>
// CHECK-NEXT: %29 = tx8be.store_var %28 {ddr_addr = 8192 : i64, mem_scope = #tx8be<mem_scope DDR>} : tensor<1x4x4x8xf32>
// CHECK-NEXT: tx8be.yield %29, %19 : tensor<1x4x4x8xf32>, tensor<16x24xbf16>
// CHECK: return %25#0, %25#1 : tensor<1x4x4x8xf32>, tensor<16x24xbf16>
// CHECK-LABEL: func.func @attrs(%arg0: tensor<2x4xf32>) -> tensor<2x4xf32> {
// CHECK-NEXT: %0 = tx8be.Unary(%arg0) {chip_parallel = #tx8be.parallel_attr<parallel = <dp_tp>, is_dp_inner = true, dp_dim_x = 2, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 8, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [2, 8]>, kind = "relu", tile_parallel = #tx8be.parallel_attr<parallel = <tp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 4, tp_dim_y = 4, tp_dim_z = 1, sharding_is_given = false, shape_spatial_sharding = []>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %1 = tx8be.Unary(%0) {alpha = -1.000000e+00 : f32, beta = 6.000000e+00 : f32, dev_info = #tx8be.dev_attr<imm_size = 1024, mem_layout = <Cx>, multi_buf_en = true, multi_buf_num = 2, out_shape_buf_idx = [0], temporal_mem_slice = [1, 4], source_type = 2, imm_addr = 262144, mem_addr = [65536, 131072]>, kind = "clip", layout_str = "Tensor", tile_parallel = #tx8be.parallel_attr<parallel = <none>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = false, shape_spatial_sharding = [1, 16]>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %2 = tx8be.load_var %1 {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <NTensor>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [-1, 4], source_type = 0, imm_addr = -8, mem_addr = []>} : tensor<2x4xf32>
// CHECK-NEXT: %3 = tx8be.Unary(%2) {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [2, 4], source_type = 0, imm_addr = 0, mem_addr = [4096]>, kind = "gelu", test.discardable = #tx8be<mem_scope SPM>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: return %3 : tensor<2x4xf32>
// GENERIC: "tx8be.const"() <{ddr_addr = 4096 : i64, layout_str = "Unknown", value = dense<5.000000e-01> : tensor<3x3x4x8xf32>}> : () -> tensor<3x3x4x8xf32>
// GENERIC: "tx8be.Conv"({{.*}}) <{dilations = array<i64: 1, 1>, group = 1 : i64, layout_str = "NHWC", pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}>
// GENERIC: = "tx8be.group"() <{group_id = 3 : i64, group_tag = 2 : i64}> ({
// GENERIC: "tx8be.load_var"({{.*}}) <{mem_scope = #tx8be<mem_scope SPM>}> : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
// GENERIC: "tx8be.yield"({{.*}}) : (tensor<1x4x4x8xf32>, tensor<16x24xbf16>) -> ()
// GENERIC-NEXT: }) : () -> (tensor<1x4x4x8xf32>, tensor<16x24xbf16>)
// GENERIC: "tx8be.Unary"({{.*}}) <{dev_info = {{.*}}, kind = "gelu", layout_str = "Unknown"}> {test.discardable = #tx8be<mem_scope SPM>}

func.func @all_ops(%x: tensor<1x8x8x4xf32>, %ids: tensor<3xi32>, %m: tensor<16x32xbf16>) -> (tensor<1x4x4x8xf32>, tensor<16x24xbf16>) {
  %w = tx8be.const {ddr_addr = 4096 : i64} dense<0.5> : tensor<3x3x4x8xf32>
  %b = tx8be.const dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf32>
  %c = tx8be.Conv(%x, %w, %b) {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64, layout_str = "NHWC"} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
  %s = tx8be.const dense<1.0> : tensor<8xf32>
  %bn = tx8be.BatchNorm_Inference(%c, %s, %b, %b, %s) {epsilon = 1.0e-05 : f32, tile_parallel = #tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = false, shape_spatial_sharding = [1, 1, 1, 16]>, dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <NCx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [1, 7, 56, 64], source_type = 0, imm_addr = 0, mem_addr = [65536]>} : (tensor<1x4x4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
  %r = tx8be.Unary(%bn) {kind = "leaky_relu", alpha = 0.1 : f32} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %p = tx8be.Pool(%r) {kind = "avg", kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 1, 1>, count_include_pad = true} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %add = tx8be.Binary(%p, %b) {kind = "add"} : (tensor<1x4x4x8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
  %lt = tx8be.Binary(%p, %b) {kind = "lt"} : (tensor<1x4x4x8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xi1>
  %sel = tx8be.Select(%lt, %add, %p) : (tensor<1x4x4x8xi1>, tensor<1x4x4x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %red = tx8be.Reduce(%sel) {kind = "mean", axes = array<i64: 1, 2>, keepdims = true} : (tensor<1x4x4x8xf32>) -> tensor<1x1x1x8xf32>
  %t = tx8be.Transpose(%sel) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %rs = tx8be.Reshape(%t) : (tensor<1x8x4x4xf32>) -> tensor<8x16xf32>
  %cat = tx8be.Concat(%rs, %rs) {axis = 0 : i64} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
  %sl = tx8be.Slice(%cat) {starts = array<i64: 0, 1>, limits = array<i64: 16, 16>, strides = array<i64: 1, 2>} : (tensor<16x16xf32>) -> tensor<16x8xf32>
  %sm = tx8be.Softmax(%sl) {axis = -1 : i64} : (tensor<16x8xf32>) -> tensor<16x8xf32>
  %ln = tx8be.LayerNorm(%sm, %s, %b) {epsilon = 1.0e-05 : f32, axis = 1 : i64} : (tensor<16x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<16x8xf32>
  %cast = tx8be.Cast(%ln) : (tensor<16x8xf32>) -> tensor<16x8xbf16>
  %wt = tx8be.const dense<0.25> : tensor<32x24xbf16>
  %g = tx8be.Gemm(%m, %wt) {trans_a = false, trans_b = false} : (tensor<16x32xbf16>, tensor<32x24xbf16>) -> tensor<16x24xbf16>
  %tab = tx8be.const dense<1.0> : tensor<10x4xf32>
  %ga = tx8be.Gather(%tab, %ids) {axis = 0 : i64} : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  %pd = tx8be.Pad(%ga) {pads_low = array<i64: 1, 0>, pads_high = array<i64: 0, 2>, value = 0.0 : f32} : (tensor<3x4xf32>) -> tensor<4x6xf32>
  %rz = tx8be.Resize(%x) {mode = "nearest", coordinate_mode = "asymmetric", scales = array<f64: 2.0, 2.0>} : (tensor<1x8x8x4xf32>) -> tensor<1x16x16x4xf32>
  %cn = tx8be.ChannelNorm(%rz) {to_blocked = true, blocked = "NCx"} : (tensor<1x16x16x4xf32>) -> tensor<1x16x16x4xf32>
  %grp:2 = tx8be.group -> tensor<1x4x4x8xf32>, tensor<16x24xbf16> attributes {group_id = 3 : i64, group_tag = 2 : i64} {
    %lx = tx8be.load_var %x {mem_scope = #tx8be<mem_scope SPM>} : tensor<1x8x8x4xf32>
    %lw = tx8be.load_const %w {mem_scope = #tx8be<mem_scope 3DDRAM>} : tensor<3x3x4x8xf32>
    %cc = tx8be.Conv(%lx, %lw) {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x4x4x8xf32>
    %st = tx8be.store_var %cc {ddr_addr = 8192 : i64, mem_scope = #tx8be<mem_scope DDR>} : tensor<1x4x4x8xf32>
    tx8be.yield %st, %g : tensor<1x4x4x8xf32>, tensor<16x24xbf16>
  }
  return %grp#0, %grp#1 : tensor<1x4x4x8xf32>, tensor<16x24xbf16>
}
func.func @attrs(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %a = tx8be.Unary(%x) {kind = "relu", chip_parallel = #tx8be.parallel_attr<shape_spatial_sharding = [2, 8], parallel = <dp_tp>, is_dp_inner = true, dp_dim_x = 2, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 8, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true>, tile_parallel = #tx8be.parallel_attr<parallel = <tp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 4, tp_dim_y = 4, tp_dim_z = 1, sharding_is_given = false, shape_spatial_sharding = []>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %b = tx8be.Unary(%a) {kind = "clip", alpha = -1.0 : f32, beta = 6.0 : f32, layout_str = "Tensor", tile_parallel = #tx8be.parallel_attr<parallel = <none>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = false, shape_spatial_sharding = [1, 16]>, dev_info = #tx8be.dev_attr<mem_addr = [65536, 131072], imm_addr = 262144, source_type = 2, temporal_mem_slice = [1, 4], out_shape_buf_idx = [0], multi_buf_num = 2, multi_buf_en = true, mem_layout = <Cx>, imm_size = 1024>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %c = tx8be.load_var %b {dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <NTensor>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [-1, 4], source_type = 0, imm_addr = -8, mem_addr = []>} : tensor<2x4xf32>
  %d = tx8be.Unary(%c) {kind = "gelu", dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [2, 4], source_type = 0, imm_addr = 0, mem_addr = [4096]>, test.discardable = #tx8be<mem_scope SPM>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %d : tensor<2x4xf32>
}
