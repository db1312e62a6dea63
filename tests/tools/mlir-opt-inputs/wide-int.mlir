// i64 arithmetic emulated with i32 halves by --arith-emulate-wide-int.
func.func @wide(%a: i64, %b: i64) -> i64 {
  %0 = arith.addi %a, %b : i64
  %1 = arith.muli %0, %b : i64
  %2 = arith.xori %1, %a : i64
  %3 = arith.cmpi ult, %2, %b : i64
  %4 = arith.select %3, %2, %b : i64
  return %4 : i64
}
