// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Float attributes with non-float types.

// expected-error@+1 {{floating point value not valid for specified type}}
func.func private @f() attributes {a = 1.0 : i32}

// -----

// expected-error@+1 {{floating point value not valid for specified type}}
func.func private @g() attributes {a = 1.0 : tensor<f32>}
