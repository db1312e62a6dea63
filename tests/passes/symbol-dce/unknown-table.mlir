// An unregistered op of an unknown dialect with one region may be a symbol
// table: symbol uses cannot be computed and the pass fails.
// RUN: not strata-opt -symbol-dce -allow-unregistered-dialect %s 2>&1 | FileCheck %s
// RUN: not mlir-opt -symbol-dce -allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: unknown-table.mlir:[[@LINE+2]]:1: error: operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses
func.func private @dead()
"foo.region"() ({
  "foo.x"() {r = @dead} : () -> ()
}) : () -> ()
