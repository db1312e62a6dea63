// Trivially dead ops: unused, no effects. Tested when visited, so only the
// first level of a dead chain goes; ops with effects stay.
// RUN: strata-opt -cse -split-input-file %s | FileCheck %s
// RUN: strata-opt -cse -split-input-file %s > %t.strata && mlir-opt -cse -split-input-file %s > %t.ref && diff %t.ref %t.strata
// RUN: mlir-opt -split-input-file --mlir-print-op-generic %t.strata > %t.strata.gen && mlir-opt -cse -split-input-file --mlir-print-op-generic %s > %t.ref.gen && diff %t.ref.gen %t.strata.gen

// CHECK-LABEL: func.func @unused_pure_ops(
// CHECK-NEXT:    return
func.func @unused_pure_ops(%a: i32) {
  %0 = arith.constant 7 : i32
  %1 = arith.addi %a, %a : i32
  return
}

// -----

// CHECK-LABEL: func.func @dead_chain_keeps_producers(
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:    return
func.func @dead_chain_keeps_producers(%a: i32) {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.subi %1, %a : i32
  return
}

// -----

// An unused duplicate is dead before it is a duplicate.
// CHECK-LABEL: func.func @dead_duplicate(
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %[[A]] : i32
func.func @dead_duplicate(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %0 : i32
  return %0 : i32
}

// -----

// The first copy is unused, so it is erased and the second one stays.
// CHECK-LABEL: func.func @first_copy_dead(
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %[[A]] : i32
func.func @first_copy_dead(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  return %1 : i32
}

// -----

func.func private @callee(i32) -> i32
func.func private @sink()

// Calls have unknown effects: neither dead nor duplicates.
// CHECK-LABEL: func.func @calls_stay(
// CHECK-NEXT:    %[[C0:.*]] = call @callee(%arg0)
// CHECK-NEXT:    %[[C1:.*]] = call @callee(%arg0)
// CHECK-NEXT:    call @callee(%arg0)
// CHECK-NEXT:    call @sink()
// CHECK-NEXT:    call @sink()
// CHECK-NEXT:    arith.addi %[[C0]], %[[C1]] : i32
func.func @calls_stay(%a: i32) -> i32 {
  %0 = func.call @callee(%a) : (i32) -> i32
  %1 = func.call @callee(%a) : (i32) -> i32
  %2 = func.call @callee(%a) : (i32) -> i32
  func.call @sink() : () -> ()
  func.call @sink() : () -> ()
  %3 = arith.addi %0, %1 : i32
  return %3 : i32
}

// -----

// A dead op never enters the table: the later equivalent of %1 stays (and
// %0 keeps the use by %1 until the end, so it is not dead either).
// CHECK-LABEL: func.func @dead_op_not_a_candidate(
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:    return %[[M]] : i32
func.func @dead_op_not_a_candidate(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.addi %a, %a : i32
  %3 = arith.muli %2, %2 : i32
  return %3 : i32
}
