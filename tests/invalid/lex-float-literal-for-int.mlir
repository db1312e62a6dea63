// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// A float literal where an integer type is given. mlir-opt reports this
// at the token after the type (here: `return` on the next line).

func.func @f() {
  %0 = arith.constant 1.5 : i32
  // expected-error@+1 {{floating point value not valid for specified type}}
  return
}
