// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// func.func bodies cannot use values from outside.

%outer = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-note@+1 {{required by region isolation constraints}}
func.func @f() -> i32 {
  // expected-error@+1 {{'func.return' op using value defined outside the region}}
  return %outer : i32
}
