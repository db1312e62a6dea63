// Isolated-from-above ops: every function has its own table, nothing is
// shared across functions or with the module body; results do not depend
// on threading.
// RUN: strata-opt -cse -split-input-file --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt -cse -split-input-file --allow-unregistered-dialect %s > %t.strata && mlir-opt -cse -split-input-file --allow-unregistered-dialect %s > %t.ref && diff %t.ref %t.strata
// RUN: strata-opt -cse -split-input-file --allow-unregistered-dialect --mlir-disable-threading %s > %t.serial && diff %t.strata %t.serial
// RUN: mlir-opt -split-input-file --allow-unregistered-dialect --mlir-print-op-generic %t.strata > %t.strata.gen && mlir-opt -cse -split-input-file --allow-unregistered-dialect --mlir-print-op-generic %s > %t.ref.gen && diff %t.ref.gen %t.strata.gen

// CHECK-LABEL: func.func @f(
// CHECK-NEXT:    %[[C:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg0, %[[C]] : i32
// CHECK-NEXT:    return %[[S]], %[[S]]
// CHECK-LABEL: func.func @g(
// CHECK-NEXT:    %[[C:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg0, %[[C]] : i32
// CHECK-NEXT:    return %[[S]], %[[S]]
// CHECK-LABEL: func.func @h(
// CHECK-NEXT:    %[[C:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    return %[[C]]
func.func @f(%a: i32) -> (i32, i32) {
  %0 = arith.constant 5 : i32
  %1 = arith.addi %a, %0 : i32
  %2 = arith.constant 5 : i32
  %3 = arith.addi %a, %2 : i32
  return %1, %3 : i32, i32
}
func.func @g(%a: i32) -> (i32, i32) {
  %0 = arith.constant 5 : i32
  %1 = arith.addi %a, %0 : i32
  %2 = arith.addi %a, %0 : i32
  return %1, %2 : i32, i32
}
func.func @h() -> i32 {
  %0 = arith.constant 5 : i32
  return %0 : i32
}

// -----

// The module body is a graph region; its constants are CSE'd there, and
// the functions see none of them.
// CHECK:       module {
// CHECK-NEXT:    %[[M:.*]] = arith.constant 9 : i64
// CHECK-NEXT:    "test.keep"(%[[M]], %[[M]])
// CHECK-NEXT:    func.func @inner()
// CHECK-NEXT:      %[[I:.*]] = arith.constant 9 : i64
// CHECK-NEXT:      arith.addi %[[I]], %[[I]] : i64
%m0 = arith.constant 9 : i64
%m1 = arith.constant 9 : i64
"test.keep"(%m0, %m1) : (i64, i64) -> ()
func.func @inner() -> i64 {
  %0 = arith.constant 9 : i64
  %1 = arith.constant 9 : i64
  %2 = arith.addi %0, %1 : i64
  return %2 : i64
}

// -----

// CHECK-LABEL: module @outer {
// CHECK-NEXT:    module @nested {
// CHECK-NEXT:      func.func @deep(
// CHECK-NEXT:        %[[D:.*]] = arith.muli %arg0, %arg0 : index
// CHECK-NEXT:        arith.addi %[[D]], %[[D]] : index
// CHECK:         func.func @shallow(
// CHECK-NEXT:      %[[S:.*]] = arith.muli %arg0, %arg0 : index
// CHECK-NEXT:      arith.addi %[[S]], %[[S]] : index
module @outer {
  module @nested {
    func.func @deep(%a: index) -> index {
      %0 = arith.muli %a, %a : index
      %1 = arith.muli %a, %a : index
      %2 = arith.addi %0, %1 : index
      return %2 : index
    }
  }
  func.func @shallow(%a: index) -> index {
    %0 = arith.muli %a, %a : index
    %1 = arith.muli %a, %a : index
    %2 = arith.addi %0, %1 : index
    return %2 : index
  }
}

// -----

// A function inside an unregistered op's region is still simplified.
// CHECK:       "test.container"() ({
// CHECK-NEXT:    func.func @in_container(
// CHECK-NEXT:      %[[O:.*]] = arith.ori %arg0, %arg0 : i32
// CHECK-NEXT:      arith.andi %[[O]], %[[O]] : i32
"test.container"() ({
  func.func @in_container(%a: i32) -> i32 {
    %0 = arith.ori %a, %a : i32
    %1 = arith.ori %a, %a : i32
    %2 = arith.andi %0, %1 : i32
    return %2 : i32
  }
  "test.end"() : () -> ()
}) : () -> ()
