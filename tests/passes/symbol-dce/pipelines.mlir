// Run on a nested module (a public symbol inside another op): its symbols
// can be reached from outside, so only private ones die. Run on an op that
// is not a symbol table: an error.
// RUN: strata-opt %s --pass-pipeline='builtin.module(builtin.module(symbol-dce))' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(builtin.module(symbol-dce))' | mlir-opt --mlir-print-op-generic > %t.strata
// RUN: mlir-opt %s --pass-pipeline='builtin.module(builtin.module(symbol-dce))' --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata
// RUN: not strata-opt %s --pass-pipeline='builtin.module(func.func(symbol-dce))' 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not mlir-opt %s --pass-pipeline='builtin.module(func.func(symbol-dce))' 2>&1 | FileCheck %s --check-prefix=ERR

// ERR: error: 'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table

// CHECK: func.func private @outer_unused
// CHECK: module @m {
// CHECK-NEXT: func.func nested @n()
// CHECK-NEXT: func.func @pub()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func private @outer_unused()
module @m {
  func.func nested @n()
  func.func private @p()
  func.func @pub() {
    return
  }
}
func.func @f() {
  return
}
