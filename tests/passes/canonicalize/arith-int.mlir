// RUN: strata-opt -canonicalize --split-input-file %s | FileCheck %s
// RUN: strata-opt -canonicalize --split-input-file %s | mlir-opt --split-input-file --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -canonicalize --split-input-file %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata
// Canonicalization of arith: integer folds (wrap-around at i1/i8/i64/i128/index, division by zero and signed overflow left alone, shifts, identities, splats/dense, cmpi, select, extended ops).
// CHECK lines were generated with mlir-opt 22 and reviewed; the diff RUN line
// compares with mlir-opt at test time.

// CHECK-LABEL: func.func @addi_wrap_i8(
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: return %c-128_i8 : i8
func.func @addi_wrap_i8() -> i8 {
  %a = arith.constant 127 : i8
  %b = arith.constant 1 : i8
  %r = arith.addi %a, %b : i8
  return %r : i8
}

// -----

// CHECK-LABEL: func.func @addi_i1(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %false : i1
func.func @addi_i1() -> i1 {
  %a = arith.constant 1 : i1
  %r = arith.addi %a, %a : i1
  return %r : i1
}

// -----

// CHECK-LABEL: func.func @subi_i64_min(
// CHECK-NEXT: %c9223372036854775807_i64 = arith.constant 9223372036854775807 : i64
// CHECK-NEXT: return %c9223372036854775807_i64 : i64
func.func @subi_i64_min() -> i64 {
  %a = arith.constant -9223372036854775808 : i64
  %b = arith.constant 1 : i64
  %r = arith.subi %a, %b : i64
  return %r : i64
}

// -----

// CHECK-LABEL: func.func @muli_index_wrap(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: return %c0 : index
func.func @muli_index_wrap() -> index {
  %a = arith.constant 4611686018427387904 : index
  %b = arith.constant 4 : index
  %r = arith.muli %a, %b : index
  return %r : index
}

// -----

// CHECK-LABEL: func.func @wide_i128(
// CHECK-NEXT: %c-1_i128 = arith.constant -1 : i128
// CHECK-NEXT: return %c-1_i128 : i128
func.func @wide_i128() -> i128 {
  %a = arith.constant 18446744073709551615 : i128
  %b = arith.constant 18446744073709551617 : i128
  %r = arith.muli %a, %b : i128
  return %r : i128
}

// -----

// CHECK-LABEL: func.func @divisions(
// CHECK-NEXT: %c-3_i8 = arith.constant -3 : i8
// CHECK-NEXT: %c124_i8 = arith.constant 124 : i8
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %c1_i8 = arith.constant 1 : i8
// CHECK-NEXT: %c4_i8 = arith.constant 4 : i8
// CHECK-NEXT: %c125_i8 = arith.constant 125 : i8
// CHECK-NEXT: %c-4_i8 = arith.constant -4 : i8
// CHECK-NEXT: return %c-3_i8, %c124_i8, %c-1_i8, %c1_i8, %c4_i8, %c125_i8, %c-4_i8, %c-1_i8 : i8, i8, i8, i8, i8, i8, i8, i8
func.func @divisions() -> (i8, i8, i8, i8, i8, i8, i8, i8) {
  %m7 = arith.constant -7 : i8
  %two = arith.constant 2 : i8
  %m2 = arith.constant -2 : i8
  %r0 = arith.divsi %m7, %two : i8
  %r1 = arith.divui %m7, %two : i8
  %r2 = arith.remsi %m7, %two : i8
  %r3 = arith.remui %m7, %two : i8
  %r4 = arith.ceildivsi %m7, %m2 : i8
  %r5 = arith.ceildivui %m7, %two : i8
  %r6 = arith.floordivsi %m7, %two : i8
  %r7 = arith.floordivsi %two, %m7 : i8
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : i8, i8, i8, i8, i8, i8, i8, i8
}

// -----

// CHECK-LABEL: func.func @no_fold_div_zero_and_overflow(
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT: %0 = arith.divsi %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT: %1 = arith.divui %c-128_i8, %c0_i8 : i8
// CHECK-NEXT: %2 = arith.remsi %c-128_i8, %c0_i8 : i8
// CHECK-NEXT: %3 = arith.ceildivsi %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT: %4 = arith.floordivsi %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT: return %0, %1, %2, %3, %4 : i8, i8, i8, i8, i8
func.func @no_fold_div_zero_and_overflow() -> (i8, i8, i8, i8, i8) {
  %min = arith.constant -128 : i8
  %m1 = arith.constant -1 : i8
  %z = arith.constant 0 : i8
  %r0 = arith.divsi %min, %m1 : i8
  %r1 = arith.divui %min, %z : i8
  %r2 = arith.remsi %min, %z : i8
  %r3 = arith.ceildivsi %min, %m1 : i8
  %r4 = arith.floordivsi %min, %m1 : i8
  return %r0, %r1, %r2, %r3, %r4 : i8, i8, i8, i8, i8
}

// -----

// CHECK-LABEL: func.func @shifts(
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %c8_i8 = arith.constant 8 : i8
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %c1_i8 = arith.constant 1 : i8
// CHECK-NEXT: %0 = arith.shli %c-128_i8, %c8_i8 : i8
// CHECK-NEXT: return %c-1_i8, %c1_i8, %c-128_i8, %0 : i8, i8, i8, i8
func.func @shifts() -> (i8, i8, i8, i8) {
  %a = arith.constant -128 : i8
  %s7 = arith.constant 7 : i8
  %s8 = arith.constant 8 : i8
  %r0 = arith.shrsi %a, %s7 : i8
  %r1 = arith.shrui %a, %s7 : i8
  %r2 = arith.shli %s7, %s7 : i8
  %r3 = arith.shli %a, %s8 : i8
  return %r0, %r1, %r2, %r3 : i8, i8, i8, i8
}

// -----

// CHECK-LABEL: func.func @bitwise_minmax(
// CHECK-NEXT: %c5_i16 = arith.constant 5 : i16
// CHECK-NEXT: %c-3_i16 = arith.constant -3 : i16
// CHECK-NEXT: %c-8_i16 = arith.constant -8 : i16
// CHECK-NEXT: return %c5_i16, %c-3_i16, %c-8_i16, %c5_i16, %c-3_i16, %c-3_i16, %c5_i16 : i16, i16, i16, i16, i16, i16, i16
func.func @bitwise_minmax() -> (i16, i16, i16, i16, i16, i16, i16) {
  %a = arith.constant -3 : i16
  %b = arith.constant 5 : i16
  %r0 = arith.andi %a, %b : i16
  %r1 = arith.ori %a, %b : i16
  %r2 = arith.xori %a, %b : i16
  %r3 = arith.maxsi %a, %b : i16
  %r4 = arith.maxui %a, %b : i16
  %r5 = arith.minsi %a, %b : i16
  %r6 = arith.minui %a, %b : i16
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6 : i16, i16, i16, i16, i16, i16, i16
}

// -----

// CHECK-LABEL: func.func @identities(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: return %arg0, %arg0, %c0_i32, %c0_i32, %arg0, %c-1_i32, %c0_i32, %arg0 : i32, i32, i32, i32, i32, i32, i32, i32
func.func @identities(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %ones = arith.constant -1 : i32
  %r0 = arith.addi %z, %x : i32
  %r1 = arith.muli %x, %one : i32
  %r2 = arith.muli %x, %z : i32
  %r3 = arith.subi %x, %x : i32
  %r4 = arith.andi %x, %ones : i32
  %r5 = arith.ori %x, %ones : i32
  %r6 = arith.xori %x, %x : i32
  %r7 = arith.divui %x, %one : i32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @add_sub_cancel(
// CHECK-NEXT: return %arg0, %arg1, %arg0 : i32, i32, i32
func.func @add_sub_cancel(%a: i32, %b: i32) -> (i32, i32, i32) {
  %s = arith.subi %a, %b : i32
  %r0 = arith.addi %s, %b : i32
  %t = arith.addi %a, %b : i32
  %r1 = arith.subi %t, %a : i32
  %u = arith.xori %a, %b : i32
  %r2 = arith.xori %u, %b : i32
  return %r0, %r1, %r2 : i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @not_and_or(
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %c0_i32, %c-1_i32 : i32, i32
func.func @not_and_or(%x: i32) -> (i32, i32) {
  %ones = arith.constant -1 : i32
  %n = arith.xori %x, %ones : i32
  %r0 = arith.andi %x, %n : i32
  %r1 = arith.ori %n, %x : i32
  return %r0, %r1 : i32, i32
}

// -----

// CHECK-LABEL: func.func @div_of_mul(
// CHECK-NEXT: %0 = arith.muli %arg0, %arg1 overflow<nuw> : i32
// CHECK-NEXT: %1 = arith.divsi %0, %arg0 : i32
// CHECK-NEXT: return %arg0, %arg1, %1 : i32, i32, i32
func.func @div_of_mul(%x: i32, %y: i32) -> (i32, i32, i32) {
  %m = arith.muli %x, %y overflow<nsw> : i32
  %r0 = arith.divsi %m, %y : i32
  %n = arith.muli %x, %y overflow<nuw> : i32
  %r1 = arith.divui %n, %x : i32
  %r2 = arith.divsi %n, %x : i32
  return %r0, %r1, %r2 : i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @splats(
// CHECK-NEXT: %cst = arith.constant dense<-128> : vector<4xi8>
// CHECK-NEXT: %cst_0 = arith.constant dense<[3, 8]> : tensor<2xi32>
// CHECK-NEXT: %cst_1 = arith.constant dense<2> : tensor<2xi32>
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %arg0 : vector<4xi8>, tensor<2xi32>, tensor<2xi32>, vector<4xi8>
func.func @splats(%v: vector<4xi8>) -> (vector<4xi8>, tensor<2xi32>, tensor<2xi32>, vector<4xi8>) {
  %a = arith.constant dense<127> : vector<4xi8>
  %b = arith.constant dense<1> : vector<4xi8>
  %r0 = arith.addi %a, %b : vector<4xi8>
  %c = arith.constant dense<[1, 2]> : tensor<2xi32>
  %d = arith.constant dense<[3, 4]> : tensor<2xi32>
  %r1 = arith.muli %c, %d : tensor<2xi32>
  %e = arith.constant dense<[4, 5]> : tensor<2xi32>
  %r2 = arith.subi %d, %c : tensor<2xi32>
  %z = arith.constant dense<0> : vector<4xi8>
  %r3 = arith.addi %v, %z : vector<4xi8>
  return %r0, %r1, %r2, %r3 : vector<4xi8>, tensor<2xi32>, tensor<2xi32>, vector<4xi8>
}

// -----

// CHECK-LABEL: func.func @cmpi_all(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %false, %true, %true, %true, %false, %false, %false, %false, %true, %true : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
func.func @cmpi_all(%x: i8) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %a = arith.constant -1 : i8
  %b = arith.constant 1 : i8
  %r0 = arith.cmpi eq, %a, %b : i8
  %r1 = arith.cmpi ne, %a, %b : i8
  %r2 = arith.cmpi slt, %a, %b : i8
  %r3 = arith.cmpi sle, %a, %b : i8
  %r4 = arith.cmpi sgt, %a, %b : i8
  %r5 = arith.cmpi sge, %a, %b : i8
  %r6 = arith.cmpi ult, %a, %b : i8
  %r7 = arith.cmpi ule, %a, %b : i8
  %r8 = arith.cmpi ugt, %a, %b : i8
  %r9 = arith.cmpi uge, %a, %b : i8
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// -----

// CHECK-LABEL: func.func @cmpi_same_and_swap(
// CHECK-NEXT: %cst = arith.constant dense<[true, false]> : vector<2xi1>
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.cmpi sgt, %arg0, %c5_i32 : i32
// CHECK-NEXT: return %true, %0, %arg1, %arg1, %cst : i1, i1, i1, i1, vector<2xi1>
func.func @cmpi_same_and_swap(%x: i32, %b: i1) -> (i1, i1, i1, i1, vector<2xi1>) {
  %r0 = arith.cmpi uge, %x, %x : i32
  %c = arith.constant 5 : i32
  %r1 = arith.cmpi slt, %c, %x : i32
  %f = arith.constant false
  %r2 = arith.cmpi ne, %b, %f : i1
  %e = arith.extsi %b : i1 to i32
  %z = arith.constant 0 : i32
  %r3 = arith.cmpi ne, %e, %z : i32
  %v = arith.constant dense<[1, 2]> : vector<2xi32>
  %w = arith.constant dense<[2, 2]> : vector<2xi32>
  %r4 = arith.cmpi ult, %v, %w : vector<2xi32>
  return %r0, %r1, %r2, %r3, %r4 : i1, i1, i1, i1, vector<2xi1>
}

// -----

// CHECK-LABEL: func.func @select_folds(
// CHECK-NEXT: return %arg1, %arg1, %arg1, %arg0, %arg2 : i32, i32, i32, i1, i32
func.func @select_folds(%c: i1, %x: i32, %y: i32) -> (i32, i32, i32, i1, i32) {
  %t = arith.constant true
  %r0 = arith.select %t, %x, %y : i32
  %r1 = arith.select %c, %x, %x : i32
  %p = arith.cmpi ne, %x, %y : i32
  %r2 = arith.select %p, %x, %y : i32
  %true = arith.constant true
  %false = arith.constant false
  %r3 = arith.select %c, %true, %false : i1
  %q = arith.cmpi eq, %x, %y : i32
  %r4 = arith.select %q, %x, %y : i32
  return %r0, %r1, %r2, %r3, %r4 : i32, i32, i32, i1, i32
}

// -----

// CHECK-LABEL: func.func @select_dense(
// CHECK-NEXT: %cst = arith.constant dense<[1, 3, 1]> : vector<3xi32>
// CHECK-NEXT: return %cst : vector<3xi32>
func.func @select_dense() -> vector<3xi32> {
  %c = arith.constant dense<[true, false, true]> : vector<3xi1>
  %a = arith.constant dense<1> : vector<3xi32>
  %b = arith.constant dense<[2, 3, 4]> : vector<3xi32>
  %r = arith.select %c, %a, %b : vector<3xi1>, vector<3xi32>
  return %r : vector<3xi32>
}

// -----

// CHECK-LABEL: func.func @extended(
// CHECK-NEXT: %c-6_i8 = arith.constant -6 : i8
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %c2_i8 = arith.constant 2 : i8
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %c-6_i8, %c-1_i8, %c-6_i8, %c2_i8, %c2_i8, %true : i8, i8, i8, i8, i8, i1
func.func @extended() -> (i8, i8, i8, i8, i8, i1) {
  %a = arith.constant -2 : i8
  %b = arith.constant 3 : i8
  %l, %h = arith.mulsi_extended %a, %b : i8
  %l2, %h2 = arith.mului_extended %a, %b : i8
  %m1 = arith.constant -1 : i8
  %s, %o = arith.addui_extended %m1, %b : i8, i1
  return %l, %h, %l2, %h2, %s, %o : i8, i8, i8, i8, i8, i1
}

// -----

// `andi`/`ori` of a value with itself fold through the Idempotent trait.
// CHECK-LABEL: func.func @idempotent
// CHECK-NEXT: %[[X:.*]] = arith.xori %arg0, %arg1 : i64
// CHECK-NEXT: return %arg0, %[[X]], %[[X]] : i64, i64, i64
func.func @idempotent(%a: i64, %b: i64) -> (i64, i64, i64) {
  %0 = arith.andi %a, %a : i64
  %x = arith.xori %a, %b : i64
  %1 = arith.andi %x, %x : i64
  %2 = arith.ori %x, %x : i64
  return %0, %1, %2 : i64, i64, i64
}
