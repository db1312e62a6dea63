// RUN: strata-opt %s -convert-scf-to-cf -convert-arith-to-llvm -finalize-memref-to-llvm -convert-cf-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts > %t.strata
// RUN: mlir-opt %s -convert-scf-to-cf -convert-arith-to-llvm -finalize-memref-to-llvm -convert-cf-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts > %t.ref
// RUN: diff %t.ref %t.strata
// RUN: mlir-opt %t.strata | diff %t.strata -
// RUN: strata-translate --mlir-to-llvmir %t.strata > %t.ll
// RUN: lli %t.ll > %t.strata.out
// RUN: mlir-translate --mlir-to-llvmir %t.ref | lli > %t.ref.out
// RUN: diff %t.ref.out %t.strata.out
// RUN: FileCheck %s --input-file %t.strata.out
// The whole lowering to LLVM on inputs beyond Toy's: an scf.for with
// iter_args, nested scf.if yielding values, memrefs of ranks 1 to 3 filled
// and read in loops, a call passing a memref. Strata's output must equal
// mlir-opt's, and the LLVM IR from strata-translate, run by lli, must
// print what mlir-translate's translation of mlir-opt's output prints.

llvm.mlir.global internal constant @fmt("%ld %f\0A\00") {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32

func.func @sum(%m: memref<4xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f64) {
    %v = memref.load %m[%i] : memref<4xf64>
    %n = arith.addf %acc, %v : f64
    scf.yield %n : f64
  }
  return %r : f64
}

func.func @classify(%x: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c10 = arith.constant 10 : i64
  %neg = arith.cmpi slt, %x, %c0 : i64
  %r = scf.if %neg -> (i64) {
    %m = arith.subi %c0, %x : i64
    scf.yield %m : i64
  } else {
    %big = arith.cmpi sgt, %x, %c10 : i64
    %s = scf.if %big -> (i64) {
      %d = arith.divsi %x, %c10 : i64
      scf.yield %d : i64
    } else {
      %t = arith.muli %x, %x : i64
      scf.yield %t : i64
    }
    scf.yield %s : i64
  }
  return %r : i64
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xf64>
  %b = memref.alloc() : memref<2x3xf64>
  %t = memref.alloc() : memref<2x3x4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %h = arith.mulf %f, %f : f64
    memref.store %h, %a[%i] : memref<4xf64>
  }
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      scf.for %k = %c0 to %c4 step %c1 {
        %p = arith.muli %i, %j : index
        %q = arith.addi %p, %k : index
        %v = arith.index_cast %q : index to i64
        memref.store %v, %t[%i, %j, %k] : memref<2x3x4xi64>
      }
      %ij = arith.addi %i, %j : index
      %x = arith.index_cast %ij : index to i64
      %y = arith.sitofp %x : i64 to f64
      memref.store %y, %b[%i, %j] : memref<2x3xf64>
    }
  }
  %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
  %s = func.call @sum(%a) : (memref<4xf64>) -> f64
  %e = memref.load %t[%c1, %c2, %c3] : memref<2x3x4xi64>
  %_0 = llvm.call @printf(%fmt, %e, %s) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, f64) -> i32
  %m1 = arith.constant -7 : i64
  %k1 = func.call @classify(%m1) : (i64) -> i64
  %bv = memref.load %b[%c1, %c2] : memref<2x3xf64>
  %_1 = llvm.call @printf(%fmt, %k1, %bv) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, f64) -> i32
  %m2 = arith.constant 45 : i64
  %k2 = func.call @classify(%m2) : (i64) -> i64
  %m3 = arith.constant 3 : i64
  %k3 = func.call @classify(%m3) : (i64) -> i64
  %k4 = arith.addi %k2, %k3 : i64
  %_2 = llvm.call @printf(%fmt, %k4, %s) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, f64) -> i32
  memref.dealloc %t : memref<2x3x4xi64>
  memref.dealloc %b : memref<2x3xf64>
  memref.dealloc %a : memref<4xf64>
  %ret = arith.constant 0 : i32
  return %ret : i32
}

// CHECK: 5 14.000000
// CHECK-NEXT: 7 3.000000
// CHECK-NEXT: 13 14.000000
