// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// SSA values and blocks defined twice.

func.func @f(%a: i32) {
  // expected-note@+1 {{previously defined here}}
  %x = arith.addi %a, %a : i32
  // expected-error@+1 {{redefinition of SSA value '%x'}}
  %x = arith.muli %a, %a : i32
  return
}

// -----

func.func @g() {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
// expected-error@+1 {{redefinition of block '^bb1'}}
^bb1:
  return
}

// -----

// expected-error@+2 {{region entry argument '%a' is already in use}}
// expected-note@+1 {{previously referenced here}}
func.func @h(%a: i32, %a: i32) {
  return
}
