// RUN: strata-opt %s --split-input-file -lower-affine > %t.strata
// RUN: mlir-opt %s --split-input-file -lower-affine > %t.ref
// RUN: diff %t.ref %t.strata
// RUN: strata-opt %s --split-input-file -canonicalize > %t.strata2
// RUN: mlir-opt %s --split-input-file -canonicalize > %t.ref2
// RUN: diff %t.ref2 %t.strata2
// An affine.for whose body only yields its iter_args in place folds to
// its inits (AffineForOp::fold; -lower-affine folds before lowering),
// whatever its trip count; loops with other ops, or yielding their
// iter_args out of place, are lowered. `-> f32` without parentheses.

func.func @f(%x: f32, %n: index) -> f32 {
  %r = affine.for %i = 0 to 10 iter_args(%a = %x) -> f32 {
    affine.yield %a : f32
  }
  %s = affine.for %i = 0 to %n iter_args(%a = %r) -> f32 {
    affine.yield %a : f32
  }
  return %s : f32
}

// -----

func.func @f(%x: f32, %n: index, %m: memref<4xf32>) -> (f32, f32) {
  %r:2 = affine.for %i = 0 to %n iter_args(%a = %x, %b = %x) -> (f32, f32) {
    affine.store %a, %m[0] : memref<4xf32>
    %c = arith.addf %b, %b : f32
    affine.yield %a, %c : f32, f32
  }
  %s = affine.for %i = 0 to %n iter_args(%a = %x) -> (f32) {
    %c = arith.addf %a, %a : f32
    affine.yield %c : f32
  }
  %t:2 = affine.for %i = 0 to %n iter_args(%a = %x, %b = %s) -> (f32, f32) {
    affine.yield %b, %a : f32, f32
  }
  return %r#0, %t#1 : f32, f32
}
