// Calls resolve in the nearest symbol table: functions of a nested module
// are inlined there; a nested module's private functions go too.
// RUN: strata-opt -inline='default-pipeline=' %s | FileCheck %s
// RUN: strata-opt -inline='default-pipeline=' %s | mlir-opt --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -inline='default-pipeline=' %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata

// CHECK-LABEL: module @inner
// CHECK-NOT: @helper
// CHECK: func.func @entry
// CHECK-NEXT: arith.constant 42
// CHECK-NOT: @helper
// CHECK: func.func @outer_entry
// CHECK-NEXT: arith.constant 7
func.func private @helper() -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
}
module @inner {
  func.func private @helper() -> i32 {
    %c = arith.constant 42 : i32
    return %c : i32
  }
  func.func @entry() -> i32 {
    %0 = call @helper() : () -> i32
    return %0 : i32
  }
}
func.func @outer_entry() -> i32 {
  %0 = call @helper() : () -> i32
  return %0 : i32
}

