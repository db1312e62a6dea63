// OneFlow IR as OneFlow's own repository writes it (oneflow/ir/test/OneFlow/
// cse.mlir): `operand_segment_sizes` as the 1-D i32 elements attribute of
// older MLIR, `dense<[1, 1, 1, 0]> : vector<4xi32>`, instead of
// `array<i32: 1, 1, 1, 0>`. Both spellings are accepted on oneflow ops and
// each prints back as it came in; the CSE result is the seed's, with the
// dense spelling kept.
// RUN: oneflow-opt %s -cse-with-attributes-ignored -cse -cse-put-attributes -canonicalize | FileCheck %s
// RUN: strata-opt %s -oneflow-cse | FileCheck %s
// Without passes the dense spelling prints back as written, and the output
// is a fixed point of mlir-opt (where the ops are unregistered).
// RUN: oneflow-opt %s | FileCheck %s --check-prefix=PLAIN
// RUN: oneflow-opt %s > %t.strata && mlir-opt --allow-unregistered-dialect %t.strata | diff %t.strata -
// Segment counts are still checked in the dense spelling.
// RUN: not oneflow-opt -split-input-file %S/Inputs/segment-sizes-dense-bad.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: func.func @f2(
// CHECK-NEXT: "oneflow.transpose"
// CHECK-NEXT: %1 = "oneflow.conv2d"(%arg0, %0, %arg2) {{{.*}} operand_segment_sizes = dense<[1, 1, 1, 0]> : vector<4xi32>, {{.*}}} : (tensor<2x64x64x320xf16>, tensor<320x3x3x320xf16>, tensor<320xf16>) -> tensor<2x64x64x320xf16>{{$}}
// CHECK-NEXT: return %1, %1 : tensor<2x64x64x320xf16>, tensor<2x64x64x320xf16>{{$}}

// PLAIN-COUNT-2: operand_segment_sizes = dense<[1, 1, 1, 0]> : vector<4xi32>,
// PLAIN-NOT: operand_segment_sizes = array

// BAD: error: 'oneflow.conv2d' op operand count (2) does not match with the total size (3) specified in attribute 'operand_segment_sizes'
// BAD: error: 'oneflow.conv2d' op 'operand_segment_sizes' attribute for specifying operand segments must have 4 elements, but got 3

module {
  func.func @Cast_1__FUSE__ScalarMulByTensor_2(%arg0: tensor<96x96xi64>) -> tensor<96x96xf32> {
    %0 = "oneflow.cast"(%arg0) {device_name = ["0:0"], device_tag = "cpu", dtype = 2 : i32, hierarchy = [1], op_name = "Cast_1", op_type_name = "cast", scope_symbol_id = 4611686018427416574 : i64} : (tensor<96x96xi64>) -> tensor<96x96xf32>
    %1 = "oneflow.cast"(%arg0) {device_name = ["0:0"], device_tag = "cpu", dtype = 2 : i32, hierarchy = [1], op_name = "Cast_2", op_type_name = "cast", scope_symbol_id = 4611686018427416574 : i64} : (tensor<96x96xi64>) -> tensor<96x96xf32>
    %2 = "oneflow.add_n"(%0, %1) {device_name = ["0:0"], device_tag = "cpu", hierarchy = [1], op_name = "ScalarMulByTensor_2", op_type_name = "add_n", scope_symbol_id = 4611686018427416574 : i64} : (tensor<96x96xf32>, tensor<96x96xf32>) -> tensor<96x96xf32>
    return %2 : tensor<96x96xf32>
  }
  func.func @f2(%input: tensor<2x64x64x320xf16>, %w: tensor<320x320x3x3xf16>, %bias: tensor<320xf16>) -> (tensor<2x64x64x320xf16>, tensor<2x64x64x320xf16>) {
    %transpose_w = "oneflow.transpose"(%w) {device_name = ["@0:0"], device_tag = "cuda", hierarchy = [1], op_name = "unet.down_blocks.0.resnets.0.conv1-conv2d-31_transpose_input_1", perm = [0 : si32, 2 : si32, 3 : si32, 1 : si32], scope_symbol_id = 163 : i64} : (tensor<320x320x3x3xf16>) -> tensor<320x3x3x320xf16>
    %conv2d = "oneflow.conv2d"(%input, %transpose_w, %bias) {data_format = "channels_last", device_name = ["@0:0"], device_tag = "cuda", dilation_rate = [1 : si32, 1 : si32], filters = 320 : si32, groups = 1 : si32, hierarchy = [1], kernel_size = [3 : si32, 3 : si32], op_name = "unet.down_blocks.0.resnets.0.conv1-conv2d-31", operand_segment_sizes = dense<[1, 1, 1, 0]> : vector<4xi32>, padding_before = [1 : si32, 1 : si32], scope_symbol_id = 163 : i64, strides = [1 : si32, 1 : si32]} : (tensor<2x64x64x320xf16>, tensor<320x3x3x320xf16>, tensor<320xf16>) -> tensor<2x64x64x320xf16>
    %transpose_w1 = "oneflow.transpose"(%w) {device_name = ["@0:0"], device_tag = "cuda", hierarchy = [1], op_name = "unet.down_blocks.0.resnets.0.conv1-conv2d-31_transpose_input_2", perm = [0 : si32, 2 : si32, 3 : si32, 1 : si32], scope_symbol_id = 163 : i64} : (tensor<320x320x3x3xf16>) -> tensor<320x3x3x320xf16>
    %conv2d_2 = "oneflow.conv2d"(%input, %transpose_w1, %bias) {data_format = "channels_last", device_name = ["@0:0"], device_tag = "cuda", dilation_rate = [1 : si32, 1 : si32], filters = 320 : si32, groups = 1 : si32, hierarchy = [1], kernel_size = [3 : si32, 3 : si32], op_name = "unet.down_blocks.0.resnets.0.conv1-conv2d-31", operand_segment_sizes = dense<[1, 1, 1, 0]> : vector<4xi32>, padding_before = [1 : si32, 1 : si32], scope_symbol_id = 163 : i64, strides = [1 : si32, 1 : si32]} : (tensor<2x64x64x320xf16>, tensor<320x3x3x320xf16>, tensor<320xf16>) -> tensor<2x64x64x320xf16>
    return %conv2d, %conv2d_2 : tensor<2x64x64x320xf16>, tensor<2x64x64x320xf16>
  }
}
