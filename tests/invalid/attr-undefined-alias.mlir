// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Uses of attribute aliases that are never defined.

// expected-error@+1 {{undefined symbol alias id 'never_defined'}}
func.func private @f() attributes {a = #never_defined}
