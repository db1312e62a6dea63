// RUN: %roundtrip %s
// Blocks are printed in their textual order (not CFG order) and renumbered
// ^bb0, ^bb1, ...; the entry block never gets a label; blocks that are only
// reached later still dominate-check by the CFG, not by text order.

func.func @order(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^last, ^middle
^unused_first:
  return %a : i32
^middle:
  %m = arith.addi %a, %a : i32
  cf.br ^last
^last:
  return %a : i32
}
