// RUN: strata-opt -canonicalize --split-input-file %s | FileCheck %s
// RUN: strata-opt -canonicalize --split-input-file %s | mlir-opt --split-input-file --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -canonicalize --split-input-file %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata
// RUN: strata-opt '--canonicalize=max-iterations=1 region-simplify=disabled' --split-input-file %s | FileCheck %s --check-prefix=ONE
// RUN: strata-opt '--canonicalize=max-iterations=1 region-simplify=disabled' --split-input-file %s | mlir-opt --split-input-file --mlir-print-op-generic > %t.strata1
// RUN: mlir-opt '--canonicalize=max-iterations=1 region-simplify=disabled' --split-input-file %s --mlir-print-op-generic > %t.ref1
// RUN: diff %t.ref1 %t.strata1
// The greedy driver erases unreachable blocks at the start of every
// iteration, before any pattern runs and whatever the region-simplify level
// (upstream since LLVM 22). So a block branched to only from dead code has
// a single predecessor in the first iteration and is merged into its
// predecessor at once, which decides where folded constants land
// (minimised from differential cases gen:25 and gen:42). CHECK lines were
// generated with mlir-opt 22 and reviewed.

// ONE-LABEL: func.func @dead_predecessor(
// ONE-NEXT: call @sink(%arg0)
// ONE-NEXT: return
// CHECK-LABEL: func.func @dead_predecessor(
// CHECK-NEXT: call @sink(%arg0)
// CHECK-NEXT: return
func.func private @sink(i32)
func.func @dead_predecessor(%a: i32) {
    cf.br ^bb1
  ^bb1:
    func.call @sink(%a) : (i32) -> ()
    func.return
  ^bb4:
    cf.br ^bb1
}

// -----

// The constants folded from extui/sitofp in ^bb1 are created after ^bb1
// joined the entry block, so they land after the constants hoisted there.
// The single-iteration run also shows the driver's operand rule: when
// `addi %c, %c` folds, %c (used twice, but only by the erased addi) is
// re-queued and erased as dead in the same iteration.
// CHECK-LABEL: func.func @constant_order(
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %c40 = arith.constant 40 : index
// CHECK-NEXT: %cst_0 = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: call @sink(%true, %c-128_i8, %c1_i32, %c-1_i64, %c40, %cst, %cst_0)
// CHECK-NEXT: return %cst : f32
// ONE-LABEL: func.func @constant_order(
// ONE: %c1_i32 = arith.constant 1 : i32
// ONE-NEXT: %cst_3 = arith.constant 1.000000e+00 : f32
// ONE-NEXT: call @sink(%true, %c-128_i8, %c1_i32, %c-1_i64, %c40, %cst_3, %cst_1)
// ONE-NEXT: %c1_i8 = arith.constant 1 : i8
// ONE-NEXT: cf.br ^bb2(%c2199023255552, %c1_i8, %cst_2 : index, i8, f64)
// ONE-NEXT: ^bb1(%0: i64, %1: i64):  // no predecessors
func.func private @sink(i1, i8, i32, i64, index, f32, f64)
func.func @constant_order() -> f32 {
    %v1 = arith.constant true
    %v2 = arith.constant -1 : i64
    cf.cond_br %v1, ^bb1, ^bb2(%v2, %v2 : i64, i64)
  ^bb1:
    %v3 = arith.constant 1.000000e+00 : f64
    %v4 = arith.negf %v3 : f64
    %v6 = arith.constant 1 : index
    %v7 = arith.constant 40 : index
    %v8 = arith.shli %v6, %v7 : index
    %v9 = arith.constant -128 : i8
    %v15 = arith.addi %v8, %v8 : index
    %v16 = arith.constant true
    %v17 = arith.extui %v16 : i1 to i32
    %v18 = arith.sitofp %v17 : i32 to f32
    func.call @sink(%v16, %v9, %v17, %v2, %v7, %v18, %v3) : (i1, i8, i32, i64, index, f32, f64) -> ()
    %v21 = arith.trunci %v17 : i32 to i8
    cf.br ^bb3(%v15, %v21, %v4 : index, i8, f64)
  ^bb2(%v22: i64, %v23: i64):
    %v24 = arith.constant 2 : index
    %v25 = arith.constant -128 : i8
    %v26 = arith.constant 1.000000e+10 : f64
    cf.br ^bb3(%v24, %v25, %v26 : index, i8, f64)
  ^bb3(%v27: index, %v28: i8, %v29: f64):
    %v30 = arith.constant 1.000000e+00 : f32
    func.return %v30 : f32
  ^bb4(%v31: i1, %v32: i64):
    cf.br ^bb1
}
