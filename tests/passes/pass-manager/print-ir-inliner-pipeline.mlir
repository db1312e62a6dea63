// The inliner runs its optimizer pipeline (canonicalize by default) on each
// callable as a nested pipeline; as in mlir-opt, that pipeline's passes are
// dumped under --mlir-print-ir-* too, in order, between the inliner's own
// "Before" and "After" dumps.

// RUN: strata-opt -inline --mlir-print-ir-before-all %s -o /dev/null 2> %t.s
// RUN: mlir-opt -inline --mlir-print-ir-before-all %s -o /dev/null 2> %t.m
// RUN: diff %t.m %t.s
// RUN: strata-opt -inline --mlir-print-ir-after-all %s -o /dev/null 2> %t.s2
// RUN: mlir-opt -inline --mlir-print-ir-after-all %s -o /dev/null 2> %t.m2
// RUN: diff %t.m2 %t.s2
// RUN: strata-opt -inline --mlir-print-ir-after-all --mlir-print-ir-after-change %s -o /dev/null 2> %t.s3
// RUN: mlir-opt -inline --mlir-print-ir-after-all --mlir-print-ir-after-change %s -o /dev/null 2> %t.m3
// RUN: diff %t.m3 %t.s3
// RUN: strata-opt '-inline=default-pipeline=cse' --mlir-print-ir-before=cse %s -o /dev/null 2> %t.s4
// RUN: mlir-opt '-inline=default-pipeline=cse' --mlir-print-ir-before=cse %s -o /dev/null 2> %t.m4
// RUN: diff %t.m4 %t.s4
// RUN: FileCheck %s < %t.s
// CHECK: IR Dump Before Inliner (inline)
// CHECK: IR Dump Before Canonicalizer (canonicalize)
// CHECK-NEXT: func.func private @callee

func.func private @callee(%a: i32) -> i32 {
  %c = arith.constant 0 : i32
  %0 = arith.addi %a, %c : i32
  return %0 : i32
}

func.func @caller(%a: i32) -> i32 {
  %0 = call @callee(%a) : (i32) -> i32
  %1 = call @callee(%0) : (i32) -> i32
  return %1 : i32
}
