// The default optimization pipeline (canonicalize) runs on each SCC's
// callables before inlining into them and after each round: dead code of
// callees and of inlined bodies goes.
// RUN: strata-opt -split-input-file -inline %s | FileCheck %s
// RUN: strata-opt -split-input-file -inline %s | mlir-opt -split-input-file --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -split-input-file -inline %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata

// The callee is cleaned before it is inlined, public or not.
// CHECK-LABEL: func.func @noisy
// CHECK-NEXT: arith.addi
// CHECK-NEXT: return
// CHECK-LABEL: func.func @caller
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.subi
// CHECK-NEXT: return
func.func @noisy(%a: i32) -> i32 {
  %dead = arith.muli %a, %a : i32
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func @caller(%x: i32, %y: i32) -> i32 {
  %0 = call @noisy(%x) : (i32) -> i32
  %1 = arith.subi %0, %y : i32
  return %1 : i32
}

// -----

// Unused results of an inlined call leave dead code, which goes.
// CHECK-LABEL: func.func @drop
// CHECK-NEXT: %[[A:.*]] = arith.addi %arg0, %arg0
// CHECK-NEXT: return %[[A]]
func.func private @pair(%a: i32) -> (i32, i32) {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %a, %a : i32
  return %0, %1 : i32, i32
}
func.func @drop(%x: i32) -> i32 {
  %r:2 = call @pair(%x) : (i32) -> (i32, i32)
  %u:2 = call @pair(%x) : (i32) -> (i32, i32)
  return %r#0 : i32
}

// -----

// Recursive functions are still simplified.
// CHECK-LABEL: func.func private @rec
// CHECK-NEXT: call @rec
// CHECK-NEXT: return
// CHECK-LABEL: func.func @entry
// CHECK-NEXT: call @rec
func.func private @rec(%a: i32) -> i32 {
  %dead = arith.xori %a, %a : i32
  %0 = call @rec(%a) : (i32) -> i32
  return %0 : i32
}
func.func @entry(%x: i32) -> i32 {
  %0 = call @rec(%x) : (i32) -> i32
  return %0 : i32
}
