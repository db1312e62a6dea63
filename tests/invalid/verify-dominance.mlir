// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Values used where their definition does not dominate.

func.func @f(%a: i32) -> i32 {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  %0 = arith.addi %1, %a : i32
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %1 = arith.muli %a, %a : i32
  return %0 : i32
}

// -----

func.func @g(%a: i32) -> i32 {
  // expected-error@+2 {{operand #0 does not dominate this use}}
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %0 = arith.addi %0, %a : i32
  return %0 : i32
}
