// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Characters that start no token (a `/` that does not start `//` is not
// a token either, so C comments fail at the op parser).

func.func @f() {
  // expected-error@+1 {{unexpected character}}
  %0 = arith.constant 1 : i32 ~
  return
}

// -----

// expected-error@+1 {{expected operation name in quotes}}
/* C-style comments do not exist in MLIR */
func.func @g() {
  return
}
