// RUN: not strata-opt --mlir-print-ir-module-scope -cse %s 2> %t.strata
// RUN: not mlir-opt --mlir-print-ir-module-scope -cse %s 2> %t.ref
// RUN: diff %t.ref %t.strata
// RUN: strata-opt --mlir-print-ir-module-scope --mlir-disable-threading -cse %s > %t.s2
// RUN: mlir-opt --mlir-print-ir-module-scope --mlir-disable-threading -cse %s > %t.r2
// RUN: diff %t.r2 %t.s2
// --mlir-print-ir-module-scope is refused as mlir-opt refuses it without
// --mlir-disable-threading; with it and no dump asked for, the output is
// mlir-opt's. (print-ir-module-scope-dump.mlir: the dumps themselves.)

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
