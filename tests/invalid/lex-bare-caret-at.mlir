// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// `^` and `@` need an identifier after them.

func.func @f() {
  // expected-error@+1 {{invalid block name}}
  cf.br ^
}

// -----

func.func @g() {
  // expected-error@+1 {{@ identifier expected to start with letter or '_'}}
  func.call @() : () -> ()
  return
}
