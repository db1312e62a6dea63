// RUN: strata-opt -canonicalize --split-input-file %s | FileCheck %s
// RUN: strata-opt -canonicalize --split-input-file %s | mlir-opt --split-input-file --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -canonicalize --split-input-file %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata
// Canonicalization of arith: the DRR canonicalization patterns of ArithCanonicalization.td and SelectToExtUI.
// CHECK lines were generated with mlir-opt 22 and reviewed; the diff RUN line
// compares with mlir-opt at test time.

// CHECK-LABEL: func.func @addadd(
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c3_i32 overflow<nsw> : i32
// CHECK-NEXT: return %0 : i32
func.func @addadd(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = arith.addi %x, %c1 overflow<nsw, nuw> : i32
  %b = arith.addi %a, %c2 overflow<nsw> : i32
  return %b : i32
}

// -----

// CHECK-LABEL: func.func @subs(
// CHECK-NEXT: %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT: %c-56_i8 = arith.constant -56 : i8
// CHECK-NEXT: %0 = arith.subi %arg0, %c-56_i8 : i8
// CHECK-NEXT: %1 = arith.subi %c0_i8, %arg0 : i8
// CHECK-NEXT: %2 = arith.subi %c0_i8, %arg0 : i8
// CHECK-NEXT: %3 = arith.subi %c-56_i8, %arg0 : i8
// CHECK-NEXT: return %arg0, %0, %1, %2, %3, %arg0, %arg0 : i8, i8, i8, i8, i8, i8, i8
func.func @subs(%x: i8) -> (i8, i8, i8, i8, i8, i8, i8) {
  %c1 = arith.constant 100 : i8
  %c2 = arith.constant 100 : i8
  %a = arith.addi %x, %c1 : i8
  %r1 = arith.subi %a, %c2 : i8
  %s = arith.subi %x, %c1 : i8
  %r2 = arith.subi %s, %c2 : i8
  %t = arith.subi %c1, %x : i8
  %r3 = arith.subi %t, %c2 : i8
  %r4 = arith.subi %c2, %a : i8
  %r5 = arith.subi %c2, %s : i8
  %r6 = arith.subi %c2, %t : i8
  %u = arith.subi %x, %c1 : i8
  %r7 = arith.addi %u, %c2 : i8
  return %r1, %r2, %r3, %r4, %r5, %r6, %r7 : i8, i8, i8, i8, i8, i8, i8
}

// -----

// CHECK-LABEL: func.func @misc(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.subi %c0_i32, %arg1 : i32
// CHECK-NEXT: %2 = arith.cmpi sge, %arg0, %arg1 : i32
// CHECK-NEXT: %3 = arith.select %arg2, %arg1, %arg0 : i32
// CHECK-NEXT: %4 = arith.extui %arg2 : i1 to i32
// CHECK-NEXT: %5 = arith.xori %arg3, %true : i1
// CHECK-NEXT: %6 = arith.xori %arg2, %true : i1
// CHECK-NEXT: %7 = arith.extui %6 : i1 to i32
// CHECK-NEXT: %8 = arith.extui %arg4 : i8 to i64
// CHECK-NEXT: %9 = arith.andi %arg4, %arg5 : i8
// CHECK-NEXT: %10 = arith.extui %9 : i8 to i32
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5, %7, %8, %10, %arg4 : i32, i32, i1, i32, i32, i1, i32, i64, i32, i8
func.func @misc(%x: i32, %y: i32, %b: i1, %c: i1, %i8: i8, %j8: i8) -> (i32, i32, i1, i32, i32, i1, i32, i64, i32, i8) {
  %m1 = arith.constant -1 : i32
  %m = arith.muli %y, %m1 : i32
  %r1 = arith.addi %x, %m : i32
  %s = arith.subi %x, %y : i32
  %r2 = arith.subi %s, %x : i32
  %cmp = arith.cmpi slt, %x, %y : i32
  %true = arith.constant true
  %r3 = arith.xori %cmp, %true : i1
  %nb = arith.xori %b, %true : i1
  %r4 = arith.select %nb, %x, %y : i32
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %r5 = arith.select %b, %one, %zero : i32
  %false = arith.constant false
  %r6 = arith.select %c, %false, %true : i1
  %r7 = arith.select %b, %zero, %one : i32
  %e1 = arith.extui %i8 : i8 to i32
  %e2 = arith.extsi %e1 : i32 to i64
  %a1 = arith.extui %i8 : i8 to i32
  %a2 = arith.extui %j8 : i8 to i32
  %r9 = arith.andi %a1, %a2 : i32
  %w = arith.extsi %i8 : i8 to i64
  %r10 = arith.trunci %w : i64 to i8
  return %r1, %r2, %r3, %r4, %r5, %r6, %r7, %e2, %r9, %r10 : i32, i32, i1, i32, i32, i1, i32, i64, i32, i8
}

// -----

// CHECK-LABEL: func.func @more(
// CHECK-NEXT: %c35_i32 = arith.constant 35 : i32
// CHECK-NEXT: %c32_i64 = arith.constant 32 : i64
// CHECK-NEXT: %0 = arith.extsi %arg1 : i8 to i16
// CHECK-NEXT: %1 = arith.cmpi eq, %arg1, %arg2 : i8
// CHECK-NEXT: %2 = arith.mulf %arg3, %arg4 fastmath<fast> : f32
// CHECK-NEXT: %3 = arith.select %arg5, %arg6, %arg8 : i32
// CHECK-NEXT: %4 = arith.select %arg5, %arg6, %arg8 : i32
// CHECK-NEXT: %5 = arith.index_cast %arg9 : i32 to index
// CHECK-NEXT: %6 = arith.sitofp %arg9 : i32 to f16
// CHECK-NEXT: %7 = arith.shrui %arg0, %c32_i64 : i64
// CHECK-NEXT: %8 = arith.trunci %7 : i64 to i32
// CHECK-NEXT: %9 = arith.muli %arg6, %c35_i32 : i32
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5, %6, %8, %9 : i16, i1, f32, i32, i32, index, f16, i32, i32
func.func @more(%x: i64, %i8: i8, %j8: i8, %f: f32, %g: f32, %p: i1, %a: i32, %b: i32, %c: i32, %i: i32) -> (i16, i1, f32, i32, i32, index, f16, i32, i32) {
  %e = arith.extsi %i8 : i8 to i64
  %t = arith.trunci %e : i64 to i16
  %x1 = arith.extsi %i8 : i8 to i32
  %x2 = arith.extsi %j8 : i8 to i32
  %r2 = arith.cmpi eq, %x1, %x2 : i32
  %nf = arith.negf %f : f32
  %ng = arith.negf %g : f32
  %r3 = arith.mulf %nf, %ng fastmath<fast> : f32
  %s1 = arith.select %p, %a, %b : i32
  %r4 = arith.select %p, %s1, %c : i32
  %s2 = arith.select %p, %b, %c : i32
  %r5 = arith.select %p, %a, %s2 : i32
  %ie = arith.extsi %i : i32 to i64
  %r6 = arith.index_cast %ie : i64 to index
  %fp = arith.sitofp %i : i32 to f32
  %r7 = arith.truncf %fp : f32 to f16
  %c32 = arith.constant 32 : i64
  %sh = arith.shrsi %x, %c32 : i64
  %r8 = arith.trunci %sh : i64 to i32
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %m1 = arith.muli %a, %c5 : i32
  %r9 = arith.muli %m1, %c7 : i32
  return %t, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : i16, i1, f32, i32, i32, index, f16, i32, i32
}

// -----

// CHECK-LABEL: func.func @ext(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: %2 = arith.cmpi slt, %arg0, %c0_i32 : i32
// CHECK-NEXT: %3 = arith.extsi %2 : i1 to i64
// CHECK-NEXT: return %0, %1, %arg0, %3 : i32, i32, i32, i64
func.func @ext(%x: i32, %y: i32) -> (i32, i32, i32, i64) {
  %s, %o = arith.addui_extended %x, %y : i32, i1
  %l, %h = arith.mulsi_extended %x, %y : i32
  %one = arith.constant 1 : i32
  %l2, %h2 = arith.mulsi_extended %x, %one : i32
  %he = arith.extsi %h2 : i32 to i64
  return %s, %l, %l2, %he : i32, i32, i32, i64
}
