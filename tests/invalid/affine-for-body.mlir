// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null
// RUN: mlir-opt %s -split-input-file -verify-diagnostics
// The body of an affine.for written in the generic form: a block-less
// region (which printed as `affine.for  = 0 to 10` without its induction
// variable, text neither tool parses), a block without the induction
// variable, and block arguments that do not match the iter_args, with
// mlir-opt 22's messages (LoopLikeOpInterface's, including the size_t(-1)
// it prints for a block without arguments).

func.func @f() {
  // expected-error@+1 {{'affine.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  }) : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'affine.for' op different number of inits and region iter_args: 0 != 18446744073709551615}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0:
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{'affine.for' op different number of inits and region iter_args: 1 != 0}}
  %r = "affine.for"(%x) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"(%x) : (f32) -> ()
  }) : (f32) -> f32
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{'affine.for' op different number of inits and region iter_args: 0 != 1}}
  %r = "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index, %a: f32):
    "affine.yield"(%x) : (f32) -> ()
  }) : () -> f32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'affine.for' op expected body to have a single index argument for the induction variable}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: i32):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @negative_step() {
  // expected-error@+1 {{custom op 'affine.for' expected step to be representable as a positive signed integer}}
  affine.for %i = 0 to 10 step -1 {
  }
  return
}
