// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// A string literal running to the end of the line.

// expected-error@+1 {{expected '"' in string literal}}
func.func private @f() attributes {s = "no closing quote}
