// Functions in nested modules, several functions, and ops inside regions
// of other ops: duplicates merge within each function (CSE scopes never
// cross a function), every survivor gets its own names back.
// RUN: strata-opt %s --allow-unregistered-dialect -cse-with-attributes-ignored -cse -cse-put-attributes -canonicalize | FileCheck %s
// RUN: strata-opt %s --allow-unregistered-dialect -oneflow-cse | FileCheck %s
// RUN: strata-opt %s --allow-unregistered-dialect -oneflow-cse | mlir-opt --allow-unregistered-dialect > /dev/null

// CHECK-LABEL: func.func @f
// CHECK-NEXT: %0 = "oneflow.relu"(%arg0) {{.*}}op_name = "f.relu1", scope_symbol_id = 1 : i64}
// CHECK-NEXT: return %0, %0
func.func @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "f.relu1", scope_symbol_id = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %b = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "f.relu2", scope_symbol_id = 2 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// The same op in another function is not merged with @f's.
// CHECK-LABEL: func.func @g
// CHECK-NEXT: %0 = "oneflow.relu"(%arg0) {{.*}}op_name = "g.relu1", scope_symbol_id = 3 : i64}
// CHECK-NEXT: return %0, %0
func.func @g(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "g.relu1", scope_symbol_id = 3 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %b = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "g.relu2", scope_symbol_id = 4 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// A function of a nested module. The duplicate inside the region of an
// unregistered op is not merged (CSE starts a fresh scope under ops that
// might be isolated from above, as upstream does), and it gets its own
// names back.
// CHECK-LABEL: module @inner
// CHECK: func.func @h
// CHECK-NEXT: %0 = "oneflow.silu"(%arg0) {{.*}}op_name = "h.silu1", scope_symbol_id = 5 : i64}
// CHECK-NEXT: %1 = "test.region"() ({
// CHECK-NEXT: %2 = "oneflow.silu"(%arg0) {{.*}}op_name = "h.silu2", scope_symbol_id = 6 : i64}
// CHECK-NEXT: "test.yield"(%2)
// CHECK-NEXT: })
// CHECK-NEXT: return %0, %1
module @inner {
  func.func @h(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %a = "oneflow.silu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "h.silu1", scope_symbol_id = 5 : i64} : (tensor<4xf32>) -> tensor<4xf32>
    %r = "test.region"() ({
      %b = "oneflow.silu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "h.silu2", scope_symbol_id = 6 : i64} : (tensor<4xf32>) -> tensor<4xf32>
      "test.yield"(%b) : (tensor<4xf32>) -> ()
    }) : () -> tensor<4xf32>
    return %a, %r : tensor<4xf32>, tensor<4xf32>
  }
}
