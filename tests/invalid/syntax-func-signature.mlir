// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Malformed function signatures.

// expected-error@+1 {{expected non-function type}}
func.func @f(%a: ) {
  return
}

// -----

// expected-error@+1 {{expected ':'}}
func.func @g(%a i32) {
  return
}

// -----

// expected-error@+1 {{expected non-function type}}
func.func @h() -> {
  return
}

// -----

// expected-error@+1 {{custom op 'func.func' expected valid '@'-identifier for symbol name}}
func.func f() {
  return
}
