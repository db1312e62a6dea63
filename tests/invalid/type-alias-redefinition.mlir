// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// A type alias defined twice.

!t = i32
// expected-error@+1 {{redefinition of type alias id 't'}}
!t = i64
func.func private @f(!t)
