// Every op of the oneflow dialect parses, verifies and prints back as
// OneFlow prints it (generic form, all attributes in the dictionary); the
// generic output equals mlir-opt's for the same text (where the ops are
// unregistered).
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s --mlir-print-op-generic > %t.strata
// RUN: mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata
// RUN: mlir-opt %s --allow-unregistered-dialect > %t.ref.pretty
// RUN: strata-opt %s | diff %t.ref.pretty -
// RUN: strata-opt %s | strata-opt > %t.twice
// RUN: strata-opt %s > %t.once
// RUN: diff %t.once %t.twice

// CHECK-LABEL: func.func @all_ops
// CHECK-NEXT: %0 = "oneflow.variable"() {device_name = ["@0:0"], device_tag = "cuda", op_name = "w", shape = [8, 4, 3, 3]} : () -> tensor<8x4x3x3xf32>
// CHECK-NEXT: %1 = "oneflow.transpose"(%0) {device_name = ["@0:0"], device_tag = "cuda", op_name = "wt", perm = [0 : si32, 2 : si32, 3 : si32, 1 : si32], scope_symbol_id = 1 : i64} : (tensor<8x4x3x3xf32>) -> tensor<8x3x3x4xf32>
// CHECK-NEXT: %2 = "oneflow.conv2d"(%arg0, %1) {data_format = "channels_last", device_name = ["@0:0"], device_tag = "cuda", dilation_rate = [1 : si32, 1 : si32], filters = 8 : si32, groups = 1 : si32, kernel_size = [3 : si32, 3 : si32], op_name = "conv", operand_segment_sizes = array<i32: 1, 1, 0, 0>, padding_before = [0 : si32, 0 : si32], scope_symbol_id = 1 : i64, strides = [2 : si32, 2 : si32], tuning_cache = ""} : (tensor<1x9x9x4xf32>, tensor<8x3x3x4xf32>) -> tensor<1x4x4x8xf32>
// CHECK-NEXT: %3:3 = "oneflow.group_norm"(%2) {activation = "none", affine = false, {{.*}}num_groups = 2 : si32, {{.*}} -> (tensor<1x4x4x8xf32>, tensor<1x2xf32>, tensor<1x2xf32>)
// CHECK-NEXT: %4 = "oneflow.silu"(%3#0)
// CHECK-NEXT: %5 = "oneflow.relu"(%4)
// CHECK-NEXT: %6 = "oneflow.broadcast_add"(%5, %arg1)
// CHECK-NEXT: %7 = "oneflow.add_n"(%6, %6, %6)
// CHECK-NEXT: %8 = "oneflow.add_n2"(%7, %6)
// CHECK-NEXT: %9 = "oneflow.concat"(%8, %8) {axis = 3 : si64, {{.*}}} : (tensor<1x4x4x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x16xf32>
// CHECK-NEXT: %10 = "oneflow.reshape"(%9) {{.*}} -> tensor<16x16xf32>
// CHECK-NEXT: %11 = "oneflow.matmul"(%10, %10) {alpha = 1.000000e+00 : f64, {{.*}}transpose_a = false, transpose_b = true} : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK-NEXT: %12 = "oneflow.cast"(%11) {{.*}}dtype = 9 : i32{{.*}} -> tensor<16x16xf16>
// CHECK-NEXT: return %12
func.func @all_ops(%x: tensor<1x9x9x4xf32>, %b: tensor<1x1x1x8xf32>) -> tensor<16x16xf16> {
  %w = "oneflow.variable"() {device_name = ["@0:0"], device_tag = "cuda", op_name = "w", shape = [8, 4, 3, 3]} : () -> tensor<8x4x3x3xf32>
  %wt = "oneflow.transpose"(%w) {device_name = ["@0:0"], device_tag = "cuda", op_name = "wt", perm = [0 : si32, 2 : si32, 3 : si32, 1 : si32], scope_symbol_id = 1 : i64} : (tensor<8x4x3x3xf32>) -> tensor<8x3x3x4xf32>
  %c = "oneflow.conv2d"(%x, %wt) {data_format = "channels_last", device_name = ["@0:0"], device_tag = "cuda", dilation_rate = [1 : si32, 1 : si32], filters = 8 : si32, groups = 1 : si32, kernel_size = [3 : si32, 3 : si32], op_name = "conv", operand_segment_sizes = array<i32: 1, 1, 0, 0>, padding_before = [0 : si32, 0 : si32], scope_symbol_id = 1 : i64, strides = [2 : si32, 2 : si32], tuning_cache = ""} : (tensor<1x9x9x4xf32>, tensor<8x3x3x4xf32>) -> tensor<1x4x4x8xf32>
  %y, %mean, %inv_variance = "oneflow.group_norm"(%c) {activation = "none", affine = false, data_format = "channels_last", device_name = ["@0:0"], device_tag = "cuda", epsilon = 1.000000e-05 : f64, num_groups = 2 : si32, op_name = "gn", operand_segment_sizes = array<i32: 1, 0, 0>} : (tensor<1x4x4x8xf32>) -> (tensor<1x4x4x8xf32>, tensor<1x2xf32>, tensor<1x2xf32>)
  %s = "oneflow.silu"(%y) {device_name = ["@0:0"], device_tag = "cuda", op_name = "silu"} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %r = "oneflow.relu"(%s) {device_name = ["@0:0"], device_tag = "cuda", op_name = "relu"} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %ba = "oneflow.broadcast_add"(%r, %b) {device_name = ["@0:0"], device_tag = "cuda", op_name = "badd"} : (tensor<1x4x4x8xf32>, tensor<1x1x1x8xf32>) -> tensor<1x4x4x8xf32>
  %an = "oneflow.add_n"(%ba, %ba, %ba) {device_name = ["@0:0"], device_tag = "cuda", op_name = "addn", op_type_name = "add_n"} : (tensor<1x4x4x8xf32>, tensor<1x4x4x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %a2 = "oneflow.add_n2"(%an, %ba) {device_name = ["@0:0"], device_tag = "cuda", op_name = "add2", op_type_name = "add_n"} : (tensor<1x4x4x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %cat = "oneflow.concat"(%a2, %a2) {axis = 3 : si64, device_name = ["@0:0"], device_tag = "cuda", max_dim_size = 16 : si64, op_name = "cat"} : (tensor<1x4x4x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x16xf32>
  %rs = "oneflow.reshape"(%cat) {device_name = ["@0:0"], device_tag = "cuda", op_name = "reshape", shape = [16, 16]} : (tensor<1x4x4x16xf32>) -> tensor<16x16xf32>
  %mm = "oneflow.matmul"(%rs, %rs) {alpha = 1.000000e+00 : f64, device_name = ["@0:0"], device_tag = "cuda", op_name = "mm", operand_segment_sizes = array<i32: 1, 1, 0>, transpose_a = false, transpose_b = true} : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %h = "oneflow.cast"(%mm) {device_name = ["@0:0"], device_tag = "cuda", dtype = 9 : i32, op_name = "cast", pin_memory = false} : (tensor<16x16xf32>) -> tensor<16x16xf16>
  return %h : tensor<16x16xf16>
}
