// A space between `expected-error` and its designator is allowed, as in
// mlir-opt (its pattern is `expected-(error|...)(-re)? *(@...)?`).
// RUN: strata-opt %s --split-input-file --verify-diagnostics
// RUN: mlir-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{custom op 'foo' is unknown}}
foo

// -----

func.func @f() {
  // expected-error @+2 {{'func.return' op has 1 operands, but enclosing function (@f) returns 0}}
  %c = arith.constant 0 : i32
  func.return %c : i32
}
