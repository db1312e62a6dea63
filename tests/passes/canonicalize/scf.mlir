// RUN: strata-opt -canonicalize %s > %t.s && mlir-opt -canonicalize %s > %t.r && diff %t.r %t.s
// RUN: strata-opt -canonicalize %s | FileCheck %s
// Issue 15: scf canonicalization as upstream's SCF.cpp patterns: iter_args
// yielded unchanged or unused are dropped, loops with equal or constant
// bounds that never run are their inits, a step covering the span inlines
// the body, an empty body yields from outside; ifs on constants inline a
// branch, unused results go, results yielded from outside become selects,
// the condition is propagated into the branches, true/false yields become
// the condition or its negation, an empty else goes. Expected output is
// mlir-opt's, produced at test time.

// CHECK-LABEL: func.func @zero_trip(
// CHECK-NOT: scf.for
// CHECK-LABEL: func.func @single_trip(
// CHECK-NOT: scf.for
// CHECK-LABEL: func.func @if_const(
// CHECK-NOT: scf.if
// CHECK-LABEL: func.func @if_unused(
// CHECK: arith.select
func.func @iter_unchanged(%lb: index, %ub: index, %s: index, %x: f32, %y: f32) -> (f32, f32) {
  %r:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %x, %b = %y) -> (f32, f32) {
    %n = arith.addf %b, %b : f32
    scf.yield %a, %n : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}
func.func @unused_result(%lb: index, %ub: index, %s: index, %x: f32, %y: f32, %m: memref<f32>) -> f32 {
  %r:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %x, %b = %y) -> (f32, f32) {
    %n = arith.addf %b, %b : f32
    %k = arith.mulf %a, %a : f32
    memref.store %n, %m[] : memref<f32>
    scf.yield %k, %n : f32, f32
  }
  return %r#0 : f32
}
func.func @zero_trip(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c4 to %c0 step %c1 iter_args(%a = %x) -> (f32) {
    %n = arith.addf %a, %a : f32
    scf.yield %n : f32
  }
  return %r : f32
}
func.func @single_trip(%x: f32, %m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c1 to %c4 step %c4 iter_args(%a = %x) -> (f32) {
    %v = memref.load %m[%i] : memref<4xf32>
    %n = arith.addf %a, %v : f32
    scf.yield %n : f32
  }
  return %r : f32
}
func.func @if_const(%x: f32, %y: f32) -> (f32, f32) {
  %t = arith.constant true
  %f = arith.constant false
  %a = scf.if %t -> (f32) {
    %n = arith.addf %x, %y : f32
    scf.yield %n : f32
  } else {
    scf.yield %y : f32
  }
  %b = scf.if %f -> (f32) {
    scf.yield %x : f32
  } else {
    %n = arith.mulf %x, %y : f32
    scf.yield %n : f32
  }
  return %a, %b : f32, f32
}
func.func @if_unused(%c: i1, %x: f32, %y: f32, %m: memref<f32>) -> f32 {
  %a:2 = scf.if %c -> (f32, f32) {
    %n = arith.addf %x, %y : f32
    memref.store %n, %m[] : memref<f32>
    scf.yield %n, %x : f32, f32
  } else {
    %n = arith.mulf %x, %y : f32
    memref.store %n, %m[] : memref<f32>
    scf.yield %n, %y : f32, f32
  }
  return %a#1 : f32
}
func.func @lb_plus_c(%lb: index, %m: memref<?xf32>, %x: f32) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %ub = arith.addi %lb, %c3 : index
  scf.for %i = %lb to %ub step %c4 {
    memref.store %x, %m[%i] : memref<?xf32>
  }
  return
}
func.func @empty_body(%lb: index, %x: f32, %y: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c2 = arith.constant 2 : index
  %r:2 = scf.for %i = %c0 to %c10 step %c2 iter_args(%a = %x, %b = %y) -> (f32, f32) {
    scf.yield %y, %x : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}
func.func @same_bounds(%lb: index, %x: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %lb to %lb step %c1 iter_args(%a = %x) -> (i32) {
    %n = arith.addi %a, %a : i32
    scf.yield %n : i32
  }
  return %r : i32
}
func.func @i32_loop(%n: i32, %x: i64, %m: memref<i64>) -> i64 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x) -> (i64, i64) : i32 {
    %e = arith.extsi %i : i32 to i64
    %s = arith.addi %a, %e : i64
    memref.store %s, %m[] : memref<i64>
    scf.yield %s, %b : i64, i64
  }
  return %r#1 : i64
}
func.func @propagate(%c: i1, %m: memref<i1>) {
  scf.if %c {
    memref.store %c, %m[] : memref<i1>
  } else {
    memref.store %c, %m[] : memref<i1>
  }
  return
}
func.func @yield_bools(%c: i1, %x: f32, %m: memref<f32>) -> (i1, i1, f32) {
  %r:3 = scf.if %c -> (i1, i1, f32) {
    %t = arith.constant true
    %f = arith.constant false
    %n = arith.addf %x, %x : f32
    memref.store %n, %m[] : memref<f32>
    scf.yield %t, %f, %n : i1, i1, f32
  } else {
    %t = arith.constant true
    %f = arith.constant false
    scf.yield %f, %t, %x : i1, i1, f32
  }
  return %r#0, %r#1, %r#2 : i1, i1, f32
}
func.func @empty_else(%c: i1, %m: memref<f32>, %x: f32) {
  scf.if %c {
    memref.store %x, %m[] : memref<f32>
  } else {
  }
  return
}
func.func @nested_results(%c: i1, %d: i1, %x: f32, %y: f32, %m: memref<f32>) -> f32 {
  %r = scf.if %c -> (f32) {
    %inner = scf.if %d -> (f32) {
      %s = arith.addf %x, %y : f32
      memref.store %s, %m[] : memref<f32>
      scf.yield %s : f32
    } else {
      scf.yield %y : f32
    }
    scf.yield %inner : f32
  } else {
    %p = arith.mulf %x, %y : f32
    scf.yield %p : f32
  }
  return %r : f32
}
func.func @negated(%c: i1, %x: f32, %y: f32, %m: memref<f32>) -> f32 {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  %r = scf.if %n -> (f32) {
    %a = arith.addf %x, %y : f32
    memref.store %a, %m[] : memref<f32>
    scf.yield %a : f32
  } else {
    %b = arith.mulf %x, %y : f32
    scf.yield %b : f32
  }
  return %r : f32
}

// A constant step that is zero or negative (signed, also in an unsigned loop):
// the loop never runs and is its inits.
// CHECK-LABEL: func.func @zero_step(
// CHECK-NOT: scf.for
// CHECK-LABEL: func.func @neg_step(
// CHECK-NOT: scf.for
func.func @zero_step_i32(%x: i32, %y: i32, %w: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = scf.for %i = %y to %w step %c0 iter_args(%a = %y) -> (i32) : i32 {
    scf.yield %x : i32
  }
  return %r : i32
}
func.func @zero_step(%x: index, %y: index, %w: index) -> index {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %y to %w step %c0 iter_args(%a = %y) -> (index) {
    scf.yield %x : index
  }
  return %r : index
}
func.func @zero_step_no_results(%x: index, %y: index, %w: index, %m: memref<?xindex>) {
  %c0 = arith.constant 0 : index
  scf.for %i = %y to %w step %c0 {
    memref.store %x, %m[%i] : memref<?xindex>
  }
  return
}
func.func @neg_step(%x: i32, %y: i32, %w: i32) -> i32 {
  %c = arith.constant -2 : i32
  %r = scf.for %i = %y to %w step %c iter_args(%a = %y) -> (i32) : i32 {
    scf.yield %x : i32
  }
  return %r : i32
}
func.func @neg_unsigned(%x: i32, %y: i32, %w: i32) -> i32 {
  %c = arith.constant -2 : i32
  %r = scf.for unsigned %i = %y to %w step %c iter_args(%a = %y) -> (i32) : i32 {
    scf.yield %x : i32
  }
  return %r : i32
}
func.func @zero_unsigned(%x: i32, %y: i32, %w: i32) -> i32 {
  %c = arith.constant 0 : i32
  %r = scf.for unsigned %i = %y to %w step %c iter_args(%a = %y) -> (i32) : i32 {
    scf.yield %x : i32
  }
  return %r : i32
}
func.func @neg_const(%x: i32) -> i32 {
  %c = arith.constant -2 : i32
  %lb = arith.constant 5 : i32
  %ub = arith.constant 9 : i32
  %r = scf.for %i = %lb to %ub step %c iter_args(%a = %x) -> (i32) : i32 {
    %z = arith.addi %a, %i : i32
    scf.yield %z : i32
  }
  return %r : i32
}
