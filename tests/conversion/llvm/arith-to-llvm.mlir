// RUN: strata-opt %s --split-input-file -convert-arith-to-llvm > %t.strata
// RUN: mlir-opt %s --split-input-file -convert-arith-to-llvm > %t.ref
// RUN: diff %t.ref %t.strata
// RUN: mlir-opt %t.strata --split-input-file | diff %t.strata -
// convert-arith-to-llvm against mlir-opt at test time: integer, float,
// comparison, cast and select ops on converted operands (index as i64,
// with unrealized casts for the users left behind), constants of every
// kind, index_cast widths, overflow flags, and upstream's fold-before-
// pattern (constant operands fold to one llvm.mlir.constant, x + 0 is x).

func.func @integers(%a: i32, %b: i32, %i: index, %j: index) -> i32 {
  %0 = arith.addi %a, %b overflow<nsw> : i32
  %1 = arith.subi %0, %b : i32
  %2 = arith.muli %1, %a overflow<nsw, nuw> : i32
  %3 = arith.divsi %2, %b : i32
  %4 = arith.divui %3, %b : i32
  %5 = arith.remsi %4, %a : i32
  %6 = arith.remui %5, %a : i32
  %7 = arith.andi %6, %b : i32
  %8 = arith.ori %7, %b : i32
  %9 = arith.xori %8, %a : i32
  %10 = arith.shli %9, %a : i32
  %11 = arith.shrsi %10, %b : i32
  %12 = arith.shrui %11, %b : i32
  %13 = arith.addi %i, %j : index
  %14 = arith.muli %13, %i : index
  %15 = arith.index_cast %14 : index to i32
  %16 = arith.addi %12, %15 : i32
  return %16 : i32
}

// -----

func.func @floats(%x: f64, %y: f64, %z: f32) -> f64 {
  %0 = arith.addf %x, %y : f64
  %1 = arith.subf %0, %y : f64
  %2 = arith.mulf %1, %x : f64
  %3 = arith.divf %2, %y : f64
  %4 = arith.remf %3, %x : f64
  %5 = arith.negf %4 : f64
  %6 = arith.extf %z : f32 to f64
  %7 = arith.addf %5, %6 : f64
  %8 = arith.truncf %7 : f64 to f32
  %9 = arith.extf %8 : f32 to f64
  return %9 : f64
}

// -----

func.func @compare_select(%a: i64, %b: i64, %x: f64, %y: f64, %i: index) -> f64 {
  %0 = arith.cmpi slt, %a, %b : i64
  %1 = arith.cmpi uge, %a, %b : i64
  %2 = arith.cmpf olt, %x, %y : f64
  %3 = arith.cmpf une, %x, %y : f64
  %4 = arith.andi %0, %1 : i1
  %5 = arith.ori %2, %3 : i1
  %6 = arith.xori %4, %5 : i1
  %7 = arith.select %6, %x, %y : f64
  %c = arith.constant 4 : index
  %8 = arith.cmpi eq, %i, %c : index
  %9 = arith.select %8, %7, %x : f64
  return %9 : f64
}

// -----

func.func @casts(%a: i32, %b: i64, %x: f64, %i: index) -> i64 {
  %0 = arith.extsi %a : i32 to i64
  %1 = arith.extui %a : i32 to i64
  %2 = arith.trunci %b : i64 to i16
  %3 = arith.sitofp %a : i32 to f64
  %4 = arith.uitofp %b : i64 to f32
  %5 = arith.fptosi %x : f64 to i32
  %6 = arith.fptoui %x : f64 to i64
  %7 = arith.bitcast %x : f64 to i64
  %8 = arith.index_cast %i : index to i64
  %9 = arith.index_cast %a : i32 to index
  %10 = arith.index_castui %i : index to i32
  %11 = arith.index_cast %b : i64 to index
  %12 = arith.addi %0, %1 : i64
  %13 = arith.addi %12, %8 : i64
  %14 = arith.addi %9, %11 : index
  %15 = arith.index_cast %14 : index to i64
  %16 = arith.addi %13, %15 : i64
  return %16 : i64
}

// -----

func.func @constants_and_folds(%a: i64, %i: index) -> (i64, index) {
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %t = arith.constant true
  %f = arith.constant 1.5 : f64
  %h = arith.constant 2.5 : f16
  %ci = arith.constant 7 : index
  %0 = arith.addi %c2, %c3 : i64
  %1 = arith.addi %a, %c0 : i64
  %2 = arith.muli %1, %0 : i64
  %3 = arith.addf %f, %f : f64
  %4 = arith.fptosi %3 : f64 to i64
  %5 = arith.addi %2, %4 : i64
  %6 = arith.addi %i, %ci : index
  %7 = arith.select %t, %5, %a : i64
  %8 = arith.extf %h : f16 to f32
  %9 = arith.fptosi %8 : f32 to i64
  %10 = arith.addi %7, %9 : i64
  return %10, %6 : i64, index
}
