// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Uses in a block not dominated by the defining block.

func.func @f(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^left, ^right
^left:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %x = arith.addi %a, %a : i32
  cf.br ^join
^right:
  cf.br ^join
^join:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  return %x : i32
}

// -----

func.func @g(%a: i32) -> i32 {
  cf.br ^bb2
^bb1:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %x = arith.addi %a, %a : i32
  cf.br ^bb2
^bb2:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  return %x : i32
}
