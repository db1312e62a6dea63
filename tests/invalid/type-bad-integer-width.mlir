// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Integer widths beyond the maximum.

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
func.func private @f(i16777216)
