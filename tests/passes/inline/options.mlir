// Options as mlir-opt prints them, and their effect.
// RUN: strata-opt -inline --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: mlir-opt -inline --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: inline{default-pipeline=canonicalize inlining-threshold=4294967295 max-iterations=4 }
// RUN: strata-opt -inline='default-pipeline= max-iterations=2 inlining-threshold=50' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CUSTOM
// RUN: mlir-opt -inline='default-pipeline= max-iterations=2 inlining-threshold=50' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CUSTOM
// CUSTOM: inline{default-pipeline= inlining-threshold=50 max-iterations=2 }

// A zero threshold inlines nothing; a threshold of 100% inlines callees no
// bigger than the caller.
// RUN: strata-opt -inline='default-pipeline= inlining-threshold=0' %s | FileCheck %s --check-prefix=ZERO
// RUN: mlir-opt -inline='default-pipeline= inlining-threshold=0' %s | FileCheck %s --check-prefix=ZERO
// ZERO-LABEL: func.func @caller
// ZERO-NEXT: call @small
// ZERO-NEXT: call @big
// RUN: strata-opt -inline='default-pipeline= inlining-threshold=100' %s | FileCheck %s --check-prefix=HUNDRED
// RUN: strata-opt -inline='default-pipeline= inlining-threshold=100' %s | mlir-opt --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -inline='default-pipeline= inlining-threshold=100' %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata
// HUNDRED-LABEL: func.func @caller
// HUNDRED-NEXT: arith.addi
// HUNDRED-NEXT: call @big

func.func private @small(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func private @big(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.subi %1, %0 : i32
  %3 = arith.xori %2, %1 : i32
  return %3 : i32
}
func.func @caller(%x: i32) -> i32 {
  %0 = call @small(%x) : (i32) -> i32
  %1 = call @big(%0) : (i32) -> i32
  return %1 : i32
}
