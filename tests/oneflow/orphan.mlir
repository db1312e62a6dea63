// An op holding the magic name that no pre-pass of this pipeline erased
// keeps it, with a warning; ops with ordinary names are untouched.
// RUN: strata-opt %s -cse-put-attributes --verify-diagnostics
// RUN: strata-opt %s -cse-put-attributes 2>/dev/null | FileCheck %s

// CHECK: "oneflow.relu"(%arg0) {{.*}}op_name = "ONEFLOW_ERASE_MAGIC", scope_symbol_id = 77777 : i64}
// CHECK-NEXT: "oneflow.relu"(%arg0) {{.*}}op_name = "plain", scope_symbol_id = 2 : i64}
func.func @orphan(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-warning@+1 {{'oneflow.relu' op has the erased op_name but no attributes were saved for it}}
  %a = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "ONEFLOW_ERASE_MAGIC", scope_symbol_id = 77777 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %b = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "plain", scope_symbol_id = 2 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}
