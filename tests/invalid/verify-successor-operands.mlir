// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Branch operands must match the target block's arguments.

func.func @f(%a: i32) {
  // expected-error@+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%a : i32)
^bb1:
  return
}

// -----

func.func @g(%a: i32) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%a : i32)
^bb1(%x: f32):
  return
}

// -----

func.func @h(%c: i1, %a: i64) {
  // expected-error@+1 {{branch has 0 operands for successor #0, but target block has 1}}
  cf.cond_br %c, ^bb1, ^bb1(%a : i64)
^bb1(%x: i64):
  return
}
