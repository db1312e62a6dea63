// Integer identities: x+0, 0+x, x-0, x-x, x*1, x*0, x&x, x&0, x&-1, x|x,
// x|0, x|-1, x^x, x^0, shifts by 0, division/remainder by 1, min/max of
// equal operands, and the same on i1, i8, i64 and index.
func.func @ids(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm1 = arith.constant -1 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.addi %c0, %x : i32
  %2 = arith.subi %x, %c0 : i32
  %3 = arith.subi %x, %x : i32
  %4 = arith.muli %x, %c1 : i32
  %5 = arith.muli %c0, %x : i32
  %6 = arith.andi %x, %x : i32
  %7 = arith.andi %x, %c0 : i32
  %8 = arith.andi %x, %cm1 : i32
  %9 = arith.ori %x, %x : i32
  %10 = arith.ori %x, %c0 : i32
  %11 = arith.ori %x, %cm1 : i32
  %12 = arith.xori %x, %x : i32
  %13 = arith.xori %x, %c0 : i32
  %14 = arith.shli %x, %c0 : i32
  %15 = arith.shrsi %x, %c0 : i32
  %16 = arith.divsi %x, %c1 : i32
  %17 = arith.divui %x, %c1 : i32
  %18 = arith.remsi %x, %c1 : i32
  %19 = arith.remui %x, %c1 : i32
  %20 = arith.maxsi %x, %x : i32
  %21 = arith.minui %x, %x : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}
func.func @other_types(%b: i1, %c: i8, %d: i64, %e: index) -> (i1, i1, i1, i8, i8, i64, i64, index, index, index) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.andi %b, %t : i1
  %1 = arith.ori %b, %f : i1
  %2 = arith.xori %b, %t : i1
  %c0_i8 = arith.constant 0 : i8
  %3 = arith.maxui %c, %c0_i8 : i8
  %4 = arith.minsi %c, %c : i8
  %c1_i64 = arith.constant 1 : i64
  %5 = arith.muli %c1_i64, %d : i64
  %6 = arith.ceildivsi %d, %c1_i64 : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %7 = arith.addi %e, %c0 : index
  %8 = arith.floordivsi %e, %c1 : index
  %9 = arith.subi %e, %e : index
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i8, i8, i64, i64, index, index, index
}
