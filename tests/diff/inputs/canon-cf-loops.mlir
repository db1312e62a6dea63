// Loops: block arguments that always receive the same value, dead block
// arguments, identical blocks merged, unreachable blocks dropped, and a
// back edge through a pass-through block.
func.func @lp(%n: i64, %a: i32) -> i32 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  cf.br ^hdr(%c0, %a, %a, %c0 : i64, i32, i32, i64)
^hdr(%i: i64, %acc: i32, %same: i32, %dead: i64):
  %lt = arith.cmpi slt, %i, %n : i64
  cf.cond_br %lt, ^body, ^exit
^body:
  %next = arith.addi %i, %c1 : i64
  %acc2 = arith.addi %acc, %same : i32
  %d2 = arith.muli %dead, %i : i64
  cf.br ^latch(%next, %acc2 : i64, i32)
^latch(%n2: i64, %a2: i32):
  cf.br ^hdr(%n2, %a2, %a, %d2 : i64, i32, i32, i64)
^exit:
  return %acc : i32
^unreachable:
  %x = arith.addi %a, %a : i32
  cf.br ^hdr(%c0, %x, %a, %c0 : i64, i32, i32, i64)
}
func.func @merge_identical(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%0: i32):
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
^bb2(%2: i32):
  %3 = arith.muli %2, %2 : i32
  return %3 : i32
}
