// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Uses of SSA names that are never defined.

func.func @f() -> i32 {
  // expected-error@+1 {{use of undeclared SSA value name}}
  return %nowhere : i32
}

// -----

func.func @g(%a: i32) -> i32 {
  // expected-error@+1 {{use of undeclared SSA value name}}
  %0 = arith.addi %a, %undefined : i32
  return %0 : i32
}
