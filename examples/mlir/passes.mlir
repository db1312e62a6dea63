// A small program for `strata-opt -cse -canonicalize` (or -inline,
// -symbol-dce): duplicate expressions, foldable constants, a branch on a
// constant, a private helper called once, and an unused private function.

func.func private @square(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}

func.func private @unused(%x: i32) -> i32 {
  return %x : i32
}

func.func @main(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %six = arith.muli %c2, %c3 : i32
  %s0 = arith.addi %a, %b : i32
  %s1 = arith.addi %a, %b : i32
  %p = arith.muli %s0, %s1 : i32
  %z = arith.addi %p, %c0 : i32
  %q = func.call @square(%z) : (i32) -> i32
  %true = arith.constant true
  cf.cond_br %true, ^bb1(%q : i32), ^bb2(%six : i32)
^bb1(%r: i32):
  %r2 = arith.addi %r, %six : i32
  return %r2 : i32
^bb2(%t: i32):
  return %t : i32
}
