// Deliberately undefined or overflowing constant cases: division by zero,
// INT_MIN / -1, shifts by >= the bit width. The folders refuse (or not) in
// specific ways; strata-opt must do exactly the same.
func.func @ub(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %cm1 = arith.constant -1 : i32
  %min = arith.constant -2147483648 : i32
  %c32 = arith.constant 32 : i32
  %c33 = arith.constant 33 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.divsi %c5, %c0 : i32
  %1 = arith.divui %x, %c0 : i32
  %2 = arith.remsi %c5, %c0 : i32
  %3 = arith.divsi %min, %cm1 : i32
  %4 = arith.ceildivsi %min, %cm1 : i32
  %5 = arith.floordivsi %min, %cm1 : i32
  %6 = arith.shli %c5, %c32 : i32
  %7 = arith.shrsi %c5, %c33 : i32
  %8 = arith.shrui %x, %c32 : i32
  %9 = arith.remsi %min, %cm1 : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}
