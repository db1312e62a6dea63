// RUN: strata-opt -allow-unregistered-dialect -canonicalize %s > %t.s && mlir-opt -allow-unregistered-dialect -canonicalize %s > %t.r && diff %t.r %t.s
// RUN: strata-opt -allow-unregistered-dialect -canonicalize %s | FileCheck %s
// mlir-opt 22's region-branch canonicalization (upstream's
// populateRegionBranchOpInterfaceCanonicalizationPatterns) on scf.for,
// scf.while, scf.if, scf.index_switch and scf.execute_region: an
// iter_arg or result that can only hold one outside value becomes it,
// duplicate iter_args and results merge, and what is left unused goes.
// scf.parallel does not get them. Expected output is mlir-opt's, produced
// at test time.

// CHECK-LABEL: func.func @for_init_yielded(
// CHECK: scf.for
// CHECK-NOT: iter_args
// CHECK: return %arg3 : i32
func.func @for_init_yielded(%lb: index, %ub: index, %st: index, %x: i32, %y: i32) -> i32 {
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %x) -> (i32) {
    %z = arith.addi %a, %a : i32
    "test.use"(%z) : (i32) -> ()
    scf.yield %x : i32
  }
  return %r : i32
}
// CHECK-LABEL: func.func @for_swap(
// CHECK-NOT: iter_args
// CHECK: return %arg3, %arg3
func.func @for_swap(%lb: index, %ub: index, %st: index, %x: i32, %y: i32) -> (i32, i32) {
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%a = %x, %b = %x) -> (i32, i32) {
    "test.use"(%a, %b) : (i32, i32) -> ()
    scf.yield %b, %a : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
// CHECK-LABEL: func.func @for_duplicate(
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %arg3) -> (i32)
// CHECK: return %[[R]], %[[R]]
func.func @for_duplicate(%lb: index, %ub: index, %st: index, %x: i32, %y: i32) -> (i32, i32) {
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%a = %x, %b = %x) -> (i32, i32) {
    %z = arith.addi %a, %b : i32
    %w = arith.addi %z, %b : i32
    scf.yield %w, %w : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
// An iter_arg yielded unchanged goes while the yield of another one names
// it: the kept yield takes its replacement.
// CHECK-LABEL: func.func @for_yield_of_dropped(
// CHECK: scf.yield %arg2 : i32
func.func @for_yield_of_dropped(%x: index, %z: index, %y: i32, %v: i32) -> (i32, i32) {
  %r:2 = scf.for %iv = %x to %z step %x iter_args(%a = %y, %b = %v) -> (i32, i32) {
    "test.use"(%b) : (i32) -> ()
    scf.yield %a, %a : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
// CHECK-LABEL: func.func @while_duplicate(
// CHECK: scf.while (%{{.*}} = %arg0) : (i32) -> i32
func.func @while_duplicate(%x: i32, %y: i32) -> (i32, i32) {
  %r:2 = scf.while (%a = %x, %b = %x) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %a, %b : i32
    scf.condition(%c) %a, %b : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %z = arith.addi %p, %q : i32
    scf.yield %z, %z : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
// CHECK-LABEL: func.func @if_duplicate(
// CHECK: scf.if %arg2 -> (i32)
func.func @if_duplicate(%x: i32, %y: i32, %c: i1, %m: memref<?xi32>, %i: index) -> (i32, i32) {
  %r:2 = scf.if %c -> (i32, i32) {
    memref.store %x, %m[%i] : memref<?xi32>
    %z = arith.addi %x, %y : i32
    scf.yield %z, %z : i32, i32
  } else {
    scf.yield %y, %y : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
// CHECK-LABEL: func.func @switch_same_and_unused(
// CHECK: scf.index_switch %arg0 -> i32
// CHECK: return %arg1, %
func.func @switch_same_and_unused(%n: index, %x: i32, %y: i32, %m: memref<?xi32>) -> (i32, i32) {
  %r:3 = scf.index_switch %n -> i32, i32, i32
  case 1 {
    memref.store %x, %m[%n] : memref<?xi32>
    scf.yield %x, %y, %y : i32, i32, i32
  }
  default {
    scf.yield %x, %x, %x : i32, i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
// CHECK-LABEL: func.func @switch_all_same(
// CHECK-NEXT: return %arg1
func.func @switch_all_same(%n: index, %x: i32) -> i32 {
  %r = scf.index_switch %n -> i32
  case 1 {
    scf.yield %x : i32
  }
  default {
    scf.yield %x : i32
  }
  return %r : i32
}
// CHECK-LABEL: func.func @execute_region_no_inline(
// CHECK: scf.execute_region -> i32 no_inline
func.func @execute_region_no_inline(%x: i32, %m: memref<?xi32>, %i: index) -> (i32, i32) {
  %r:3 = scf.execute_region -> (i32, i32, i32) no_inline {
    memref.store %x, %m[%i] : memref<?xi32>
    %z = arith.addi %x, %x : i32
    scf.yield %z, %x, %z : i32, i32, i32
  }
  return %r#0, %r#2 : i32, i32
}
// CHECK-LABEL: func.func @parallel_untouched(
// CHECK: scf.parallel {{.*}} -> (i32, i32)
func.func @parallel_untouched(%lb: index, %ub: index, %st: index, %x: i32, %m: memref<?xi32>) -> (i32, i32) {
  %r:2 = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%x, %x) -> (i32, i32) {
    memref.store %x, %m[%i] : memref<?xi32>
    scf.reduce(%x, %x : i32, i32) {
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      scf.reduce.return %s : i32
    }, {
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      scf.reduce.return %s : i32
    }
  }
  return %r#0, %r#0 : i32, i32
}
