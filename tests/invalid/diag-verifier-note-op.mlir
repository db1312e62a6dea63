// RUN: not strata-opt %s 2>&1 | FileCheck %s
// Verifier errors outside --verify-diagnostics carry a note with the failing
// op printed in generic form ("see current operation"), pointing at the op.

func.func @f(%a: i64) -> i32 {
  return %a : i64
}

// CHECK: {{.*}}diag-verifier-note-op.mlir:6:3: error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f
// CHECK-NEXT: {{^}}  return %a : i64{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NEXT: {{.*}}diag-verifier-note-op.mlir:6:3: note: see current operation: "func.return"(%arg0) : (i64) -> ()
