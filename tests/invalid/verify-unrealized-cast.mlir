// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// unrealized_conversion_cast needs at least one result.

func.func @f(%a: i32) {
  // expected-error@+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
  "builtin.unrealized_conversion_cast"(%a) : (i32) -> ()
  return
}
