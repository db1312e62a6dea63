// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Malformed generic operations.

func.func @f(%a: i32) {
  // expected-error@+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
  "foo.op"(%a : (i32) -> ()
  return
}

// -----

func.func @g(%a: i32) {
  // expected-error@+1 {{expected '{' to begin a region}}
  %0 = "arith.addi"(%a, %a) (i32, i32) -> i32
  return
}

// -----

func.func @h(%a: i32) {
  // expected-error@+1 {{expected function type}}
  %0 = "arith.addi"(%a, %a) : i32
  return
}
