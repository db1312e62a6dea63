// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// A `%` must be followed by a suffix id.

func.func @f() {
  // expected-error@+1 {{invalid SSA name}}
  % = arith.constant 1 : i32
  return
}
