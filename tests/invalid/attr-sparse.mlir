// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Malformed sparse<...> elements attributes.

// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[0, 5], and type='tensor<3x4xi32>'}}
func.func private @f() attributes {a = sparse<[[0, 5]], [1]> : tensor<3x4xi32>}

// -----

// expected-error@+1 {{expected shape ([3]); inferred shape of indices literal ([1, 1]); inferred shape of values literal ([2])}}
func.func private @f() attributes {a = sparse<[[0]], [1, 2]> : tensor<3xi32>}

// -----

// expected-error@+1 {{expected shape ([3, 3]); inferred shape of indices literal ([2]); inferred shape of values literal ([2])}}
func.func private @f() attributes {a = sparse<[0, 2], [1, 2]> : tensor<3x3xi32>}

// -----

// expected-error@+1 {{expected 1-d tensor for sparse element values}}
func.func private @f() attributes {a = sparse<[[0]], [[1]]> : tensor<3xi32>}

// -----

// expected-error@+1 {{Expected '<' after 'sparse'}}
func.func private @f() attributes {a = sparse [[0]], [1]> : tensor<3xi32>}

// -----

// expected-error@+1 {{expected ','}}
func.func private @f() attributes {a = sparse<[[0]] [1]> : tensor<3xi32>}

// -----

// expected-error@+1 {{elements literal type must have static shape}}
func.func private @f() attributes {a = sparse<[[0]], [1]> : tensor<?xi32>}

// -----

// expected-error@+1 {{elements literal must be a shaped type}}
func.func private @f() attributes {a = sparse<[[0]], [1]> : i32}

// -----

// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[18446744073709551615], and type='tensor<3xi32>'}}
func.func private @f() attributes {a = sparse<[[-1]], [1]> : tensor<3xi32>}

// -----

// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[7, 7], and type='tensor<3x3xi32>'}}
func.func private @f() attributes {a = sparse<7, 1> : tensor<3x3xi32>}

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
func.func private @f() attributes {a = sparse<[[0]], [1.5]> : tensor<3xi32>}
