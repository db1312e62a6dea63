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

// -----

// Float formats narrower than whole bytes have no dense-array storage.
// expected-error@+1 {{element type bitwidth must be a multiple of 8}}
func.func private @k() attributes {a = array<tf32: 0.1>}

// -----

// expected-error@+1 {{element type bitwidth must be a multiple of 8}}
func.func private @l() attributes {a = array<f4E2M1FN: 0.5>}
