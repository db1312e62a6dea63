// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// arith.select condition and value types.

// expected-note@+1 {{prior use here}}
func.func @f(%c: i32, %a: f32) {
  // expected-error@+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  %0 = arith.select %c, %a, %a : f32
  return
}

// -----

func.func @g(%c: vector<8xi1>, %a: vector<4xf32>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %a, %a : vector<8xi1>, vector<4xf32>
  return
}
