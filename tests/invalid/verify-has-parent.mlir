// RUN: strata-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect
// RUN: mlir-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect
// RUN: not strata-opt %s -split-input-file --allow-unregistered-dialect -o /dev/null 2>/dev/null
// HasParent: func.return only ends a func.func body (messages as mlir-opt's).

// expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
func.return

// -----

builtin.module {
  // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
  "func.return"() {attr = 1} : () -> ()
}

// -----

func.func @f() {
  "test.region"() ({
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }) : () -> ()
  return
}

// -----

"test.isolated"() ({
  // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The parent is checked before the op's place in its block.
func.func @g() {
  "test.region"() ({
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
    "test.op"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Only the immediate parent counts: an enclosing func.func further up does not.
"test.isolated"() ({
  func.func private @h(%a: i32) -> i32 {
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    "test.region"() ({ func.return }) : () -> ()
    return %a : i32
  }
}) : () -> ()
