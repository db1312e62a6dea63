// RUN: not strata-opt --mlir-print-ir-module-scope -cse %s 2> %t.strata
// RUN: not mlir-opt --mlir-print-ir-module-scope -cse %s 2> %t.ref
// RUN: diff %t.ref %t.strata
// RUN: not strata-opt --mlir-print-ir-module-scope --mlir-disable-threading --mlir-print-ir-after=cse -pass-pipeline='builtin.module(func.func(cse))' %s 2>&1 | FileCheck %s
// RUN: strata-opt --mlir-print-ir-module-scope --mlir-disable-threading -cse %s > %t.s2
// RUN: mlir-opt --mlir-print-ir-module-scope --mlir-disable-threading -cse %s > %t.r2
// RUN: diff %t.r2 %t.s2
// --mlir-print-ir-module-scope is refused as mlir-opt refuses it without
// --mlir-disable-threading; with it, dumps of the whole module are not
// implemented, which strata-opt says instead of printing the op's dump.

// CHECK: strata-opt: --mlir-print-ir-module-scope is not supported

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
