// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// An attribute alias defined twice.

#a = 1 : i32
// expected-error@+1 {{redefinition of attribute alias id 'a'}}
#a = 2 : i32
func.func private @f() attributes {x = #a}
