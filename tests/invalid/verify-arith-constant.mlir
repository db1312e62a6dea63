// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// arith.constant values must match the result type.

func.func @f() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i64}> : () -> i32
  return
}

// -----

func.func @g() {
  // expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
  // expected-note@+1 {{add a trailing dot to make the literal a float}}
  %0 = arith.constant dense<1> : tensor<4xf32>
  return
}

// -----

func.func @h() {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = arith.constant "string" : i32
  return
}
