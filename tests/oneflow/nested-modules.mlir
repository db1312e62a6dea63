// The passes in a nested pass manager running on two inner modules at once
// (in parallel): both share the pipeline's state and each module gets its
// own names back.
// RUN: strata-opt %s --pass-pipeline='builtin.module(builtin.module(cse-with-attributes-ignored,cse,cse-put-attributes,canonicalize))' | FileCheck %s
// RUN: strata-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(builtin.module(cse-with-attributes-ignored,cse,cse-put-attributes,canonicalize))' | FileCheck %s

// CHECK-LABEL: module @a
// CHECK-NEXT: func.func @f
// CHECK-NEXT: %0 = "oneflow.relu"(%arg0) {device_name = ["@0:0"], device_tag = "cuda", op_name = "a1", scope_symbol_id = 1 : i64}
// CHECK-NEXT: return %0, %0
// CHECK-LABEL: module @b
// CHECK-NEXT: func.func @f
// CHECK-NEXT: %0 = "oneflow.relu"(%arg0) {device_name = ["@0:0"], device_tag = "cuda", op_name = "b1", scope_symbol_id = 3 : i64}
// CHECK-NEXT: return %0, %0
module @a {
  func.func @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %a = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "a1", scope_symbol_id = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
    %b = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "a2", scope_symbol_id = 2 : i64} : (tensor<4xf32>) -> tensor<4xf32>
    return %a, %b : tensor<4xf32>, tensor<4xf32>
  }
}
module @b {
  func.func @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %a = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "b1", scope_symbol_id = 3 : i64} : (tensor<4xf32>) -> tensor<4xf32>
    %b = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "b2", scope_symbol_id = 4 : i64} : (tensor<4xf32>) -> tensor<4xf32>
    return %a, %b : tensor<4xf32>, tensor<4xf32>
  }
}
