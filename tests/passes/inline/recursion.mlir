// Recursion: a self-recursive callee is never inlined; neither is a call
// between the functions of a cycle; the inline history stops a callee
// from being inlined into its own inlined copies.
// RUN: strata-opt -split-input-file -inline='default-pipeline=' %s | FileCheck %s
// RUN: strata-opt -split-input-file -inline='default-pipeline=' %s | mlir-opt -split-input-file --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -split-input-file -inline='default-pipeline=' %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata

// CHECK-LABEL: func.func private @self
// CHECK-NEXT: call @self
// CHECK-LABEL: func.func @user
// CHECK-NEXT: call @self
func.func private @self(%a: i32) -> i32 {
  %0 = call @self(%a) : (i32) -> i32
  return %0 : i32
}
func.func @user(%x: i32) -> i32 {
  %0 = call @self(%x) : (i32) -> i32
  return %0 : i32
}

// -----

// CHECK-LABEL: func.func private @ping
// CHECK: call @pong
// CHECK-LABEL: func.func private @pong
// CHECK: call @ping
// CHECK-LABEL: func.func @start
// CHECK: call @ping
func.func private @ping(%a: i32) -> i32 {
  %0 = call @pong(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @pong(%a: i32) -> i32 {
  %0 = call @ping(%a) : (i32) -> i32
  return %0 : i32
}
func.func @start(%x: i32) -> i32 {
  %0 = call @ping(%x) : (i32) -> i32
  return %0 : i32
}

// -----

// A three-function cycle: only calls whose callee has no edge back to the
// caller or itself are inlined.
// CHECK-LABEL: module
func.func @r1(%a: i32) -> i32 {
  %0 = call @r2(%a) : (i32) -> i32
  return %0 : i32
}
func.func @r2(%a: i32) -> i32 {
  %0 = call @r3(%a) : (i32) -> i32
  %1 = arith.addi %0, %a : i32
  return %1 : i32
}
func.func @r3(%a: i32) -> i32 {
  %0 = call @r1(%a) : (i32) -> i32
  %1 = arith.muli %0, %a : i32
  return %1 : i32
}
