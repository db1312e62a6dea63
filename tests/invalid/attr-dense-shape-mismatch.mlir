// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Dense literals whose structure does not match the type.

// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
func.func private @f() attributes {a = dense<[1, 2]> : tensor<3xi32>}

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
func.func private @g() attributes {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>}

// -----

// expected-error@+1 {{elements literal type must have static shape}}
func.func private @h() attributes {a = dense<1> : tensor<?xi32>}

// -----

// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<4xi32>'}}
func.func private @i() attributes {a = dense<"0x0102"> : tensor<4xi32>}
