// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// The number of names bound must match the op's results.

func.func @f(%a: i32) {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %0, %1 = arith.addi %a, %a : i32
  return
}

// -----

func.func @g(%a: i32) {
  // expected-error@+1 {{operation defines 1 results but was provided 3 to bind}}
  %0:3 = arith.addi %a, %a : i32
  return
}
