// RUN: strata-opt %s -convert-arith-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts > %t.strata
// RUN: mlir-opt %s -convert-arith-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts > %t.ref
// RUN: diff %t.ref %t.strata
// RUN: mlir-opt %t.strata | diff %t.strata -
// RUN: strata-translate --mlir-to-llvmir %t.strata | lli > %t.strata.out
// RUN: mlir-translate --mlir-to-llvmir %t.ref | lli > %t.ref.out
// RUN: diff %t.ref.out %t.strata.out
// The arith ops convert-arith-to-llvm turns into intrinsics or several ops
// (min/max, ceil/floor divisions, extended multiplication and addition),
// with fast-math flags: the same IR as mlir-opt's, and translated by
// strata-translate (intrinsic calls and declarations, fast-math flags) it
// prints under lli what mlir-translate's translation prints.

llvm.mlir.global internal constant @fmt("%ld %ld %f %f %d %d\0A\00") {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32
func.func @main() -> i32 {
  %a = arith.constant -7 : i64
  %b = arith.constant 3 : i64
  %x = arith.constant 2.5 : f64
  %y = arith.constant -1.0 : f64
  %c8 = arith.constant 200 : i8
  %d8 = arith.constant 100 : i8
  %fa = llvm.mlir.addressof @fmt : !llvm.ptr
  %r:6 = func.call @work(%a, %b, %x, %y, %c8, %d8) : (i64, i64, f64, f64, i8, i8) -> (i64, i64, f64, f64, i32, i32)
  %p = llvm.call @printf(%fa, %r#0, %r#1, %r#2, %r#3, %r#4, %r#5) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, f64, f64, i32, i32) -> i32
  %z = arith.constant 0 : i32
  return %z : i32
}
func.func @work(%a: i64, %b: i64, %x: f64, %y: f64, %c: i8, %d: i8) -> (i64, i64, f64, f64, i32, i32) {
  %0 = arith.maxsi %a, %b : i64
  %1 = arith.floordivsi %a, %b : i64
  %2 = arith.ceildivsi %a, %b : i64
  %3 = arith.addi %0, %2 : i64
  %4 = arith.maxnumf %x, %y fastmath<nsz> : f64
  %5 = arith.minimumf %x, %y : f64
  %6 = arith.mulf %4, %5 fastmath<fast> : f64
  %lo, %hi = arith.mului_extended %c, %d : i8
  %s, %o = arith.addui_extended %c, %d : i8, i1
  %7 = arith.extui %hi : i8 to i32
  %8 = arith.extui %o : i1 to i32
  %9 = arith.ceildivui %a, %b : i64
  %10 = arith.addi %1, %9 : i64
  return %3, %10, %6, %5, %7, %8 : i64, i64, f64, f64, i32, i32
}
