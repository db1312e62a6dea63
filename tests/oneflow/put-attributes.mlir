// cse-put-attributes on its own, and ops created between the two passes.
// RUN: strata-opt %s --split-input-file -cse-put-attributes | FileCheck %s --check-prefix=ALONE
// RUN: strata-opt %s --split-input-file -cse-with-attributes-ignored -cse -canonicalize -cse-put-attributes | FileCheck %s --check-prefix=BETWEEN
// RUN: strata-opt %s --split-input-file -cse-with-attributes-ignored | FileCheck %s --check-prefix=ERASED
// The survivors get their original locations back, the add_n2 the add_n's.
// RUN: strata-opt %s --split-input-file -cse-with-attributes-ignored -cse -canonicalize -cse-put-attributes --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOCS
// RUN: strata-opt %s --split-input-file -cse-with-attributes-ignored -cse -canonicalize -cse-put-attributes --mlir-print-debuginfo | not grep oneflow-cse-erased
// RUN: strata-opt %s --split-input-file -cse-with-attributes-ignored -cse -canonicalize -cse-put-attributes | mlir-opt --split-input-file --allow-unregistered-dialect > /dev/null

// Without the pre-pass, nothing was saved and nothing changes.
// ALONE-LABEL: func.func @add
// ALONE-NEXT: %0 = "oneflow.relu"(%arg0) {device_name = ["@0:0"], device_tag = "cuda", op_name = "r1", scope_symbol_id = 7 : i64}
// ALONE-NEXT: %1 = "oneflow.relu"(%arg0) {device_name = ["@0:0"], device_tag = "cuda", op_name = "r2", scope_symbol_id = 8 : i64}
// ALONE-NEXT: %2 = "oneflow.add_n"(%0, %1) {device_name = ["@0:0"], device_tag = "cuda", op_name = "sum", op_type_name = "add_n", scope_symbol_id = 9 : i64}
// ALONE-NEXT: return %2

// Between the passes the magic values stand in for the names.
// ERASED-LABEL: func.func @add
// ERASED-NEXT: "oneflow.relu"(%arg0) {{.*}}op_name = "ONEFLOW_ERASE_MAGIC", scope_symbol_id = 77777 : i64}
// ERASED-NEXT: "oneflow.relu"(%arg0) {{.*}}op_name = "ONEFLOW_ERASE_MAGIC", scope_symbol_id = 77777 : i64}
// ERASED-NEXT: "oneflow.add_n"{{.*}}op_name = "ONEFLOW_ERASE_MAGIC", op_type_name = "add_n", scope_symbol_id = 77777 : i64}

// The add_n2 that canonicalize creates between the passes (from the add_n
// of the two merged relus) gets the add_n's names back.
// BETWEEN-LABEL: func.func @add
// BETWEEN-NEXT: %0 = "oneflow.relu"(%arg0) {device_name = ["@0:0"], device_tag = "cuda", op_name = "r1", scope_symbol_id = 7 : i64}
// BETWEEN-NEXT: %1 = "oneflow.add_n2"(%0, %0) {device_name = ["@0:0"], device_tag = "cuda", op_name = "sum", op_type_name = "add_n", scope_symbol_id = 9 : i64}
// BETWEEN-NEXT: return %1
func.func @add(%x: tensor<4xf32>) -> tensor<4xf32> {
  // LOCS: "oneflow.relu"{{.*}} loc("{{.*}}put-attributes.mlir":[[@LINE+1]]:8)
  %a = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "r1", scope_symbol_id = 7 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %b = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "r2", scope_symbol_id = 8 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  // LOCS-NEXT: "oneflow.add_n2"{{.*}} loc("{{.*}}put-attributes.mlir":[[@LINE+1]]:8)
  %s = "oneflow.add_n"(%a, %b) {device_name = ["@0:0"], device_tag = "cuda", op_name = "sum", op_type_name = "add_n", scope_symbol_id = 9 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// relu(relu(x)) folds to relu(x) on one placement; the survivor keeps the
// inner relu's names. An add_n of three operands stays an add_n.
// BETWEEN-LABEL: func.func @fold
// BETWEEN-NEXT: %0 = "oneflow.relu"(%arg0) {{.*}}op_name = "inner", scope_symbol_id = 1 : i64}
// BETWEEN-NEXT: %1 = "oneflow.add_n"(%0, %0, %0) {{.*}}op_name = "sum3", op_type_name = "add_n", scope_symbol_id = 1 : i64}
// BETWEEN-NEXT: return %1
func.func @fold(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "inner", scope_symbol_id = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %b = "oneflow.relu"(%a) {device_name = ["@0:0"], device_tag = "cuda", op_name = "outer", scope_symbol_id = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %s = "oneflow.add_n"(%b, %b, %b) {device_name = ["@0:0"], device_tag = "cuda", op_name = "sum3", op_type_name = "add_n", scope_symbol_id = 1 : i64} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
