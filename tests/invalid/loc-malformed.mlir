// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Malformed location specifiers.

func.func @f() {
  // expected-error@+1 {{expected location instance}}
  return loc(nonsense)
}

// -----

func.func @g() {
  // expected-error@+1 {{expected integer line number in FileLineColRange}}
  return loc("file.c":x:1)
}

// -----

func.func @h() {
  // expected-error@+1 {{expected 'at' in callsite location}}
  return loc(callsite("a" "b"))
}

// -----

func.func @i() {
  // expected-error@+1 {{operation location alias was never defined}}
  return loc(#undefined_loc)
}
