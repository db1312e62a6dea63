// The inliner needs a symbol table to resolve calls.
// RUN: not strata-opt %s --pass-pipeline='builtin.module(func.func(inline))' 2>&1 | FileCheck %s
// RUN: not mlir-opt %s --pass-pipeline='builtin.module(func.func(inline))' 2>&1 | FileCheck %s
// CHECK: error: 'func.func' op  was scheduled to run under the inliner, but does not define a symbol table
func.func @f() {
  return
}
