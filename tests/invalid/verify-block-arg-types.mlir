// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Block argument type mismatches with their uses.

// expected-note@+1 {{prior use here}}
func.func @f(%a: i32) -> f32 {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'f32' vs 'i32'}}
  return %a : f32
}
