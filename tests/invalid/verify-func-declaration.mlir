// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Function declarations (no body) must not be public.

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @public_decl()
