// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Bare keywords that are not attributes.

// expected-error@+1 {{expected attribute value}}
func.func private @f() attributes {a = notanattribute<1>}
