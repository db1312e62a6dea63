// Worklist order matters for the result (top-down vs bottom-up seeding):
// several patterns compete on one chain, and constant materialization order
// depends on the order ops are folded.
func.func @order(%x: i32, %y: i32) -> (i32, i32, i32) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %a = arith.addi %c2, %c3 : i32
  %b = arith.muli %a, %c4 : i32
  %d = arith.addi %x, %b : i32
  %e = arith.addi %d, %c2 : i32
  %f = arith.subi %e, %c3 : i32
  %g = arith.muli %y, %c4 : i32
  %h = arith.muli %g, %c3 : i32
  %k = arith.addi %h, %a : i32
  %m = arith.subi %c4, %k : i32
  %n = arith.subi %m, %c2 : i32
  return %f, %k, %n : i32, i32, i32
}
