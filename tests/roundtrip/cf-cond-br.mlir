// RUN: %roundtrip %s
// cf.cond_br: without operands, with operands on either or both successors,
// the same successor twice, and branch weights.

func.func @cond_br(%c: i1, %a: i32, %b: i64) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.cond_br %c, ^bb3(%a : i32), ^bb4
^bb2:
  cf.cond_br %c, ^bb4, ^bb3(%a : i32)
^bb3(%x: i32):
  cf.cond_br %c, ^bb5(%x, %b : i32, i64), ^bb5(%a, %b : i32, i64)
^bb4:
  cf.cond_br %c weights([10, 90]), ^bb3(%a : i32), ^bb4
^bb5(%y: i32, %z: i64):
  return %y : i32
}
