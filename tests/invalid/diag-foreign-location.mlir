// RUN: not strata-opt %s 2>&1 | FileCheck %s
// A verifier error on an op whose location names another file is reported at
// that location, with no source line or caret (the file is not loaded), which
// --verify-diagnostics cannot express.

func.func @f(%a: i32) -> i64 {
  return %a : i32 loc("other.c":3:4)
}

// CHECK: other.c:3:4: error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f
// CHECK-NEXT: other.c:3:4: note: see current operation: "func.return"(%arg0) : (i32) -> ()
// CHECK-NOT: ^
