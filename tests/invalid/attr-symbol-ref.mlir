// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Malformed symbol references.

// expected-error@+1 {{expected nested symbol reference identifier}}
func.func private @f() attributes {a = @a::b}

// -----

// expected-error@+1 {{expected '"' in string literal}}
func.func private @g() attributes {a = @"unterminated}
