// Statistics: num-cse'd counts replaced duplicates (even one left in place
// in a graph region), num-dce'd counts trivially dead ops; counts add up
// over all functions. mlir-opt 22 is built without LLVM statistics and
// prints an empty report, so only strata-opt's numbers are checked.
// RUN: strata-opt -cse --allow-unregistered-dialect --mlir-pass-statistics %s -o /dev/null 2>&1 | FileCheck %s
// RUN: strata-opt -cse --allow-unregistered-dialect --mlir-pass-statistics --mlir-disable-threading %s -o /dev/null 2>&1 | FileCheck %s
// RUN: strata-opt --pass-pipeline='builtin.module(func.func(cse))' --allow-unregistered-dialect --mlir-pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: strata-opt -cse --allow-unregistered-dialect %s > %t.strata && mlir-opt -cse --allow-unregistered-dialect %s > %t.ref && diff %t.ref %t.strata

// CHECK:      Pass statistics report
// CHECK:      CSE
// CHECK-NEXT:   (S) 4 num-cse'd - Number of operations CSE'd
// CHECK-NEXT:   (S) 3 num-dce'd - Number of operations DCE'd

// NESTED:      'func.func' Pipeline
// NESTED-NEXT:   CSE
// NESTED-NEXT:     (S) 3 num-cse'd - Number of operations CSE'd
// NESTED-NEXT:     (S) 3 num-dce'd - Number of operations DCE'd

// Module body: one duplicate (counted only by the module-level run).
%m0 = arith.constant 1 : i32
%m1 = arith.constant 1 : i32
"test.keep"(%m0, %m1) : (i32, i32) -> ()

// 2 CSE'd (%1, then %3 once %2 is replaced), 1 DCE'd (%dead).
func.func @a(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.addi %x, %x : i32
  %dead = arith.muli %x, %x : i32
  %2 = arith.subi %0, %x : i32
  %3 = arith.subi %1, %x : i32
  %4 = arith.xori %2, %3 : i32
  return %4 : i32
}

// 1 CSE'd (the duplicate stays: a visited user still refers to it),
// 2 DCE'd (the unused constants).
func.func @b() {
  "test.graph"() ({
    %m = arith.muli %q, %q : i32
    %p = arith.constant 1 : i32
    %q = arith.constant 1 : i32
    %u = arith.constant 2 : i32
    %v = arith.constant 3 : i32
    "test.use"(%m, %p) : (i32, i32) -> ()
  }) : () -> ()
  return
}
