// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Blocks must end with a terminator.

func.func @f() {
  // expected-error@+1 {{block with no terminator, has %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32}}
  %0 = arith.constant 1 : i32
}

// -----

func.func @g(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return
^bb2:
  // expected-error@+1 {{block with no terminator, has %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32}}
  %0 = arith.constant 1 : i32
}
