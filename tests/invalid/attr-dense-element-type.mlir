// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Dense literals with values of the wrong kind.

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
func.func private @f() attributes {a = dense<[1.5, 2.0]> : tensor<2xi32>}

// -----

// expected-error@+1 {{parsed 2 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements}}
func.func private @g() attributes {a = dense<[1, 2]> : tensor<2xcomplex<f32>>}

// -----

// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
func.func private @i() attributes {a = dense<"str"> : tensor<2xi32>}

// -----

// expected-error@+1 {{expected floating point literal}}
func.func private @h() attributes {a = dense<true> : tensor<2xf32>}
