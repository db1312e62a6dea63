// RUN: strata-opt -canonicalize %s --split-input-file --allow-unregistered-dialect > %t.s
// RUN: mlir-opt -canonicalize %s --split-input-file --allow-unregistered-dialect > %t.r
// RUN: diff %t.r %t.s
// RUN: FileCheck %s < %t.s
// scf.while canonicalization, upstream's nine patterns: loop-invariant
// before-arguments and condition values replaced by what they stand for,
// the condition forwarded into the after block is true (and a cmpi
// repeating the condition's is true or false), unused results, duplicated
// results and unused arguments removed, condition values aligned with the
// before-arguments, and an scf.if on the loop condition moved down into the
// after block. Expected output is mlir-opt's, produced at test time.
// mlir-opt 22 removes several kinds of redundant loop values in one rewrite
// (a loop whose invariant before-arguments also carry equal values, a
// condition forwarded next to an unused result) where these patterns take
// several steps and end differently; such loops are not pinned here.

// CHECK-LABEL: func.func @move_if_down(
// CHECK:         %[[W:.*]]:3 = scf.while : () -> (i32, i32, i32) {
// CHECK:           scf.condition(%{{.*}}) %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i32
// CHECK:         } do {
// CHECK-NEXT:    ^bb0(%{{.*}}: i32, %[[USED:.*]]: i32, %[[SUB:.*]]: i32):
// CHECK-NEXT:      "test.use0"(%arg0) : (i32) -> ()
// CHECK-NEXT:      "test.use1"(%[[USED]]) : (i32) -> ()
// CHECK:           "test.use2"(%[[SUB]]) : (i32) -> ()
// CHECK:         return %[[W]]#0 : i32
func.func @move_if_down(%outside: i32) -> i32 {
  %0 = scf.while () : () -> (i32) {
    %used = "test.get_some_value1"() : () -> (i32)
    %sub = "test.get_some_value2"() : () -> (i32)
    %else = "test.get_some_value3"() : () -> (i32)
    %cond = "test.condition"() : () -> i1
    %res = scf.if %cond -> (i32) {
      "test.use0"(%outside) : (i32) -> ()
      "test.use1"(%used) : (i32) -> ()
      "test.region"() ({
        "test.use2"(%sub) : (i32) -> ()
      }) : () -> ()
      %then = "test.get_some_value4"() : () -> (i32)
      scf.yield %then : i32
    } else {
      scf.yield %else : i32
    }
    scf.condition(%cond) %res : i32
  } do {
  ^bb0(%arg: i32):
    "test.use3"(%arg) : (i32) -> ()
    scf.yield
  }
  return %0 : i32
}

// -----

// CHECK-LABEL: func.func @invariant_different_order(
func.func @invariant_different_order(%arg : i32) -> (i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0:6 = scf.while (%a0 = %c0, %a1 = %c1, %a2 = %c1, %a3 = %c1, %a4 = %c0) : (i32, i32, i32, i32, i32) -> (i32, i32, i32, i32, i32, i32) {
    %1 = arith.cmpi slt, %a0, %arg : i32
    scf.condition(%1) %a1, %a0, %a2, %a0, %a3, %a4 : i32, i32, i32, i32, i32, i32
  } do {
  ^bb0(%b0: i32, %b1: i32, %b2: i32, %b3: i32, %b4: i32, %b5: i32):
    %1 = arith.addi %b0, %c1 : i32
    %2 = arith.addi %b2, %b3 : i32
    scf.yield %b3, %b1, %2, %2, %b4 : i32, i32, i32, i32, i32
  }
  return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : i32, i32, i32, i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @unused_and_duplicates(
// CHECK:         %[[W:.*]] = scf.while : () -> i32 {
// CHECK:         return %[[W]], %[[W]] : i32, i32
func.func @unused_and_duplicates(%x: i32, %y: f64) -> (i32, i32) {
  %0:3 = scf.while (%a = %x, %b = %y) : (i32, f64) -> (i32, i32, i64) {
    %v = "test.val"() : () -> i32
    %w = "test.val"() : () -> i64
    %c = "test.condition"() : () -> i1
    scf.condition(%c) %v, %v, %w : i32, i32, i64
  } do {
  ^bb0(%p: i32, %q: i32, %r: i64):
    "test.use"(%p, %q) : (i32, i32) -> ()
    %next = "test.next"() : () -> i32
    scf.yield %next, %y : i32, f64
  }
  return %0#0, %0#1 : i32, i32
}

// -----

// CHECK-LABEL: func.func @align(
// CHECK:         %[[R:.*]]:3 = scf.while (%[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}, %[[C:.*]] = %{{.*}}) : (f32, i32, i64) -> (f32, i32, i64) {
// CHECK:           scf.condition(%{{.*}}) %[[A]], %[[B]], %[[C]] : f32, i32, i64
// CHECK:         return %[[R]]#2, %[[R]]#0, %[[R]]#1
func.func @align() -> (i64, f32, i32) {
  %0 = "test.test"() : () -> (f32)
  %1 = "test.test"() : () -> (i32)
  %2 = "test.test"() : () -> (i64)
  %3:3 = scf.while (%arg0 = %0, %arg1 = %1, %arg2 = %2) : (f32, i32, i64) -> (i64, f32, i32) {
    %cond = "test.test"() : () -> (i1)
    scf.condition(%cond) %arg2, %arg0, %arg1 : i64, f32, i32
  } do {
  ^bb0(%arg3: i64, %arg4: f32, %arg5: i32):
    %4 = "test.test"(%arg3) : (i64) -> (f32)
    %5 = "test.test"(%arg4) : (f32) -> (i32)
    %6 = "test.test"(%arg5) : (i32) -> (i64)
    scf.yield %4, %5, %6 : f32, i32, i64
  } attributes {dropped}
  return %3#0, %3#1, %3#2 : i64, f32, i32
}
