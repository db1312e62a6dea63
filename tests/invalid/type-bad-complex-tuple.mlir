// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// complex<> needs an int or float element type.

// expected-error@+1 {{invalid element type for complex}}
func.func private @f(complex<index>)

// -----

// expected-error@+1 {{expected '>' in complex type}}
func.func private @g(complex<f32)
