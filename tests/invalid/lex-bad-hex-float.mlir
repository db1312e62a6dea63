// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Hex float literals must fit in the bit width of the type.

// expected-error@+1 {{hexadecimal float constant out of range for type}}
func.func private @f() attributes {a = 0x123456789 : f32}

// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
func.func private @g() attributes {a = 0x7FC00000 : f16}
