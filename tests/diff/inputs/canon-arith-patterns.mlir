// Reassociation and algebraic patterns of arith: (x + c1) + c2, (x - c1) + c2,
// (c1 - x) - c2, x * c1 * c2, (a - b) + b, (a + b) - b, xor(xor(a, b), b),
// and(x, not x)-like cases, overflow flags merged by the patterns.
func.func @pat(%x: i32, %a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %x, %c3 : i32
  %1 = arith.addi %0, %c5 : i32
  %2 = arith.subi %x, %c3 : i32
  %3 = arith.addi %2, %c5 : i32
  %4 = arith.subi %c3, %x : i32
  %5 = arith.subi %4, %c5 : i32
  %6 = arith.muli %x, %c3 : i32
  %7 = arith.muli %6, %c5 : i32
  %8 = arith.subi %a, %b : i32
  %9 = arith.addi %8, %b : i32
  %10 = arith.addi %a, %b : i32
  %11 = arith.subi %10, %b : i32
  %12 = arith.xori %a, %b : i32
  %13 = arith.xori %12, %b : i32
  %n1 = arith.addi %x, %c3 overflow<nsw> : i32
  %n2 = arith.addi %n1, %c5 overflow<nsw> : i32
  %m1 = arith.addi %x, %c3 overflow<nsw, nuw> : i32
  %m2 = arith.addi %m1, %c5 overflow<nuw> : i32
  return %1, %3, %5, %7, %9, %11, %13, %n2, %m2, %0 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}
func.func @bool(%p: i1, %q: i1, %x: i64) -> (i1, i1, i64, i1) {
  %t = arith.constant true
  %np = arith.xori %p, %t : i1
  %0 = arith.andi %p, %np : i1
  %1 = arith.ori %p, %np : i1
  %e = arith.extui %p : i1 to i64
  %2 = arith.andi %e, %x : i64
  %nn = arith.xori %np, %t : i1
  return %0, %1, %2, %nn : i1, i1, i64, i1
}
