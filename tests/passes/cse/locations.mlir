// The surviving op takes the duplicate's location when its own is unknown.
// Locations are printed inline (--mlir-print-local-scope): strata-opt does
// not print location aliases yet. With local scope mlir-opt also drops the
// blank line before each split marker, so blank lines are dropped first.
// RUN: strata-opt -cse -split-input-file --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope %s | FileCheck %s
// RUN: strata-opt -cse -split-input-file --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope %s > %t.strata && mlir-opt -cse -split-input-file --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope %s > %t.ref
// RUN: grep -v '^$' %t.ref > %t.ref.nb && grep -v '^$' %t.strata > %t.strata.nb && diff %t.ref.nb %t.strata.nb
// RUN: strata-opt -cse -split-input-file --allow-unregistered-dialect --mlir-print-debuginfo %s > %t.strata.alias
// RUN: mlir-opt -split-input-file --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic %t.strata.alias > %t.strata.gen && mlir-opt -cse -split-input-file --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic %s > %t.ref.gen && diff %t.ref.gen %t.strata.gen

// CHECK-LABEL: func.func @unknown_takes_known(
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg0 : i32 loc("b.mlir":2:3)
// CHECK-NEXT:    return %[[A]], %[[A]] : i32, i32
func.func @unknown_takes_known(%a: i32) -> (i32, i32) {
  %0 = arith.addi %a, %a : i32 loc(unknown)
  %1 = arith.addi %a, %a : i32 loc("b.mlir":2:3)
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: func.func @known_kept(
// CHECK-NEXT:    arith.addi %arg0, %arg0 : i32 loc("a.mlir":1:1)
// CHECK-NEXT:    return
func.func @known_kept(%a: i32) -> (i32, i32) {
  %0 = arith.addi %a, %a : i32 loc("a.mlir":1:1)
  %1 = arith.addi %a, %a : i32 loc("b.mlir":2:3)
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: func.func @both_unknown(
// CHECK-NEXT:    arith.addi %arg0, %arg0 : i32 loc(unknown)
// CHECK-NEXT:    return
func.func @both_unknown(%a: i32) -> (i32, i32) {
  %0 = arith.addi %a, %a : i32 loc(unknown)
  %1 = arith.addi %a, %a : i32 loc(unknown)
  return %0, %1 : i32, i32
} loc("f.mlir":1:1)

// -----

// Any known kind of location is taken (here a name location), and the
// first duplicate with one wins.
// CHECK-LABEL: func.func @first_known_wins(
// CHECK-NEXT:    arith.subi %arg0, %arg0 : i32 loc("named")
// CHECK-NEXT:    return
func.func @first_known_wins(%a: i32) -> (i32, i32, i32) {
  %0 = arith.subi %a, %a : i32 loc(unknown)
  %1 = arith.subi %a, %a : i32 loc("named")
  %2 = arith.subi %a, %a : i32 loc("c.mlir":9:9)
  return %0, %1, %2 : i32, i32, i32
}

// -----

// In a graph region the location moves even when the duplicate stays.
// CHECK-LABEL: func.func @graph_region_location(
// CHECK:         arith.muli {{.*}} loc("g.mlir":3:3)
// CHECK-NEXT:    arith.constant 1 : i32 loc("g.mlir":3:3)
// CHECK-NEXT:    arith.constant 1 : i32 loc("g.mlir":3:3)
func.func @graph_region_location() {
  "test.graph"() ({
    %m = arith.muli %q, %q : i32 loc("g.mlir":3:3)
    %p = arith.constant 1 : i32 loc(unknown)
    %q = arith.constant 1 : i32 loc("g.mlir":3:3)
    "test.use"(%m, %p, %q) : (i32, i32, i32) -> () loc("g.mlir":3:3)
  }) : () -> () loc("g.mlir":3:3)
  return loc("g.mlir":3:3)
} loc("g.mlir":3:3)
