// UNSUPPORTED: reference-stand-in
// RUN: not strata-opt --mlir-print-ir-module-scope --mlir-disable-threading --mlir-print-ir-after=cse -pass-pipeline='builtin.module(func.func(cse))' %s 2>&1 | FileCheck %s
// Dumps of the whole module are not implemented, which strata-opt says
// instead of printing the op's dump (mlir-opt prints the module: this file
// is strata-opt's own behaviour, not the reference's).

// CHECK: strata-opt: --mlir-print-ir-module-scope is not supported

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
