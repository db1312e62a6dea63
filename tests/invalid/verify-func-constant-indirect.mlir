// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// func.constant and call_indirect type rules.

func.func @f() {
  // expected-error@+1 {{'func.constant' op reference to undefined function 'missing'}}
  %0 = constant @missing : () -> ()
  return
}

// -----

func.func private @callee(i32) -> i32
func.func @g() {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %0 = constant @callee : (i64) -> i32
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @h(%f: (i32) -> i32, %a: f32) {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i32' vs 'f32'}}
  %0 = call_indirect %f(%a) : (i32) -> i32
  return
}
