// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Malformed affine maps and integer sets.

// expected-error@+1 {{use of undeclared identifier}}
func.func private @f() attributes {m = affine_map<(d0) -> (d1)>}

// -----

// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
func.func private @g() attributes {m = affine_map<(d0) -> (d0 * d0)>}

// -----

// expected-error@+1 {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}
func.func private @h() attributes {s = affine_set<(d0) : (d0 > 0)>}

// -----

// expected-error@+1 {{missing right operand of binary operator}}
func.func private @i() attributes {m = affine_map<(d0) -> (d0 floordiv 0.5)>}
