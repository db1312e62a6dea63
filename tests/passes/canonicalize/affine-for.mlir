// RUN: strata-opt -canonicalize %s > %t.strata && mlir-opt -canonicalize %s > %t.ref && diff %t.ref %t.strata
// RUN: bash %S/../../tools/affine-loops-no-crash.sh --diff 151 230
// affine.for folding and canonicalization (AffineForOp::fold and
// AffineForEmptyLoopFolder): bounds whose operands are all constants become
// constants (max over a lower bound's results, min over an upper bound's),
// other bound maps are canonicalized (constants folded in, duplicates
// removed), a loop with results that never runs is its inits, a loop whose
// body is only its yield is what it yields when that does not depend on the
// trip count. The second RUN compares -canonicalize, -inline and -cse with
// mlir-opt on generated loop programs (tools/gen-affine-loops.py).

func.func @bounds(%n: index, %m: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c3 = arith.constant 3 : index
  affine.for %i = %c0 to %c10 {
    %v = affine.load %m[%i] : memref<100xf32>
    affine.store %v, %m[%i] : memref<100xf32>
  }
  affine.for %i = max affine_map<(d0, d1) -> (d0, d1 + 2)>(%c3, %c0) to min affine_map<(d0)[s0] -> (d0 * 4, s0)>(%c10)[%c10] {
    %v = affine.load %m[%i] : memref<100xf32>
    affine.store %v, %m[%i] : memref<100xf32>
  }
  affine.for %i = max affine_map<(d0, d1) -> (d0, d0, d1)>(%n, %n) to 50 {
    %v = affine.load %m[%i] : memref<100xf32>
    affine.store %v, %m[%i] : memref<100xf32>
  }
  affine.for %i = affine_map<(d0) -> (d0 + 1)>(%c3) to affine_map<()[s0] -> (s0)>()[%n] step 2 {
    %v = affine.load %m[%i] : memref<100xf32>
    affine.store %v, %m[%i] : memref<100xf32>
  }
  return
}

func.func @iters(%x: f32, %n: index) -> (f32, f32, f32, f32, f32, f32) {
  %0 = affine.for %i = 0 to 0 iter_args(%a = %x) -> (f32) {
    %s = arith.addf %a, %a : f32
    affine.yield %s : f32
  }
  %1 = affine.for %i = 0 to %n iter_args(%a = %x) -> (f32) {
    affine.yield %a : f32
  }
  %c = arith.constant 1.0 : f32
  %2 = affine.for %i = 0 to 1 iter_args(%a = %x) -> (f32) {
    affine.yield %c : f32
  }
  %3:2 = affine.for %i = 0 to 5 iter_args(%a = %x, %b = %c) -> (f32, f32) {
    affine.yield %b, %a : f32, f32
  }
  %4 = affine.for %i = 0 to %n iter_args(%a = %x) -> (f32) {
    affine.yield %c : f32
  }
  return %0, %1, %2, %3#0, %3#1, %4 : f32, f32, f32, f32, f32, f32
}
