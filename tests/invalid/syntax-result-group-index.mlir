// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// A `#N` index past the end of a result group.

func.func @f(%a: i32) -> i32 {
  %0:2 = arith.mului_extended %a, %a : i32
  // expected-error@+1 {{reference to invalid result number}}
  return %0#2 : i32
}
