// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Dense arrays with bad element types or values.

// expected-error@+1 {{integer constant out of range}}
func.func private @f() attributes {a = array<i8: 300>}

// -----

// expected-error@+1 {{expected integer literal}}
func.func private @g() attributes {a = array<i32: 1.5>}

// -----

// expected-error@+1 {{expected integer or float type, got: 'tensor<2xi32>'}}
func.func private @h() attributes {a = array<tensor<2xi32>: 1>}
