// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt %s -split-input-file -verify-diagnostics
// Issue 15: scf verifiers with mlir-opt 22's messages: an if with results
// needs an else, yielded values against results and iter_args (the
// RegionBranchOpInterface and LoopLikeOpInterface messages), while's
// terminators and edges, scf.yield's parents, one type for bounds and
// induction variable.

func.func @a(%c: i1, %x: f32) {
  // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
  %0 = scf.if %c -> (f32) {
    scf.yield %x : f32
  }
  return
}

// -----

func.func @b(%c: i1, %x: f32, %i: i32) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %0 = scf.if %c -> (f32) {
    // expected-note@+1 {{region branch point}}
    scf.yield %i : i32
  } else {
    scf.yield %x : f32
  }
  return
}

// -----

func.func @c(%lb: index, %x: f32, %i: i32) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'i32'}}
  %0 = scf.for %iv = %lb to %lb step %lb iter_args(%a = %x) -> (f32) {
    scf.yield %i : i32
  }
  return
}

// -----

func.func @d(%lb: index, %x: f32, %i: i32) {
  // expected-error@+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %0 = scf.for %iv = %lb to %lb step %lb iter_args(%a = %x) -> (f32) {
    // expected-note@+1 {{region branch point}}
    scf.yield
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'index' should match successor input type #0 'f32'}}
  %0 = scf.while (%a = %x) : (f32) -> f32 {
    %c = arith.constant true
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %lb : index
  } do {
  ^bb0(%b: f32):
    scf.yield %b : f32
  }
  return
}

// -----

func.func @g(%lb: index, %x: f32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'f32' should match successor input type #0 'index'}}
  %0 = scf.while (%a = %x) : (f32) -> f32 {
    %c = arith.constant true
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: index):
    scf.yield %x : f32
  }
  return
}

// -----

func.func @h(%lb: index, %x: f32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'index' should match successor input type #0 'f32'}}
  %0 = scf.while (%a = %x) : (f32) -> f32 {
    %c = arith.constant true
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: f32):
    // expected-note@+1 {{region branch point}}
    scf.yield %lb : index
  }
  return
}

// -----

func.func @i(%lb: index, %x: f32) {
  // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
}

// -----

func.func @j(%lb: index, %x: f32) {
  // expected-error@+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  %0 = scf.while (%a = %x) : (f32) -> f32 {
    // expected-note@+1 {{terminator here}}
    scf.yield %a : f32
  } do {
  ^bb0(%b: f32):
    scf.yield %b : f32
  }
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @k(%lb: index, %i: i32) {
  // expected-error@+1 {{use of value '%i' expects different type than prior uses: 'index' vs 'i32'}}
  scf.for %iv = %lb to %i step %lb {
  }
  return
}

// -----

func.func @while_empty_regions() {
  // expected-error@+1 {{'scf.while' op region #0 ('before') failed to verify constraint: region with 1 blocks}}
  "scf.while"() ({}, {}) : () -> ()
  return
}

// -----

func.func @if_empty_then(%c: i1) {
  // expected-error@+1 {{'scf.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks}}
  "scf.if"(%c) ({
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @if_missing_yield_value(%c: i1, %x: f32) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = "scf.if"(%c) ({
    "scf.yield"(%x) : (f32) -> ()
  }, {
    // expected-note@+1 {{region branch point}}
    "scf.yield"() : () -> ()
  }) : (i1) -> f32
  return
}

// -----

func.func @condition_outside_while(%c: i1) {
  // expected-error@+1 {{'scf.condition' op expects parent op 'scf.while'}}
  "scf.condition"(%c) : (i1) -> ()
  return
}

// -----

func.func @load_rank(%m: memref<2x2xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %v = memref.load %m[%i] : memref<2x2xf32>
  return
}
