// select: constant condition, equal arms, i1 selects of true/false
// (become the condition or its negation), nested selects on one condition.
func.func @sel(%c: i1, %d: i1, %a: i32, %b: i32) -> (i32, i32, i32, i1, i1, i1, i1, i32, i32) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %t, %a, %b : i32
  %1 = arith.select %f, %a, %b : i32
  %2 = arith.select %c, %a, %a : i32
  %3 = arith.select %c, %t, %f : i1
  %4 = arith.select %c, %f, %t : i1
  %5 = arith.select %c, %d, %f : i1
  %6 = arith.select %c, %t, %d : i1
  %7 = arith.select %c, %a, %b : i32
  %8 = arith.select %c, %7, %b : i32
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %9 = arith.select %c, %c1, %c0 : i32
  return %0, %1, %2, %3, %4, %5, %6, %8, %9 : i32, i32, i32, i1, i1, i1, i1, i32, i32
}
