// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Custom syntax for ops that do not exist in a registered dialect.

func.func @f(%a: i32) {
  // expected-error@+1 {{custom op 'arith.frobnicate' is unknown}}
  %0 = arith.frobnicate %a : i32
  return
}

// -----

func.func @g() {
  // expected-error@+1 {{custom op 'func.nonexistent' is unknown}}
  func.nonexistent
  return
}
