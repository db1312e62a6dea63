// RUN: strata-opt %s --pass-pipeline="builtin.module( func.func( canonicalize{max-iterations=10} , cse{} ) , symbol-dce )" | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module( func.func( canonicalize{max-iterations=10} , cse{} ) , symbol-dce )" | FileCheck %s
// Blanks around the elements of a textual pipeline are skipped, after an
// options block as after a name or a ')' (the multi-line text that
// --dump-pass-pipeline prints reads back).

// CHECK-LABEL: func.func @f
// CHECK-NEXT: return
func.func @f() {
  %c = arith.constant 1 : i32
  return
}
