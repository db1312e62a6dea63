// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// func.return must match the enclosing function's result types.

func.func @f() -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@f) returns 1}}
  return
}

// -----

func.func @g(%a: i64) -> i32 {
  // expected-error@+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @g}}
  return %a : i64
}

// -----

func.func @h(%a: i32) {
  // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@h) returns 0}}
  return %a : i32
}
