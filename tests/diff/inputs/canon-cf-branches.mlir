// cf canonicalizations: cond_br on a constant, cond_br with equal successors
// and operands, branch to a block with one predecessor (merged), pass-through
// blocks (forwarded), cond_br on the negation of a condition.
func.func @cb(%a: i32, %b: i32, %c: i1) -> i32 {
  %t = arith.constant true
  cf.cond_br %t, ^bb1, ^bb2
^bb1:
  cf.cond_br %c, ^bb3(%a : i32), ^bb3(%a : i32)
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%0: i32):
  cf.br ^bb4
^bb4:
  %1 = arith.addi %0, %a : i32
  cf.br ^bb5(%1 : i32)
^bb5(%2: i32):
  %nc = arith.xori %c, %t : i1
  cf.cond_br %nc, ^bb6, ^bb7
^bb6:
  cf.br ^bb8(%2 : i32)
^bb7:
  cf.br ^bb8(%a : i32)
^bb8(%3: i32):
  return %3 : i32
}
func.func @same_cond(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.cond_br %c, ^bb3(%a : i32), ^bb3(%b : i32)
^bb2:
  cf.cond_br %c, ^bb3(%b : i32), ^bb3(%a : i32)
^bb3(%0: i32):
  return %0 : i32
}
