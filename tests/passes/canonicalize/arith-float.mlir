// RUN: strata-opt -canonicalize --split-input-file %s | FileCheck %s
// RUN: strata-opt -canonicalize --split-input-file %s | mlir-opt --split-input-file --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -canonicalize --split-input-file %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata
// Canonicalization of arith: float folds (f32/f16/bf16/f64 rounding, NaN payload and sign, infinities, signed zeros, min/max variants, cmpf predicates, fastmath).
// CHECK lines were generated with mlir-opt 22 and reviewed; the diff RUN line
// compares with mlir-opt at test time.

// CHECK-LABEL: func.func @float_arith(
// CHECK-NEXT: %cst = arith.constant 3.750000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant -7.500000e-01 : f32
// CHECK-NEXT: %cst_1 = arith.constant 3.375000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: %cst_3 = arith.constant 7.500000e-01 : f32
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %cst_2, %cst_3 : f32, f32, f32, f32, f32
func.func @float_arith() -> (f32, f32, f32, f32, f32) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.25 : f32
  %r0 = arith.addf %a, %b : f32
  %r1 = arith.subf %a, %b : f32
  %r2 = arith.mulf %a, %b : f32
  %r3 = arith.divf %b, %a : f32
  %r4 = arith.remf %b, %a : f32
  return %r0, %r1, %r2, %r3, %r4 : f32, f32, f32, f32, f32
}

// -----

// CHECK-LABEL: func.func @half_formats(
// CHECK-NEXT: %cst = arith.constant 3.335480e-04 : f16
// CHECK-NEXT: %cst_0 = arith.constant 3.337860e-04 : bf16
// CHECK-NEXT: %cst_1 = arith.constant 0x7C00 : f16
// CHECK-NEXT: %cst_2 = arith.constant 9.000000e-01 : f64
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %cst_2 : f16, bf16, f16, f64
func.func @half_formats() -> (f16, bf16, f16, f64) {
  %x = arith.constant 1.0e-3 : f16
  %y = arith.constant 3.0 : f16
  %r0 = arith.divf %x, %y : f16
  %bx = arith.constant 1.0e-3 : bf16
  %by = arith.constant 3.0 : bf16
  %r1 = arith.divf %bx, %by : bf16
  %big = arith.constant 65504.0 : f16
  %r2 = arith.addf %big, %big : f16
  %p = arith.constant 1.0 : f64
  %q = arith.constant 0.1 : f64
  %r3 = arith.subf %p, %q : f64
  return %r0, %r1, %r2, %r3 : f16, bf16, f16, f64
}

// -----

// CHECK-LABEL: func.func @nan_inf(
// CHECK-NEXT: %cst = arith.constant 0xFFC00001 : f32
// CHECK-NEXT: %cst_0 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %cst_1 = arith.constant 0x7FC00001 : f32
// CHECK-NEXT: %cst_2 = arith.constant 0x7F800000 : f32
// CHECK-NEXT: return %cst, %cst_0, %cst_0, %cst_1, %cst_1, %cst_2 : f32, f32, f32, f32, f32, f32
func.func @nan_inf() -> (f32, f32, f32, f32, f32, f32) {
  %nn = arith.constant 0xFFC00001 : f32
  %sn = arith.constant 0x7F800001 : f32
  %two = arith.constant 2.0 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0.0 : f32
  %r0 = arith.mulf %two, %nn : f32
  %r1 = arith.addf %inf, %ninf : f32
  %r2 = arith.mulf %inf, %z : f32
  %r3 = arith.addf %sn, %two : f32
  %r4 = arith.negf %nn : f32
  %r5 = arith.divf %two, %z : f32
  return %r0, %r1, %r2, %r3, %r4, %r5 : f32, f32, f32, f32, f32, f32
}

// -----

// CHECK-LABEL: func.func @signed_zeros(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: return %cst, %cst, %cst_0, %cst : f32, f32, f32, f32
func.func @signed_zeros() -> (f32, f32, f32, f32) {
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %m2 = arith.constant -2.0 : f32
  %r0 = arith.subf %nz, %nz : f32
  %r1 = arith.addf %nz, %pz : f32
  %r2 = arith.remf %m2, %m2 : f32
  %r3 = arith.mulf %nz, %m2 : f32
  return %r0, %r1, %r2, %r3 : f32, f32, f32, f32
}

// -----

// CHECK-LABEL: func.func @min_max(
// CHECK-NEXT: %cst = arith.constant 0xFFC00001 : f32
// CHECK-NEXT: %cst_0 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %cst_1 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %cst_2, %cst_2, %cst_1 : f32, f32, f32, f32, f32, f32
func.func @min_max() -> (f32, f32, f32, f32, f32, f32) {
  %nn = arith.constant 0xFFC00001 : f32
  %two = arith.constant 2.0 : f32
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %r0 = arith.maximumf %two, %nn : f32
  %r1 = arith.minnumf %nn, %two : f32
  %r2 = arith.minimumf %nz, %pz : f32
  %r3 = arith.maxnumf %nz, %pz : f32
  %r4 = arith.maximumf %nz, %pz : f32
  %r5 = arith.minnumf %two, %nz : f32
  return %r0, %r1, %r2, %r3, %r4, %r5 : f32, f32, f32, f32, f32, f32
}

// -----

// CHECK-LABEL: func.func @float_identities(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = arith.addf %arg0, %cst : f32
// CHECK-NEXT: %1 = arith.mulf %arg0, %cst : f32
// CHECK-NEXT: return %arg0, %0, %arg0, %arg0, %1, %cst, %arg0, %arg0, %arg0 : f32, f32, f32, f32, f32, f32, f32, f32, f32
func.func @float_identities(%x: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %r0 = arith.addf %x, %nz : f32
  %r1 = arith.addf %x, %pz : f32
  %r2 = arith.subf %x, %pz : f32
  %r3 = arith.mulf %x, %one : f32
  %r4 = arith.mulf %x, %pz : f32
  %r5 = arith.mulf %x, %pz fastmath<nnan,nsz> : f32
  %r6 = arith.maximumf %x, %ninf : f32
  %r7 = arith.minnumf %x, %nan : f32
  %n = arith.negf %x : f32
  %r8 = arith.negf %n : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8 : f32, f32, f32, f32, f32, f32, f32, f32, f32
}

// -----

// CHECK-LABEL: func.func @cmpf_ordered(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %false, %false, %false, %false, %true, %true, %true, %true : i1, i1, i1, i1, i1, i1, i1, i1
func.func @cmpf_ordered(%x: f32) -> (i1, i1, i1, i1, i1, i1, i1, i1) {
  %a = arith.constant 1.0 : f32
  %b = arith.constant 2.0 : f32
  %r0 = arith.cmpf false, %a, %b : f32
  %r1 = arith.cmpf oeq, %a, %b : f32
  %r2 = arith.cmpf ogt, %a, %b : f32
  %r3 = arith.cmpf oge, %a, %b : f32
  %r4 = arith.cmpf olt, %a, %b : f32
  %r5 = arith.cmpf ole, %a, %b : f32
  %r6 = arith.cmpf one, %a, %b : f32
  %r7 = arith.cmpf ord, %a, %b : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : i1, i1, i1, i1, i1, i1, i1, i1
}

// -----

// CHECK-LABEL: func.func @cmpf_unordered(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %true, %true, %true, %true, %true, %true, %true, %true, %false : i1, i1, i1, i1, i1, i1, i1, i1, i1
func.func @cmpf_unordered(%x: f32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %nan = arith.constant 0x7FC00000 : f32
  %b = arith.constant 2.0 : f32
  %r0 = arith.cmpf ueq, %nan, %b : f32
  %r1 = arith.cmpf ugt, %nan, %b : f32
  %r2 = arith.cmpf uge, %nan, %b : f32
  %r3 = arith.cmpf ult, %nan, %b : f32
  %r4 = arith.cmpf ule, %nan, %b : f32
  %r5 = arith.cmpf une, %nan, %b : f32
  %r6 = arith.cmpf uno, %nan, %b : f32
  %r7 = arith.cmpf true, %nan, %b : f32
  %r8 = arith.cmpf olt, %x, %nan : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8 : i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// -----

// CHECK-LABEL: func.func @cmpf_zeros(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %true, %false, %false : i1, i1, i1
func.func @cmpf_zeros() -> (i1, i1, i1) {
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %r0 = arith.cmpf oeq, %nz, %pz : f32
  %r1 = arith.cmpf olt, %nz, %pz : f32
  %r2 = arith.cmpf une, %nz, %pz : f32
  return %r0, %r1, %r2 : i1, i1, i1
}

// -----

// CHECK-LABEL: func.func @float_splat(
// CHECK-NEXT: %cst = arith.constant dense<[2.500000e+00, 3.500000e+00]> : vector<2xf32>
// CHECK-NEXT: return %cst : vector<2xf32>
func.func @float_splat() -> vector<2xf32> {
  %a = arith.constant dense<1.5> : vector<2xf32>
  %b = arith.constant dense<[1.0, 2.0]> : vector<2xf32>
  %r = arith.addf %a, %b : vector<2xf32>
  return %r : vector<2xf32>
}
