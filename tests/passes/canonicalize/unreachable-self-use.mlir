// RUN: strata-opt %s | FileCheck %s --check-prefix=PARSE
// RUN: strata-opt %s | mlir-opt --mlir-print-op-generic > %t.strata0
// RUN: mlir-opt %s --mlir-print-op-generic > %t.ref0
// RUN: diff %t.ref0 %t.strata0
// RUN: strata-opt -canonicalize %s | FileCheck %s
// RUN: strata-opt -canonicalize %s | mlir-opt --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -canonicalize %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata
// Dominance is not checked in unreachable blocks, where an op may use its
// own result or a value defined later (mlir-opt's verifier checks reachable
// blocks only). The canonicalizer erases such blocks before any pattern sees
// them (upstream's arith canonicalize test `@unreachable`). A self use in a
// reachable block is still an error (tests/invalid/verify-dominance.mlir).
// CHECK lines reviewed against mlir-opt 22.

// PARSE-LABEL: func.func @unreachable()
// PARSE: %0 = arith.addi %0, %c1_i64 : i64
// PARSE: %1 = arith.muli %2, %2 : i64
// PARSE-NEXT: %2 = arith.subi %1, %1 : i64
// CHECK-LABEL: func.func @unreachable()
// CHECK-NEXT: return
// CHECK-NOT: arith
func.func @unreachable() {
  return
^unreachable:
  %c1_i64 = arith.constant 1 : i64
  %add = arith.addi %add, %c1_i64 : i64
  cf.br ^later
^later:
  %m = arith.muli %s, %s : i64
  %s = arith.subi %m, %m : i64
  cf.br ^unreachable
}
