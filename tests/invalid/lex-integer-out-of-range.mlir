// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Integer literals that do not fit the type.

func.func @f() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 256 : i8
  return
}

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
func.func private @g() attributes {a = 99999999999999999999999 : i64}
