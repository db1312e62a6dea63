// RUN: strata-opt -canonicalize --split-input-file %s | FileCheck %s
// RUN: strata-opt -canonicalize --split-input-file %s | mlir-opt --split-input-file --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -canonicalize --split-input-file %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata
// Canonicalization of arith: cast folds (int/float conversions, exactness of extf/truncf, bitcasts, cast chains).
// CHECK lines were generated with mlir-opt 22 and reviewed; the diff RUN line
// compares with mlir-opt at test time.

// CHECK-LABEL: func.func @int_casts(
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %c255_i32 = arith.constant 255 : i32
// CHECK-NEXT: %c1_i64 = arith.constant 1 : i64
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %c255 = arith.constant 255 : index
// CHECK-NEXT: %c44_i8 = arith.constant 44 : i8
// CHECK-NEXT: return %c-1_i32, %c255_i32, %c1_i64, %c-1_i8, %c-1, %c255, %c44_i8 : i32, i32, i64, i8, index, index, i8
func.func @int_casts() -> (i32, i32, i64, i8, index, index, i8) {
  %a = arith.constant -1 : i8
  %r0 = arith.extsi %a : i8 to i32
  %r1 = arith.extui %a : i8 to i32
  %t = arith.constant 1 : i1
  %r2 = arith.extui %t : i1 to i64
  %w = arith.constant 511 : i32
  %r3 = arith.trunci %w : i32 to i8
  %r4 = arith.index_cast %a : i8 to index
  %r5 = arith.index_castui %a : i8 to index
  %i = arith.constant 300 : index
  %r6 = arith.index_cast %i : index to i8
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6 : i32, i32, i64, i8, index, index, i8
}

// -----

// CHECK-LABEL: func.func @int_float_casts(
// CHECK-NEXT: %cst = arith.constant 0x7C00 : f16
// CHECK-NEXT: %c127_i8 = arith.constant 127 : i8
// CHECK-NEXT: %cst_0 = arith.constant 1.000000e+300 : f64
// CHECK-NEXT: %cst_1 = arith.constant -1.500000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant -1.000000e+00 : f32
// CHECK-NEXT: %cst_3 = arith.constant 2.550000e+02 : f32
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %0 = arith.fptoui %cst_1 : f32 to i8
// CHECK-NEXT: %1 = arith.fptosi %cst_0 : f64 to i32
// CHECK-NEXT: return %cst_2, %cst_3, %c-1_i8, %0, %1, %c127_i8, %cst : f32, f32, i8, i8, i32, i8, f16
func.func @int_float_casts() -> (f32, f32, i8, i8, i32, i8, f16) {
  %a = arith.constant -1 : i8
  %r0 = arith.sitofp %a : i8 to f32
  %r1 = arith.uitofp %a : i8 to f32
  %f = arith.constant -1.5 : f32
  %r2 = arith.fptosi %f : f32 to i8
  %r3 = arith.fptoui %f : f32 to i8
  %big = arith.constant 1.0e300 : f64
  %r4 = arith.fptosi %big : f64 to i32
  %g = arith.constant 127.9 : f32
  %r5 = arith.fptosi %g : f32 to i8
  %l = arith.constant 65535 : i32
  %r6 = arith.uitofp %l : i32 to f16
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6 : f32, f32, i8, i8, i32, i8, f16
}

// -----

// CHECK-LABEL: func.func @float_casts(
// CHECK-NEXT: %cst = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %cst_0 = arith.constant 1.000000e+00 : bf16
// CHECK-NEXT: %cst_1 = arith.constant 0x7FF8000020000000 : f64
// CHECK-NEXT: %cst_2 = arith.constant 1.000000e+10 : f32
// CHECK-NEXT: %cst_3 = arith.constant 1.000000e-01 : f64
// CHECK-NEXT: %cst_4 = arith.constant 0.0999755859 : f32
// CHECK-NEXT: %0 = arith.truncf %cst_3 : f64 to f32
// CHECK-NEXT: return %cst_4, %0, %cst_2, %cst_1, %cst_0, %cst : f32, f32, f32, f64, bf16, f32
func.func @float_casts() -> (f32, f32, f32, f64, bf16, f32) {
  %h = arith.constant 0.1 : f16
  %r0 = arith.extf %h : f16 to f32
  %p = arith.constant 0.1 : f64
  %r1 = arith.truncf %p : f64 to f32
  %q = arith.constant 1.0e10 : f64
  %r2 = arith.truncf %q : f64 to f32
  %n = arith.constant 0x7FC00001 : f32
  %r3 = arith.extf %n : f32 to f64
  %o = arith.constant 1.0 : f32
  %r4 = arith.truncf %o : f32 to bf16
  %inf = arith.constant 0x7FF0000000000000 : f64
  %r5 = arith.truncf %inf : f64 to f32
  return %r0, %r1, %r2, %r3, %r4, %r5 : f32, f32, f32, f64, bf16, f32
}

// -----

// CHECK-LABEL: func.func @bitcasts(
// CHECK-NEXT: %c1065353216_i32 = arith.constant 1065353216 : i32
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant dense<[1065353216, 1073741824]> : vector<2xi32>
// CHECK-NEXT: return %c1065353216_i32, %cst, %cst_0 : i32, f32, vector<2xi32>
func.func @bitcasts() -> (i32, f32, vector<2xi32>) {
  %f = arith.constant 1.0 : f32
  %r0 = arith.bitcast %f : f32 to i32
  %i = arith.constant 1065353216 : i32
  %r1 = arith.bitcast %i : i32 to f32
  %v = arith.constant dense<[1.0, 2.0]> : vector<2xf32>
  %r2 = arith.bitcast %v : vector<2xf32> to vector<2xi32>
  return %r0, %r1, %r2 : i32, f32, vector<2xi32>
}

// -----

// CHECK-LABEL: func.func @cast_chains(
// CHECK-NEXT: %0 = arith.trunci %arg1 : i32 to i8
// CHECK-NEXT: %1 = arith.extsi %arg0 : i8 to i64
// CHECK-NEXT: %2 = arith.truncf %arg4 : f64 to f32
// CHECK-NEXT: %3 = arith.extf %2 : f32 to f64
// CHECK-NEXT: return %arg0, %0, %1, %arg2, %arg3, %arg4, %3 : i8, i8, i64, index, f32, f64, f64
func.func @cast_chains(%x: i8, %y: i32, %z: index, %f: f32, %d: f64) -> (i8, i8, i64, index, f32, f64, f64) {
  %e = arith.extsi %x : i8 to i32
  %r0 = arith.trunci %e : i32 to i8
  %u = arith.extui %y : i32 to i64
  %r1 = arith.trunci %u : i64 to i8
  %s = arith.extsi %x : i8 to i32
  %r2 = arith.extsi %s : i32 to i64
  %i = arith.index_cast %z : index to i8
  %r3 = arith.index_cast %i : i8 to index
  %g = arith.extf %f : f32 to f64
  %r4 = arith.truncf %g : f64 to f32
  %t = arith.truncf %d fastmath<contract> : f64 to f32
  %r5 = arith.extf %t fastmath<contract> : f32 to f64
  %t2 = arith.truncf %d : f64 to f32
  %r6 = arith.extf %t2 : f32 to f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6 : i8, i8, i64, index, f32, f64, f64
}
