// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Only \\, \", \n, \t and two hex digits may follow a backslash.

// expected-error@+1 {{unknown escape in string literal}}
func.func private @f() attributes {s = "bad \q escape"}
