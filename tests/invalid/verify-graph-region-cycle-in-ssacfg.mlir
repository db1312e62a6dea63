// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Cycles are only allowed in graph regions, not in function bodies.

func.func @f() {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  %a = arith.addi %b, %b : i32
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %b = arith.addi %a, %a : i32
  return
}
