// Constant folding with wrap-around, signed/unsigned division rounding,
// shifts, min/max, and i1/i8 edge values.
func.func @fold() -> (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i1, i1, i64, i64, index) {
  %max = arith.constant 127 : i8
  %min = arith.constant -128 : i8
  %one = arith.constant 1 : i8
  %m7 = arith.constant -7 : i8
  %two = arith.constant 2 : i8
  %three = arith.constant 3 : i8
  %0 = arith.addi %max, %one : i8
  %1 = arith.subi %min, %one : i8
  %2 = arith.muli %max, %two : i8
  %3 = arith.divsi %m7, %two : i8
  %4 = arith.divui %m7, %two : i8
  %5 = arith.remsi %m7, %three : i8
  %6 = arith.remui %m7, %three : i8
  %7 = arith.ceildivsi %m7, %two : i8
  %8 = arith.floordivsi %m7, %two : i8
  %9 = arith.shli %max, %three : i8
  %10 = arith.shrsi %min, %three : i8
  %11 = arith.shrui %min, %three : i8
  %12 = arith.maxsi %min, %max : i8
  %13 = arith.maxui %min, %max : i8
  %t = arith.constant true
  %f = arith.constant false
  %14 = arith.addi %t, %t : i1
  %15 = arith.muli %t, %f : i1
  %big = arith.constant 9223372036854775807 : i64
  %cm1 = arith.constant -1 : i64
  %16 = arith.addi %big, %big : i64
  %17 = arith.divui %cm1, %big : i64
  %ci = arith.constant 10 : index
  %cj = arith.constant -3 : index
  %18 = arith.remsi %ci, %cj : index
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18 : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i1, i1, i64, i64, index
}
