// RUN: strata-opt %s -tx8be-sharding -tx8be-spm-alloc | FileCheck %s
// Multi-op groups (the session-6 group contract, crates/tx8be/OPS.md
// "Groups"): tx8be-sharding schedules the group on its anchor (the last
// compute op: tile_parallel and temporal_mem_slice there only); every
// other op's box is derived backwards from the anchor's, and
// tx8be-spm-alloc gives every load its buffer, every in-group
// intermediate one buffer (dev_info.mem_addr on the op defining it) in one
// region after the loads, intermediates whose lifetimes within a step do
// not overlap sharing space, then the output's. Each anchor's sharding is
// given (sharding_is_given), so the buffer arithmetic below is that of the
// stated boxes whatever the search would prefer.

// Conv -> Relu over 16 tiles by rows (2 of 32 per tile): the conv's
// intermediate is its 2 x 32 x 64 bf16 box (8192 bytes) after the loads;
// the output buffer follows it. The conv carries no schedule.
// CHECK-LABEL: func.func @conv_relu
// CHECK: tx8be.load_var %arg0 {dev_info = {{.*}}mem_addr = [65536]>}
// CHECK: tx8be.Conv({{.*}}) {dev_info = #tx8be.dev_attr<{{.*}}temporal_mem_slice = [], {{.*}}mem_addr = {{\[}}[[#CONV:]]{{\]}}>
// CHECK-SAME: strides = array<i64: 1, 1>} :
// CHECK-NEXT: tx8be.Unary({{.*}}temporal_mem_slice = [1, 2, 32, 64], {{.*}}mem_addr = {{\[}}[[#CONV+8192]]{{\]}}>, kind = "relu", tile_parallel = #tx8be.parallel_attr<{{.*}}shape_spatial_sharding = [1, 16, 1, 1]>}

// Conv -> Add -> Relu, the add's second operand the conv's input loaded a
// second time (its own load). Its boxes are the conv's input's at every
// step, so it shares that buffer (and is not loaded again). The conv's
// result lives until the add, the add's until the relu: the two overlap at
// the add, so the add's buffer follows the conv's, right after the loads
// (C = 81920 + 256: no buffer for the second load).
// CHECK-LABEL: func.func @conv_add_relu
// CHECK: tx8be.load_var %arg0 {dev_info = {{.*}}mem_addr = [65536]>}
// CHECK: tx8be.load_const %{{.*}}mem_addr = [81920]>}
// CHECK-NEXT: tx8be.Conv({{.*}}mem_addr = [82176]>
// CHECK-SAME: (tensor<1x32x32x64xbf16>, tensor<1x1x64x64xbf16>, tensor<64xf32>)
// CHECK-NEXT: tx8be.load_var %arg0 {dev_info = {{.*}}mem_addr = [65536]>}
// CHECK-NEXT: tx8be.Binary({{.*}}mem_addr = [90368]>, kind = "add"}
// CHECK-NEXT: tx8be.Unary({{.*}}temporal_mem_slice = [1, 2, 32, 64], {{.*}}mem_addr = [98560]>, kind = "relu", tile_parallel

// Conv3x3 -> Relu -> Conv3x3 (halo), 64 rows over 16 tiles: four output
// rows per tile need six rows of the relu (4 + 2 halo rows), so six rows
// of the first conv, which needs eight rows of the input. The boxes show
// in the buffers: the input's is 8 x 16 x 16 f32 (8192 bytes: the weight
// follows at 73728), the first conv's 6 rows (6144 bytes: the relu's
// buffer follows).
// CHECK-LABEL: func.func @halo
// CHECK: tx8be.load_var %arg0 {dev_info = {{.*}}mem_addr = [65536]>}
// CHECK-NEXT: tx8be.load_const {{.*}}mem_addr = [73728]>}
// CHECK: tx8be.Conv({{.*}}mem_addr = {{\[}}[[#H:]]{{\]}}>
// CHECK-NEXT: tx8be.Unary({{.*}}mem_addr = {{\[}}[[#H+6144]]{{\]}}>, kind = "relu"}
// The second conv's weight and bias are the first's, whole at every step:
// their loads share the first conv's buffers.
// CHECK-NEXT: tx8be.load_const {{.*}}mem_addr = [73728]>}
// CHECK: tx8be.Conv({{.*}}temporal_mem_slice = [1, 4, 16, 16]{{.*}}shape_spatial_sharding = [1, 16, 1, 1]>}

// Gemm -> Unary (gelu): the GEMM's K stays whole; the group is cut on M
// and N (2 x 8 tiles, 32 x 32 outputs each: a 2048-byte intermediate).
// CHECK-LABEL: func.func @gemm_unary
// CHECK: tx8be.Gemm({{.*}}temporal_mem_slice = [], {{.*}}mem_addr = {{\[}}[[#G:]]{{\]}}>} :
// CHECK-NEXT: tx8be.Unary({{.*}}temporal_mem_slice = [32, 32], {{.*}}mem_addr = {{\[}}[[#G+2048]]{{\]}}>, kind = "gelu", tile_parallel = #tx8be.parallel_attr<{{.*}}shape_spatial_sharding = [2, 8]>}

// Lifetimes: Gemm -> relu -> neg -> exp. The GEMM's result dies at the
// relu, so the neg's result (born after it) takes the GEMM's space.
// CHECK-LABEL: func.func @merge
// CHECK: tx8be.Gemm({{.*}}mem_addr = {{\[}}[[#M:]]{{\]}}>} :
// CHECK-NEXT: tx8be.Unary({{.*}}mem_addr = {{\[}}[[#M+2048]]{{\]}}>, kind = "relu"}
// CHECK-NEXT: tx8be.Unary({{.*}}mem_addr = {{\[}}[[#M]]{{\]}}>, kind = "neg"}
// CHECK-NEXT: tx8be.Unary({{.*}}mem_addr = {{\[}}[[#M+4096]]{{\]}}>, kind = "exp", tile_parallel

func.func @conv_relu(%x: tensor<1x32x32x64xbf16>) -> tensor<1x32x32x64xbf16> {
  %w = tx8be.const dense<0.5> : tensor<1x1x64x64xbf16>
  %b = tx8be.const dense<0.25> : tensor<64xf32>
  %0 = tx8be.group -> tensor<1x32x32x64xbf16> attributes {group_id = 0 : i64} {
    %a = tx8be.load_var %x : tensor<1x32x32x64xbf16>
    %wl = tx8be.load_const %w : tensor<1x1x64x64xbf16>
    %bl = tx8be.load_const %b : tensor<64xf32>
    %c = tx8be.Conv(%a, %wl, %bl) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x32x32x64xbf16>, tensor<1x1x64x64xbf16>, tensor<64xf32>) -> tensor<1x32x32x64xbf16>
    %y = tx8be.Unary(%c) {tile_parallel = #tx8be.parallel_attr<parallel = <none>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [1, 16, 1, 1]>, kind = "relu"} : (tensor<1x32x32x64xbf16>) -> tensor<1x32x32x64xbf16>
    %s = tx8be.store_var %y : tensor<1x32x32x64xbf16>
    tx8be.yield %s : tensor<1x32x32x64xbf16>
  }
  return %0 : tensor<1x32x32x64xbf16>
}
func.func @conv_add_relu(%x: tensor<1x32x32x64xbf16>) -> tensor<1x32x32x64xbf16> {
  %w = tx8be.const dense<0.5> : tensor<1x1x64x64xbf16>
  %b = tx8be.const dense<0.25> : tensor<64xf32>
  %0 = tx8be.group -> tensor<1x32x32x64xbf16> attributes {group_id = 0 : i64} {
    %a = tx8be.load_var %x : tensor<1x32x32x64xbf16>
    %wl = tx8be.load_const %w : tensor<1x1x64x64xbf16>
    %bl = tx8be.load_const %b : tensor<64xf32>
    %c = tx8be.Conv(%a, %wl, %bl) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x32x32x64xbf16>, tensor<1x1x64x64xbf16>, tensor<64xf32>) -> tensor<1x32x32x64xbf16>
    %r = tx8be.load_var %x : tensor<1x32x32x64xbf16>
    %d = tx8be.Binary(%c, %r) {kind = "add"} : (tensor<1x32x32x64xbf16>, tensor<1x32x32x64xbf16>) -> tensor<1x32x32x64xbf16>
    %y = tx8be.Unary(%d) {tile_parallel = #tx8be.parallel_attr<parallel = <none>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [1, 16, 1, 1]>, kind = "relu"} : (tensor<1x32x32x64xbf16>) -> tensor<1x32x32x64xbf16>
    %s = tx8be.store_var %y : tensor<1x32x32x64xbf16>
    tx8be.yield %s : tensor<1x32x32x64xbf16>
  }
  return %0 : tensor<1x32x32x64xbf16>
}
func.func @halo(%x: tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32> {
  %w = tx8be.const dense<0.5> : tensor<3x3x16x16xf32>
  %b = tx8be.const dense<0.25> : tensor<16xf32>
  %0 = tx8be.group -> tensor<1x64x16x16xf32> attributes {group_id = 0 : i64} {
    %a = tx8be.load_var %x : tensor<1x64x16x16xf32>
    %wl = tx8be.load_const %w : tensor<3x3x16x16xf32>
    %bl = tx8be.load_const %b : tensor<16xf32>
    %c = tx8be.Conv(%a, %wl, %bl) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x64x16x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x64x16x16xf32>
    %r = tx8be.Unary(%c) {kind = "relu"} : (tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
    %w2 = tx8be.load_const %w : tensor<3x3x16x16xf32>
    %b2 = tx8be.load_const %b : tensor<16xf32>
    %y = tx8be.Conv(%r, %w2, %b2) {tile_parallel = #tx8be.parallel_attr<parallel = <none>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [1, 16, 1, 1]>, strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x64x16x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x64x16x16xf32>
    %s = tx8be.store_var %y : tensor<1x64x16x16xf32>
    tx8be.yield %s : tensor<1x64x16x16xf32>
  }
  return %0 : tensor<1x64x16x16xf32>
}
func.func @gemm_unary(%x: tensor<64x128xbf16>) -> tensor<64x256xbf16> {
  %w = tx8be.const dense<0.5> : tensor<128x256xbf16>
  %b = tx8be.const dense<0.25> : tensor<256xf32>
  %0 = tx8be.group -> tensor<64x256xbf16> attributes {group_id = 0 : i64} {
    %a = tx8be.load_var %x : tensor<64x128xbf16>
    %wl = tx8be.load_const %w : tensor<128x256xbf16>
    %bl = tx8be.load_const %b : tensor<256xf32>
    %c = tx8be.Gemm(%a, %wl, %bl) : (tensor<64x128xbf16>, tensor<128x256xbf16>, tensor<256xf32>) -> tensor<64x256xbf16>
    %y = tx8be.Unary(%c) {tile_parallel = #tx8be.parallel_attr<parallel = <none>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [2, 8]>, kind = "gelu"} : (tensor<64x256xbf16>) -> tensor<64x256xbf16>
    %s = tx8be.store_var %y : tensor<64x256xbf16>
    tx8be.yield %s : tensor<64x256xbf16>
  }
  return %0 : tensor<64x256xbf16>
}
func.func @merge(%x: tensor<64x128xbf16>) -> tensor<64x256xbf16> {
  %w = tx8be.const dense<0.5> : tensor<128x256xbf16>
  %0 = tx8be.group -> tensor<64x256xbf16> attributes {group_id = 0 : i64} {
    %a = tx8be.load_var %x : tensor<64x128xbf16>
    %wl = tx8be.load_const %w : tensor<128x256xbf16>
    %c = tx8be.Gemm(%a, %wl) : (tensor<64x128xbf16>, tensor<128x256xbf16>) -> tensor<64x256xbf16>
    %r = tx8be.Unary(%c) {kind = "relu"} : (tensor<64x256xbf16>) -> tensor<64x256xbf16>
    %n = tx8be.Unary(%r) {kind = "neg"} : (tensor<64x256xbf16>) -> tensor<64x256xbf16>
    %y = tx8be.Unary(%n) {tile_parallel = #tx8be.parallel_attr<parallel = <none>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [2, 8]>, kind = "exp"} : (tensor<64x256xbf16>) -> tensor<64x256xbf16>
    %s = tx8be.store_var %y : tensor<64x256xbf16>
    tx8be.yield %s : tensor<64x256xbf16>
  }
  return %0 : tensor<64x256xbf16>
}
