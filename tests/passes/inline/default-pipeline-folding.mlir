// The default optimization pipeline (canonicalize) folding inlined code.
// Needs the arith folders in canonicalize (listed in known-failures.txt).
// RUN: strata-opt -split-input-file -inline %s | FileCheck %s
// RUN: strata-opt -split-input-file -inline %s | mlir-opt -split-input-file --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -split-input-file -inline %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata

// Constants flow into the inlined body and fold.
// CHECK-LABEL: func.func @fold_after_inline
// CHECK-NEXT: %[[C:.*]] = arith.constant 12 : i32
// CHECK-NEXT: return %[[C]]
func.func private @scale(%a: i32, %b: i32) -> i32 {
  %0 = arith.muli %a, %b : i32
  return %0 : i32
}
func.func @fold_after_inline() -> i32 {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %0 = call @scale(%c3, %c4) : (i32, i32) -> i32
  return %0 : i32
}

// -----

// Callees are canonicalized too, public ones included, and before they are
// inlined.
// CHECK-LABEL: func.func @identity
// CHECK-NEXT: return %arg0
// CHECK-LABEL: func.func @use_identity
// CHECK-NEXT: return %arg0
func.func @identity(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  return %0 : i32
}
func.func @use_identity(%x: i32) -> i32 {
  %0 = call @identity(%x) : (i32) -> i32
  return %0 : i32
}

// -----

// Dead results of inlined code disappear; a chain folds to one constant.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[C:.*]] = arith.constant 10 : i32
// CHECK-NEXT: return %[[C]]
func.func private @inc(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  %unused = arith.muli %a, %a : i32
  return %0 : i32
}
func.func private @inc3(%a: i32) -> i32 {
  %0 = call @inc(%a) : (i32) -> i32
  %1 = call @inc(%0) : (i32) -> i32
  %2 = call @inc(%1) : (i32) -> i32
  return %2 : i32
}
func.func @chain() -> i32 {
  %c7 = arith.constant 7 : i32
  %0 = call @inc3(%c7) : (i32) -> i32
  return %0 : i32
}

// -----

// An explicit default pipeline (cse then canonicalize).
// RUN: strata-opt -inline='default-pipeline=cse,canonicalize' %s -split-input-file | mlir-opt -split-input-file --mlir-print-op-generic > %t.strata2
// RUN: mlir-opt -inline='default-pipeline=cse,canonicalize' %s -split-input-file --mlir-print-op-generic > %t.ref2
// RUN: diff %t.ref2 %t.strata2
// CHECK-LABEL: func.func @twice_same
// CHECK-NEXT: arith.muli %arg0, %arg0
// CHECK-NEXT: arith.muli %arg0, %arg0
// CHECK-NEXT: arith.addi
func.func private @sq(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  return %0 : i32
}
func.func @twice_same(%x: i32) -> i32 {
  %0 = call @sq(%x) : (i32) -> i32
  %1 = call @sq(%x) : (i32) -> i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
