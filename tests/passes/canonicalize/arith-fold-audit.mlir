// RUN: strata-opt -canonicalize %s > %t.strata && mlir-opt -canonicalize %s > %t.ref && diff %t.ref %t.strata
// RUN: strata-opt -canonicalize -cse %s > %t.strata2 && mlir-opt -canonicalize -cse %s > %t.ref2 && diff %t.ref2 %t.strata2
// Audit of the arith folds and canonicalization patterns of LLVM 22's
// ArithOps.cpp (issue 12, item 12): one trigger per identity, absorbing
// element, inverse pair, constant fold (signed/unsigned division and
// remainder rounding, INT_MIN / -1, float remainder), cast chain,
// select/cmp pattern and extended-arithmetic fold, on scalars, index and
// vectors. Any fold Strata lacks or applies differently shows as a diff.

func.func @addi(%x: i32, %y: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.subi %x, %y : i32
  %2 = arith.addi %1, %y : i32
  %3 = arith.addi %y, %1 : i32
  return %0, %2, %3 : i32, i32, i32
}
func.func @subi(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %0 = arith.subi %x, %x : i32
  %1 = arith.subi %x, %c0 : i32
  %a = arith.addi %x, %y : i32
  %2 = arith.subi %a, %y : i32
  %3 = arith.subi %a, %x : i32
  %4 = arith.subi %x, %a : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}
func.func @muli(%x: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.muli %x, %c0 : i32
  %1 = arith.muli %x, %c1 : i32
  %2 = arith.muli %x, %c2 : i32
  return %0, %1, %2 : i32, i32, i32
}
func.func @div(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %0 = arith.divui %x, %c1 : i32
  %1 = arith.divsi %x, %c1 : i32
  %2 = arith.ceildivui %x, %c1 : i32
  %3 = arith.ceildivsi %x, %c1 : i32
  %4 = arith.floordivsi %x, %c1 : i32
  %5 = arith.remui %x, %c1 : i32
  %6 = arith.remsi %x, %c1 : i32
  %7 = arith.divui %x, %c0 : i32
  %8 = arith.divsi %c0, %x : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : i32, i32, i32, i32, i32, i32, i32, i32, i32
}
func.func @bits(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %m1 = arith.constant -1 : i32
  %0 = arith.andi %x, %c0 : i32
  %1 = arith.andi %x, %m1 : i32
  %2 = arith.andi %x, %x : i32
  %n = arith.xori %x, %m1 : i32
  %3 = arith.andi %x, %n : i32
  %4 = arith.ori %x, %c0 : i32
  %5 = arith.ori %x, %m1 : i32
  %6 = arith.ori %n, %x : i32
  %7 = arith.xori %x, %c0 : i32
  %8 = arith.xori %x, %x : i32
  %xy = arith.xori %x, %y : i32
  %9 = arith.xori %xy, %y : i32
  %10 = arith.xori %y, %xy : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}
func.func @shifts(%x: i32) -> (i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c40 = arith.constant 40 : i32
  %0 = arith.shli %x, %c0 : i32
  %1 = arith.shrui %x, %c0 : i32
  %2 = arith.shrsi %x, %c0 : i32
  %3 = arith.shli %x, %c40 : i32
  %4 = arith.shrui %x, %c40 : i32
  %5 = arith.shrsi %c0, %x : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}
func.func @minmax(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %max = arith.constant 2147483647 : i32
  %min = arith.constant -2147483648 : i32
  %z = arith.constant 0 : i32
  %u = arith.constant -1 : i32
  %0 = arith.maxsi %x, %x : i32
  %1 = arith.maxsi %x, %max : i32
  %2 = arith.maxsi %x, %min : i32
  %3 = arith.minsi %x, %max : i32
  %4 = arith.minsi %x, %min : i32
  %5 = arith.maxui %x, %u : i32
  %6 = arith.maxui %x, %z : i32
  %7 = arith.minui %x, %z : i32
  %8 = arith.minui %x, %u : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : i32, i32, i32, i32, i32, i32, i32, i32, i32
}
func.func @cmpi(%x: i32, %y: i32, %b: i1) -> (i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = arith.cmpi eq, %x, %x : i32
  %1 = arith.cmpi slt, %x, %x : i32
  %2 = arith.cmpi uge, %x, %x : i32
  %c0 = arith.constant 0 : i32
  %3 = arith.cmpi ult, %x, %c0 : i32
  %4 = arith.cmpi uge, %x, %c0 : i32
  %t = arith.constant true
  %5 = arith.cmpi eq, %b, %t : i1
  %6 = arith.cmpi ne, %b, %t : i1
  %e = arith.extui %b : i1 to i32
  %7 = arith.cmpi ne, %e, %c0 : i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, i1, i1, i1
}
func.func @select(%c: i1, %x: i32, %y: i32) -> (i32, i32, i1, i1, i32) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %c, %x, %x : i32
  %1 = arith.select %t, %x, %y : i32
  %2 = arith.select %c, %t, %f : i1
  %3 = arith.select %c, %f, %t : i1
  %s = arith.select %c, %x, %y : i32
  %4 = arith.select %c, %s, %y : i32
  return %0, %1, %2, %3, %4 : i32, i32, i1, i1, i32
}
func.func @floats(%x: f32, %y: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %n0 = arith.constant -0.0 : f32
  %p0 = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %pinf = arith.constant 0x7F800000 : f32
  %nx = arith.negf %x : f32
  %0 = arith.negf %nx : f32
  %1 = arith.addf %x, %n0 : f32
  %2 = arith.addf %x, %p0 : f32
  %3 = arith.subf %x, %p0 : f32
  %4 = arith.subf %x, %n0 : f32
  %5 = arith.mulf %x, %one : f32
  %6 = arith.divf %x, %one : f32
  %7 = arith.maximumf %x, %x : f32
  %8 = arith.maximumf %x, %ninf : f32
  %9 = arith.minimumf %x, %pinf : f32
  %10 = arith.maxnumf %x, %ninf : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @casts(%x: i8, %f: f32, %i: index, %w: i64) -> (i32, i32, i8, f32, index, f32, i32, i64, i16) {
  %e1 = arith.extui %x : i8 to i16
  %0 = arith.extui %e1 : i16 to i32
  %e2 = arith.extsi %x : i8 to i16
  %1 = arith.extsi %e2 : i16 to i32
  %e3 = arith.extui %x : i8 to i32
  %2 = arith.trunci %e3 : i32 to i8
  %ef = arith.extf %f : f32 to f64
  %3 = arith.truncf %ef : f64 to f32
  %ic = arith.index_cast %i : index to i32
  %4 = arith.index_cast %ic : i32 to index
  %b1 = arith.bitcast %f : f32 to i32
  %5 = arith.bitcast %b1 : i32 to f32
  %6 = arith.trunci %w : i64 to i32
  %t2 = arith.trunci %w : i64 to i32
  %7 = arith.extsi %t2 : i32 to i64
  %e5 = arith.extsi %x : i8 to i32
  %9 = arith.trunci %e5 : i32 to i16
  return %0, %1, %2, %3, %4, %5, %6, %7, %9 : i32, i32, i8, f32, index, f32, i32, i64, i16
}
func.func @vec(%x: vector<4xi32>, %f: vector<4xf32>) -> (vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xf32>, vector<4xi1>, vector<4xi32>) {
  %c0 = arith.constant dense<0> : vector<4xi32>
  %c1 = arith.constant dense<1> : vector<4xi32>
  %l = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %m = arith.constant dense<[4, 3, 2, 1]> : vector<4xi32>
  %0 = arith.addi %x, %c0 : vector<4xi32>
  %1 = arith.muli %x, %c1 : vector<4xi32>
  %2 = arith.addi %l, %m : vector<4xi32>
  %fo = arith.constant dense<1.0> : vector<4xf32>
  %3 = arith.mulf %f, %fo : vector<4xf32>
  %4 = arith.cmpi slt, %l, %m : vector<4xi32>
  %5 = arith.select %4, %l, %m : vector<4xi1>, vector<4xi32>
  return %0, %1, %2, %3, %4, %5 : vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xf32>, vector<4xi1>, vector<4xi32>
}
func.func @ext(%x: i32) -> (i32, i1, i32, i32, i1, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %s:2 = arith.addui_extended %x, %c0 : i32, i1
  %m:2 = arith.mului_extended %x, %c1 : i32
  %n:2 = arith.mulsi_extended %x, %c0 : i32
  %k:2 = arith.addui_extended %c1, %c1 : i32, i1
  return %s#0, %s#1, %m#1, %n#0, %k#1, %k#0, %n#1 : i32, i1, i32, i32, i1, i32, i32
}
func.func @consts() -> (i32, i32, i32, i32, i32, i32, f32, f32, i64, i8, f16, i1) {
  %a = arith.constant -7 : i32
  %b = arith.constant 2 : i32
  %0 = arith.ceildivsi %a, %b : i32
  %1 = arith.floordivsi %a, %b : i32
  %2 = arith.remsi %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %mn = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  %4 = arith.divsi %mn, %m1 : i32
  %5 = arith.ceildivui %a, %b : i32
  %x = arith.constant 3.5 : f32
  %y = arith.constant 2.0 : f32
  %6 = arith.remf %x, %y : f32
  %7 = arith.divf %x, %y : f32
  %8 = arith.extsi %a : i32 to i64
  %9 = arith.trunci %a : i32 to i8
  %10 = arith.truncf %x : f32 to f16
  %11 = arith.cmpf olt, %x, %y : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : i32, i32, i32, i32, i32, i32, f32, f32, i64, i8, f16, i1
}
func.func @cmp_canon(%x: i32, %f: f32) -> (i1, i1, i1, i1, i1) {
  %c5 = arith.constant 5 : i32
  %0 = arith.cmpi slt, %c5, %x : i32
  %1 = arith.cmpi eq, %c5, %x : i32
  %nan = arith.constant 0x7FC00000 : f32
  %2 = arith.cmpf olt, %f, %nan : f32
  %3 = arith.cmpf uno, %f, %nan : f32
  %4 = arith.cmpf oeq, %f, %f : f32
  return %0, %1, %2, %3, %4 : i1, i1, i1, i1, i1
}
func.func @sel_canon(%c: i1, %d: i1, %x: i32, %y: i32) -> (i32, i32, i32, i32) {
  %0 = arith.select %c, %x, %y : i32
  %1 = arith.select %c, %0, %y : i32
  %2 = arith.select %c, %x, %0 : i32
  %n = arith.xori %c, %c : i1
  %t = arith.constant true
  %nc = arith.xori %c, %t : i1
  %3 = arith.select %nc, %x, %y : i32
  return %1, %2, %3, %0 : i32, i32, i32, i32
}
func.func @index(%i: index, %j: index) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = arith.addi %i, %c0 : index
  %1 = arith.muli %i, %c1 : index
  %2 = arith.subi %i, %i : index
  %a = arith.addi %i, %c1 : index
  %3 = arith.addi %a, %c1 : index
  return %0, %1, %2, %3 : index, index, index, index
}
func.func @assoc(%x: i32) -> (i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = arith.addi %x, %c1 : i32
  %0 = arith.addi %a, %c2 : i32
  %s = arith.subi %x, %c1 : i32
  %1 = arith.addi %s, %c2 : i32
  %m = arith.muli %x, %c2 : i32
  %2 = arith.muli %m, %c2 : i32
  return %0, %1, %2 : i32, i32, i32
}
