// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Malformed attribute dictionaries.

// expected-error@+1 {{expected attribute value}}
func.func private @f() attributes {a = }

// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
func.func private @g() attributes {a = 1, a = 2}

// -----

// expected-error@+1 {{expected attribute name}}
func.func private @h() attributes {= 1}
