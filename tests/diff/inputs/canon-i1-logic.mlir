// i1 logic: cmpi results combined with and/or/xor/select, extui of i1,
// xor with true of a cmpi (predicate inverted), select on cmpi.
func.func @logic(%a: i32, %b: i32) -> (i1, i1, i32, i32, i1) {
  %t = arith.constant true
  %0 = arith.cmpi slt, %a, %b : i32
  %1 = arith.xori %0, %t : i1
  %2 = arith.cmpi sge, %a, %b : i32
  %3 = arith.andi %1, %2 : i1
  %4 = arith.ori %0, %2 : i1
  %5 = arith.extui %0 : i1 to i32
  %6 = arith.select %0, %a, %b : i32
  %7 = arith.select %1, %b, %a : i32
  %8 = arith.subi %6, %7 : i32
  %9 = arith.cmpi eq, %6, %7 : i32
  return %3, %4, %5, %8, %9 : i1, i1, i32, i32, i1
}
