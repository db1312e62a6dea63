// RUN: not strata-opt %s 2>&1 | FileCheck %s
// The diagnostic format itself, which --verify-diagnostics does not show:
// `file:line:col: error: message`, then the source line, then a caret under
// the column; notes follow in the same format. The exit code is non-zero
// (`not`) and nothing is printed on stdout before the error.

func.func @f(%a: i32) -> i32 {
  %sum = arith.addi %a, %a : i32
  return %sum : i64
}

// CHECK-NOT: module
// CHECK: {{.*}}diag-format-caret.mlir:9:10: error: use of value '%sum' expects different type than prior uses: 'i64' vs 'i32'
// CHECK-NEXT: {{^}}  return %sum : i64{{$}}
// CHECK-NEXT: {{^}}         ^{{$}}
// CHECK-NEXT: {{.*}}diag-format-caret.mlir:8:3: note: prior use here
// CHECK-NEXT: {{^}}  %sum = arith.addi %a, %a : i32{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
