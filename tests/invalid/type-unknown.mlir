// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Type names that do not exist.

// expected-error@+1 {{expected non-function type}}
func.func private @f(i32x)

// -----

// expected-error@+1 {{expected non-function type}}
func.func private @g(f33)

// -----

// expected-error@+1 {{expected non-function type}}
func.func private @h(tensor<4xfoo>)

// -----

// expected-error@+1 {{undefined symbol alias id 'undefined_alias'}}
func.func private @i(!undefined_alias)
