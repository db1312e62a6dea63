// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null
// RUN: mlir-opt %s -split-input-file -verify-diagnostics
// `{}` for a region that has entry arguments is an empty entry block, not
// a block-less region (MLIR's parseRegion): an affine.for with iter_args
// and an empty body gets the implicit operand-less affine.yield, which the
// yield verifier rejects; a function with parameters and `{}` has an entry
// block without terminator; a function without parameters and `{}` has no
// body at all, which the function parser rejects.

func.func @iter_args_empty_body(%x: i32) -> i32 {
  // expected-error@+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
  %r = affine.for %i = 0 to 3 iter_args(%a = %x) -> (i32) {}
  return %r : i32
}

// -----

func.func @yield_without_iter_args(%x: i32) {
  affine.for %i = 0 to 3 {
    // expected-error@+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield %x : i32
  }
  return
}

// -----

func.func @yield_type_mismatch(%x: i32, %y: i64) -> i32 {
  %r = affine.for %i = 0 to 3 iter_args(%a = %x) -> (i32) {
    // expected-error@+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %y : i64
  }
  return %r : i32
}

// -----

// expected-error@+1 {{empty block: expect at least a terminator}}
func.func @params_empty_body(%a: i32) {}

// -----

// expected-error@+1 {{custom op 'func.func' expected non-empty function body}}
func.func @no_params_empty_body() {}
