// RUN: %roundtrip %s
// RUN: strata-opt -lower-affine %s > %t.s && mlir-opt -lower-affine %s > %t.r && diff %t.r %t.s
// RUN: strata-opt -lower-affine -convert-scf-to-cf %s > %t.s2 && mlir-opt -lower-affine -convert-scf-to-cf %s > %t.r2 && diff %t.r2 %t.s2
// RUN: strata-opt -lower-affine -convert-scf-to-cf --mlir-print-debuginfo %s > %t.sd && mlir-opt -lower-affine -convert-scf-to-cf --mlir-print-debuginfo %s > %t.rd && diff %t.rd %t.sd
// RUN: strata-opt -lower-affine %s | FileCheck %s
// Issue 15: -lower-affine as upstream's AffineToStandard: subscripts and
// bounds expanded as expandAffineExpr does (floordiv/ceildiv/mod
// sequences, nsw multiplications, symbols), multi-result bounds through
// maxsi/minsi chains, memrefs of rank 1 to 3, loops with iter_args, and
// the folds upstream's conversion driver applies first (affine.apply of a
// dim or of constants, constant loop bounds, a loop that never runs).
// Expected output is mlir-opt's, produced at test time.

// CHECK-NOT: affine.
#tile = affine_map<(d0)[s0] -> (d0 floordiv 4 + s0 * 2, d0 ceildiv 3 - s0)>
#lb = affine_map<(d0, d1) -> (d0 mod 5, d1 - 2)>

func.func @accesses(%a: memref<16xf32>, %b: memref<8x8xf32>, %c: memref<4x4x4xf32>, %n: index, %s: index) {
  affine.for %i = 0 to 16 {
    %v = affine.load %a[%i] : memref<16xf32>
    affine.store %v, %b[%i floordiv 2, %i mod 8] : memref<8x8xf32>
    affine.store %v, %c[%i ceildiv 4, (%i + 1) mod 4, symbol(%s) floordiv 3] : memref<4x4x4xf32>
    %w = affine.load %b[%i * 3 - 1, symbol(%s) * 2 + %i] : memref<8x8xf32>
    affine.store %w, %a[-%i + 15] : memref<16xf32>
  }
  return
}

func.func @bounds(%a: memref<?xf32>, %n: index, %m: index, %s: index) {
  affine.for %i = max #lb(%n, %m) to min #tile(%n)[%s] step 3 {
    affine.for %j = max #lb(%i, %n) to %m {
      %v = affine.load %a[%i + %j] : memref<?xf32>
      affine.store %v, %a[%j] : memref<?xf32>
    }
  }
  affine.for %k = %s to affine_map<()[s0] -> (s0 * 4)>()[%s] step 2 {
    %v = affine.load %a[%k] : memref<?xf32>
    affine.store %v, %a[%k floordiv 2] : memref<?xf32>
  }
  return
}

func.func @applies(%i: index, %j: index, %s: index) -> (index, index, index, index) {
  %c7 = arith.constant 7 : index
  %0 = affine.apply affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 floordiv s0)>(%i, %j)[%s]
  %1 = affine.apply affine_map<(d0) -> ((d0 + 3) mod 4)>(%0)
  %2 = affine.apply affine_map<(d0)[s0] -> (d0 ceildiv 16 - s0)>(%1)[%c7]
  %3 = affine.apply affine_map<(d0, d1) -> (d1 * 3 + d0 * 5 - 2)>(%c7, %c7)
  %4 = affine.apply affine_map<()[s0] -> (s0)>()[%s]
  %5 = arith.addi %3, %4 : index
  return %0, %1, %2, %5 : index, index, index, index
}

func.func @reduction(%a: memref<10x20xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 10 iter_args(%acc = %zero) -> (f32) {
    %row = affine.for %j = 0 to 20 step 5 iter_args(%racc = %acc) -> (f32) {
      %v = affine.load %a[%i, %j] : memref<10x20xf32>
      %s = arith.addf %racc, %v : f32
      affine.yield %s : f32
    }
    affine.yield %row : f32
  }
  return %r : f32
}

func.func @zero_trip(%x: f32) -> f32 {
  %r = affine.for %i = 5 to 2 iter_args(%acc = %x) -> (f32) {
    %s = arith.addf %acc, %acc : f32
    affine.yield %s : f32
  }
  return %r : f32
}
