// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Successors and regions on ops that do not take them.

func.func @f(%a: i32) {
  // expected-error@+1 {{successors in non-terminator}}
  %0 = "arith.addi"(%a, %a)[^bb1] : (i32, i32) -> i32
^bb1:
  return
}

// -----

func.func @g(%a: i32) {
  // expected-error@+1 {{'arith.addi' op requires zero regions}}
  %0 = "arith.addi"(%a, %a) ({
  }) : (i32, i32) -> i32
  return
}
