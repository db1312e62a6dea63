// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Custom-form ops with missing or extra pieces.

func.func @f(%a: i32) {
  // expected-error@+1 {{expected ','}}
  %0 = arith.addi %a : i32
  return
}

// -----

func.func @g(%a: i32) {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.addi %a, %a
  return
}

// -----

func.func @h(%a: i32) {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.addi %a, %a, %a : i32
  return
}
