// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// A terminator followed by more ops.

func.func @f() {
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  return
  "func.return"() : () -> ()
}

// -----

func.func @g() {
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  cf.br ^bb1
  cf.br ^bb1
^bb1:
  return
}
