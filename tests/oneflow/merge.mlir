// Ops that differ only in op_name and scope_symbol_id are merged; the
// survivor is the first op and gets its own original names back. Ops that
// differ in any other attribute stay apart.
// RUN: strata-opt %s --split-input-file --allow-unregistered-dialect -cse-with-attributes-ignored -cse -cse-put-attributes -canonicalize | FileCheck %s
// RUN: strata-opt %s --split-input-file --allow-unregistered-dialect -cse-with-attributes-ignored -cse -cse-put-attributes -canonicalize | mlir-opt --split-input-file --allow-unregistered-dialect > /dev/null

// Three relus of one input, names and scopes all different: one survives,
// with the first one's name and scope.
// CHECK-LABEL: func.func @names_differ
// CHECK-NEXT: %0 = "oneflow.relu"(%arg0)
// CHECK-SAME: op_name = "relu-a"
// CHECK-SAME: scope_symbol_id = 11 : i64
// CHECK-NEXT: return %0, %0, %0
func.func @names_differ(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %a = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", hierarchy = [1], op_name = "relu-a", scope_symbol_id = 11 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %b = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", hierarchy = [1], op_name = "relu-b", scope_symbol_id = 12 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %c = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", hierarchy = [1], op_name = "relu-c", scope_symbol_id = 13 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %a, %b, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Only the scope differs; and an op without scope_symbol_id equals one with.
// CHECK-LABEL: func.func @scope_differs
// CHECK-NEXT: %0 = "oneflow.silu"(%arg0)
// CHECK-SAME: op_name = "silu"
// CHECK-SAME: scope_symbol_id = 1 : i64
// CHECK-NEXT: %1 = "oneflow.reshape"(%arg0)
// CHECK-SAME: op_name = "reshape-without-scope"
// CHECK-NOT: scope_symbol_id
// CHECK-SAME: -> tensor<2x2xf32>
// CHECK-NEXT: return %0, %0, %1, %1
func.func @scope_differs(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %a = "oneflow.silu"(%x) {device_name = ["@0:0"], device_tag = "cuda", hierarchy = [1], op_name = "silu", scope_symbol_id = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %b = "oneflow.silu"(%x) {device_name = ["@0:0"], device_tag = "cuda", hierarchy = [1], op_name = "silu", scope_symbol_id = 2 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %c = "oneflow.reshape"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "reshape-without-scope", shape = [2, 2]} : (tensor<4xf32>) -> tensor<2x2xf32>
  %d = "oneflow.reshape"(%x) {device_name = ["@0:0"], device_tag = "cuda", op_name = "reshape-with-scope", scope_symbol_id = 5 : i64, shape = [2, 2]} : (tensor<4xf32>) -> tensor<2x2xf32>
  return %a, %b, %c, %d : tensor<4xf32>, tensor<4xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// Any other attribute differing keeps the ops apart: device tag, device
// name, hierarchy, an op attribute (perm), dtype.
// CHECK-LABEL: func.func @other_attrs_differ
// CHECK-NEXT: "oneflow.relu"(%arg0) {{.*}}device_tag = "cuda"{{.*}}op_name = "r1"
// CHECK-NEXT: "oneflow.relu"(%arg0) {{.*}}device_tag = "cpu"{{.*}}op_name = "r2"
// CHECK-NEXT: "oneflow.relu"(%arg0) {device_name = ["@0:1"]{{.*}}op_name = "r3"
// CHECK-NEXT: "oneflow.relu"(%arg0) {{.*}}hierarchy = [2]{{.*}}op_name = "r4"
// CHECK-NEXT: "oneflow.transpose"(%arg1) {{.*}}op_name = "t1", perm = [1 : si32, 0 : si32]
// CHECK-NEXT: "oneflow.transpose"(%arg1) {{.*}}op_name = "t2", perm = [0 : si32, 1 : si32]
// CHECK-NEXT: "oneflow.cast"(%arg1) {{.*}}dtype = 2 : i32{{.*}}op_name = "c1"
// CHECK-NEXT: "oneflow.cast"(%arg1) {{.*}}dtype = 3 : i32{{.*}}op_name = "c2"
// CHECK-NEXT: return
func.func @other_attrs_differ(%x: tensor<4xf32>, %y: tensor<3x3xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf64>) {
  %0 = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", hierarchy = [1], op_name = "r1", scope_symbol_id = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cpu", hierarchy = [1], op_name = "r2", scope_symbol_id = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "oneflow.relu"(%x) {device_name = ["@0:1"], device_tag = "cuda", hierarchy = [1], op_name = "r3", scope_symbol_id = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "oneflow.relu"(%x) {device_name = ["@0:0"], device_tag = "cuda", hierarchy = [2], op_name = "r4", scope_symbol_id = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "oneflow.transpose"(%y) {device_name = ["@0:0"], device_tag = "cuda", op_name = "t1", perm = [1 : si32, 0 : si32], scope_symbol_id = 1 : i64} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  %5 = "oneflow.transpose"(%y) {device_name = ["@0:0"], device_tag = "cuda", op_name = "t2", perm = [0 : si32, 1 : si32], scope_symbol_id = 1 : i64} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  %6 = "oneflow.cast"(%y) {device_name = ["@0:0"], device_tag = "cuda", dtype = 2 : i32, op_name = "c1", scope_symbol_id = 1 : i64} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  %7 = "oneflow.cast"(%y) {device_name = ["@0:0"], device_tag = "cuda", dtype = 3 : i32, op_name = "c2", scope_symbol_id = 1 : i64} : (tensor<3x3xf32>) -> tensor<3x3xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf64>
}

// -----

// Ops that are not user ops keep their op_name and are not merged: the
// system op `variable` (two distinct weights of one shape) and ops of
// other dialects carrying attributes of the same names.
// CHECK-LABEL: func.func @not_user_ops
// CHECK-NEXT: %0 = "oneflow.variable"() {{.*}}op_name = "w1"
// CHECK-NEXT: %1 = "oneflow.variable"() {{.*}}op_name = "w2"
// CHECK-NEXT: %2 = "test.op"(%0) {op_name = "x", scope_symbol_id = 3 : i64}
// CHECK-NEXT: %3 = "test.op"(%0) {op_name = "y", scope_symbol_id = 3 : i64}
// CHECK-NEXT: return %0, %1, %2, %3 :
func.func @not_user_ops() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %w1 = "oneflow.variable"() {device_name = ["@0:0"], device_tag = "cuda", op_name = "w1", scope_symbol_id = 3 : i64, shape = [2]} : () -> tensor<2xf32>
  %w2 = "oneflow.variable"() {device_name = ["@0:0"], device_tag = "cuda", op_name = "w2", scope_symbol_id = 3 : i64, shape = [2]} : () -> tensor<2xf32>
  %a = "test.op"(%w1) {op_name = "x", scope_symbol_id = 3 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  %b = "test.op"(%w1) {op_name = "y", scope_symbol_id = 3 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  return %w1, %w2, %a, %b : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
