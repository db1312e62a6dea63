// CSE across blocks: an op in a dominating block replaces duplicates below;
// duplicates in sibling branches stay; the merge block sees only the
// dominator's values.
func.func @diamond(%a: i32, %b: i32, %c: i1) -> i32 {
  %0 = arith.addi %a, %b : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = arith.addi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.addi %1, %2 : i32
  cf.br ^bb3(%3 : i32)
^bb2:
  %4 = arith.muli %a, %b : i32
  %5 = arith.addi %a, %b : i32
  %6 = arith.subi %4, %5 : i32
  cf.br ^bb3(%6 : i32)
^bb3(%7: i32):
  %8 = arith.muli %a, %b : i32
  %9 = arith.addi %a, %b : i32
  %10 = arith.addi %7, %8 : i32
  %11 = arith.addi %10, %9 : i32
  return %11 : i32
}
func.func @chain_of_blocks(%a: i64) -> i64 {
  %0 = arith.muli %a, %a : i64
  cf.br ^bb1
^bb1:
  %1 = arith.muli %a, %a : i64
  cf.br ^bb2
^bb2:
  %2 = arith.muli %a, %a : i64
  %3 = arith.addi %1, %2 : i64
  %4 = arith.addi %0, %3 : i64
  return %4 : i64
}
