// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Symbols must be unique within a symbol table.

// expected-note@+1 {{see existing symbol definition here}}
func.func private @f()
// expected-error@+1 {{redefinition of symbol named 'f'}}
func.func private @f()

// -----

module {
  // expected-note@+1 {{see existing symbol definition here}}
  module @m {
  }
  // expected-error@+1 {{redefinition of symbol named 'm'}}
  func.func private @m()
}
