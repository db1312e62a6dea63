// Loops: the header dominates body and exit; block arguments are distinct
// values even when they always receive the same operand.
func.func @loop(%n: index, %a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s0 = arith.muli %a, %a : i32
  cf.br ^hdr(%c0, %s0, %a, %a : index, i32, i32, i32)
^hdr(%i: index, %acc: i32, %p: i32, %q: i32):
  %cond = arith.cmpi slt, %i, %n : index
  %sq = arith.muli %a, %a : i32
  %pp = arith.addi %p, %a : i32
  %qq = arith.addi %q, %a : i32
  cf.cond_br %cond, ^body, ^exit
^body:
  %sq2 = arith.muli %a, %a : i32
  %t = arith.addi %acc, %sq2 : i32
  %c1b = arith.constant 1 : index
  %inext = arith.addi %i, %c1b : index
  %cond2 = arith.cmpi slt, %i, %n : index
  %t2 = arith.select %cond2, %t, %acc : i32
  cf.br ^hdr(%inext, %t2, %a, %a : index, i32, i32, i32)
^exit:
  %sq3 = arith.muli %a, %a : i32
  %r = arith.addi %acc, %sq3 : i32
  %r2 = arith.addi %r, %pp : i32
  %r3 = arith.addi %r2, %qq : i32
  return %r3 : i32
}
