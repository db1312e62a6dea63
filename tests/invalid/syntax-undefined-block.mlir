// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Branches to blocks that do not exist.

func.func @f() {
  // expected-error@+1 {{reference to an undefined block}}
  cf.br ^missing
}
