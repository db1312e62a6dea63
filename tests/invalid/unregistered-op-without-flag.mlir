// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Unregistered dialects need --allow-unregistered-dialect.
// (The note after the unknown custom op lists the registered dialects; the
// lists differ between tools, so only its prefix is pinned.)

func.func @f() {
  // expected-error@+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
  "foo.bar"() : () -> ()
  return
}

// -----

func.func @g() {
  // expected-error@+2 {{Dialect `foo' not found for custom op 'foo.custom_form' }}
  // expected-note@+1 {{Available dialects: }}
  foo.custom_form
  return
}
