// RUN: not strata-opt %s 2>&1 | FileCheck %s
// An error at loc(unknown) is printed with the `<unknown>:0:` prefix.

func.func @f(%a: i32) -> i64 {
  return %a : i32 loc(unknown)
}

// CHECK: <unknown>:0: error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f
// CHECK-NEXT: <unknown>:0: note: see current operation: "func.return"(%arg0) : (i32) -> ()
