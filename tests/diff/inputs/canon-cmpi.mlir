// cmpi: equal operands for every predicate, constant operands, constants on
// the left (swapped to the right), comparisons of extended i1 values.
func.func @cmp(%x: i32, %b: i1) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = arith.cmpi eq, %x, %x : i32
  %1 = arith.cmpi ne, %x, %x : i32
  %2 = arith.cmpi slt, %x, %x : i32
  %3 = arith.cmpi sle, %x, %x : i32
  %4 = arith.cmpi ugt, %x, %x : i32
  %5 = arith.cmpi uge, %x, %x : i32
  %c5 = arith.constant 5 : i32
  %cm1 = arith.constant -1 : i32
  %6 = arith.cmpi slt, %c5, %cm1 : i32
  %7 = arith.cmpi ult, %c5, %cm1 : i32
  %8 = arith.cmpi sgt, %c5, %x : i32
  %c0 = arith.constant 0 : i32
  %9 = arith.cmpi ult, %x, %c0 : i32
  %10 = arith.cmpi uge, %x, %c0 : i32
  %e = arith.extui %b : i1 to i32
  %11 = arith.cmpi ne, %e, %c0 : i32
  %12 = arith.cmpi eq, %e, %c0 : i32
  %s = arith.extsi %b : i1 to i32
  %13 = arith.cmpi eq, %s, %cm1 : i32
  %t = arith.constant true
  %14 = arith.cmpi eq, %b, %t : i1
  %15 = arith.cmpi ne, %b, %t : i1
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}
