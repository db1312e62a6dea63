// Blocks unreachable from the entry: duplicates in them.
func.func @unreach(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  return %0 : i32
^bb1:
  %1 = arith.muli %a, %a : i32
  %2 = arith.muli %a, %a : i32
  %3 = arith.addi %1, %2 : i32
  cf.br ^bb2(%3 : i32)
^bb2(%4: i32):
  %5 = arith.muli %a, %a : i32
  %6 = arith.addi %4, %5 : i32
  return %6 : i32
}
