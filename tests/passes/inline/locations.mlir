// Inlined ops get callsite locations: `callsite(callee loc at call loc)`,
// extended at the end of the chain when inlined again.
// RUN: strata-opt -inline='default-pipeline=' %s --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s
// RUN: strata-opt -inline='default-pipeline=' %s --mlir-print-debuginfo | mlir-opt --mlir-print-debuginfo --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -inline='default-pipeline=' %s --mlir-print-debuginfo --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata

// CHECK-LABEL: func.func @outer
// CHECK-NEXT: arith.constant 5 : i32 loc(callsite("leaf.c":1:1 at callsite("mid.c":2:2 at "outer.c":3:3)))
// CHECK-NEXT: arith.addi {{.*}} loc(callsite("mid.c":4:4 at "outer.c":3:3))
// CHECK-NEXT: arith.muli {{.*}} loc(callsite(unknown at "outer.c":5:5))
// CHECK-NEXT: arith.subi {{.*}} loc("outer.c":6:6)
func.func private @leaf() -> i32 {
  %c5 = arith.constant 5 : i32 loc("leaf.c":1:1)
  return %c5 : i32 loc("leaf.c":1:2)
}
func.func private @mid(%a: i32) -> i32 {
  %0 = call @leaf() : () -> i32 loc("mid.c":2:2)
  %1 = arith.addi %0, %a : i32 loc("mid.c":4:4)
  return %1 : i32 loc("mid.c":4:5)
}
func.func private @unknown_loc(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32 loc(unknown)
  return %0 : i32 loc(unknown)
}
func.func @outer(%x: i32) -> i32 {
  %0 = call @mid(%x) : (i32) -> i32 loc("outer.c":3:3)
  %1 = call @unknown_loc(%0) : (i32) -> i32 loc("outer.c":5:5)
  %2 = arith.subi %1, %0 : i32 loc("outer.c":6:6)
  return %2 : i32 loc("outer.c":7:7)
}

// A call at an unknown location leaves the inlined locations alone.
// CHECK-LABEL: func.func @unknown_call
// CHECK-NEXT: arith.constant 5 : i32 loc("leaf.c":1:1)
func.func @unknown_call() -> i32 {
  %0 = call @leaf() : () -> i32 loc(unknown)
  return %0 : i32
}
