// IR dumps around passes (--mlir-print-ir-*) go to stderr in mlir-opt's
// format: one dump per op the pass ran on, the op printed alone.

// RUN: strata-opt --pass-pipeline='builtin.module(func.func(canonicalize))' --mlir-print-ir-after-all --mlir-disable-threading %s -o /dev/null 2> %t.s
// RUN: mlir-opt --pass-pipeline='builtin.module(func.func(canonicalize))' --mlir-print-ir-after-all --mlir-disable-threading %s -o /dev/null 2> %t.m
// RUN: diff %t.m %t.s

// Threads do not reorder the dumps.
// RUN: strata-opt --pass-pipeline='builtin.module(func.func(canonicalize))' --mlir-print-ir-after-all %s -o /dev/null 2> %t.t
// RUN: diff %t.m %t.t

// RUN: strata-opt -canonicalize --mlir-print-ir-before=canonicalize %s -o /dev/null 2> %t.s2
// RUN: mlir-opt -canonicalize --mlir-print-ir-before=canonicalize %s -o /dev/null 2> %t.m2
// RUN: diff %t.m2 %t.s2

// RUN: strata-opt -canonicalize --mlir-print-ir-before-all --mlir-print-op-generic %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=GENERIC
// GENERIC: // -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC: "func.func"() <{function_type = (i32, i1) -> i32, sym_name = "dead_block"}> ({

// --mlir-print-ir-after-change filters the "After" dumps that
// --mlir-print-ir-after-all or --mlir-print-ir-after select: only the
// function that changed is dumped.
// RUN: strata-opt --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --mlir-print-ir-after-all --mlir-print-ir-after-change %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// CHANGE: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHANGE-NEXT: func.func @dead_block
// CHANGE-NOT: IR Dump
// RUN: strata-opt --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --mlir-print-ir-after-all --mlir-print-ir-after-change %s -o /dev/null 2> %t.s3
// RUN: mlir-opt --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --mlir-print-ir-after-all --mlir-print-ir-after-change %s -o /dev/null 2> %t.m3
// RUN: diff %t.m3 %t.s3
// RUN: strata-opt -canonicalize -cse --mlir-print-ir-after=cse,canonicalize --mlir-print-ir-after-change %s -o /dev/null 2> %t.s4
// RUN: mlir-opt -canonicalize -cse --mlir-print-ir-after=cse,canonicalize --mlir-print-ir-after-change %s -o /dev/null 2> %t.m4
// RUN: diff %t.m4 %t.s4
// On its own it selects nothing, so nothing is dumped.
// RUN: strata-opt -canonicalize --mlir-print-ir-after-change %s -o /dev/null 2> %t.s5
// RUN: mlir-opt -canonicalize --mlir-print-ir-after-change %s -o /dev/null 2> %t.m5
// RUN: diff %t.m5 %t.s5
// RUN: not test -s %t.s5

func.func @dead_block(%a: i32, %c: i1) -> i32 {
  cf.br ^bb2(%a : i32)
^bb1:
  cf.br ^bb2(%a : i32)
^bb2(%r: i32):
  return %r : i32
}

func.func @unchanged(%a: i32) -> i32 {
  return %a : i32
}
