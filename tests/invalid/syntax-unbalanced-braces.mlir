// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Region and parenthesis nesting errors.

func.func @f() {
  // expected-error@+1 {{expected operation name in quotes}}
  return

// -----

func.func @g(%a: i32 {
  return
// expected-error@+1 {{expected ')'}}
}

// -----

func.func @h() {
  return
// expected-error@+1 {{expected operation name in quotes}}
}
}
