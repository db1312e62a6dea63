// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// cf.cond_br and cf.assert need an i1 condition.

// expected-note@+1 {{prior use here}}
func.func @f(%c: i32) {
  // expected-error@+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  cf.cond_br %c, ^bb1, ^bb1
^bb1:
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @g(%c: i32) {
  // expected-error@+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  cf.assert %c, "msg"
  return
}
