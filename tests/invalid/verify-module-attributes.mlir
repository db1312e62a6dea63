// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// builtin.module only accepts dialect-prefixed discardable attributes.

// expected-error@+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'plain'}}
module attributes {plain = 1 : i32} {
}
