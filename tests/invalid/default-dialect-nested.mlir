// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// A bare op name takes the default dialect of the closest custom-form op
// being parsed: scf, affine and llvm ops declare none (so `call` is looked
// up as `.call`), and an op in generic form pushes nothing (inside a generic
// func.func, the enclosing default, `builtin`, still applies). The note
// lists the registered dialects, which differ between tools, so only its
// prefix is pinned.

func.func private @g()
func.func @in_scf_if(%c: i1) {
  scf.if %c {
    // expected-error@+2 {{Dialect `' not found for custom op 'call'  (tried '.call' as well)}}
    // expected-note@+1 {{Available dialects: }}
    call @g() : () -> ()
  }
  return
}

// -----

func.func private @g()
func.func @in_scf_for(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error@+2 {{Dialect `' not found for custom op 'call'  (tried '.call' as well)}}
    // expected-note@+1 {{Available dialects: }}
    call @g() : () -> ()
  }
  return
}

// -----

func.func private @g()
func.func @in_affine_for() {
  affine.for %i = 0 to 10 {
    // expected-error@+2 {{Dialect `' not found for custom op 'call'  (tried '.call' as well)}}
    // expected-note@+1 {{Available dialects: }}
    call @g() : () -> ()
  }
  return
}

// -----

"func.func"() <{function_type = () -> (), sym_name = "generic"}> ({
  // expected-error@+1 {{custom op 'call' is unknown (tried 'builtin.call' as well)}}
  call @generic() : () -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

llvm.func @in_llvm_func() {
  // expected-error@+2 {{Dialect `' not found for custom op 'return'  (tried '.return' as well)}}
  // expected-note@+1 {{Available dialects: }}
  return
}
