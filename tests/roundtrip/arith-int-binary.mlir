// RUN: %roundtrip %s
// Every integer binary op of arith on scalars: add/sub/mul, the division and
// remainder family, bitwise ops, shifts and min/max.

func.func @int_binary(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %0, %b : i32
  %2 = arith.muli %1, %b : i32
  %3 = arith.divsi %2, %b : i32
  %4 = arith.divui %3, %b : i32
  %5 = arith.ceildivsi %4, %b : i32
  %6 = arith.ceildivui %5, %b : i32
  %7 = arith.floordivsi %6, %b : i32
  %8 = arith.remsi %7, %b : i32
  %9 = arith.remui %8, %b : i32
  %10 = arith.andi %9, %b : i32
  %11 = arith.ori %10, %b : i32
  %12 = arith.xori %11, %b : i32
  %13 = arith.shli %12, %b : i32
  %14 = arith.shrsi %13, %b : i32
  %15 = arith.shrui %14, %b : i32
  %16 = arith.maxsi %15, %b : i32
  %17 = arith.maxui %16, %b : i32
  %18 = arith.minsi %17, %b : i32
  %19 = arith.minui %18, %b : i32
  return %19 : i32
}

func.func @other_types(%i: index, %x: i1, %w: i128) -> (index, i1, i128) {
  %0 = arith.addi %i, %i : index
  %1 = arith.muli %0, %i : index
  %2 = arith.andi %x, %x : i1
  %3 = arith.xori %2, %x : i1
  %4 = arith.shli %w, %w : i128
  %5 = arith.remsi %4, %w : i128
  return %1, %3, %5 : index, i1, i128
}
