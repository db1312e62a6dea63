// Duplicate pure ops removed by -cse, across blocks in dominance order.
func.func @cse(%a: i64, %b: i64, %c: i1) -> i64 {
  %0 = arith.addi %a, %b : i64
  %1 = arith.addi %a, %b : i64
  %2 = arith.muli %0, %1 : i64
  %k1 = arith.constant 7 : i64
  %k2 = arith.constant 7 : i64
  cf.cond_br %c, ^l, ^r
^l:
  %3 = arith.addi %a, %b : i64
  %4 = arith.muli %3, %k2 : i64
  cf.br ^m(%4 : i64)
^r:
  %5 = arith.muli %0, %1 : i64
  cf.br ^m(%5 : i64)
^m(%x: i64):
  %6 = arith.addi %x, %k1 : i64
  return %6 : i64
}
