// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// func.call must name an existing function with a matching signature.

func.func @f() {
  // expected-error@+1 {{'func.call' op 'missing' does not reference a valid function}}
  call @missing() : () -> ()
  return
}

// -----

func.func private @callee(i32) -> i32
func.func @g(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  %0 = call @callee(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func private @callee(i32) -> i32
func.func @h(%a: i32) {
  // expected-error@+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+2 {{      op result types: 'f32'}}
  // expected-note@+1 {{function result types: 'i32'}}
  %0 = call @callee(%a) : (i32) -> f32
  return
}

// -----

func.func private @callee(i32) -> i32
func.func @i(%a: f32) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  %0 = call @callee(%a) : (f32) -> i32
  return
}
