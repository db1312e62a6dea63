// RUN: %roundtrip %s
// RUN: %roundtrip %s --mlir-print-debuginfo
// RUN: strata-opt -canonicalize %s > %t.s && mlir-opt -canonicalize %s > %t.r && diff %t.r %t.s
// RUN: strata-opt -inline %s > %t.s2 && mlir-opt -inline %s > %t.r2 && diff %t.r2 %t.s2
// RUN: strata-opt -cse %s > %t.s3 && mlir-opt -cse %s > %t.r3 && diff %t.r3 %t.s3
// The class: a region whose op gives it entry arguments but whose text is
// `{}` (an affine.for with an empty body). MLIR's parseRegion still creates
// the entry block holding the induction variable, so the loop prints with
// its induction variable (and, under --mlir-print-debuginfo, its location),
// the generic form shows `^bb0(%argN: index)` with the implicit
// affine.yield, and passes see a loop with a body block. Empty loops
// before, after and inside loops with iter_args, with constant, SSA and map
// bounds, in a callee that -inline inlines.

func.func private @callee(%n: index, %x: f32) -> f32 {
  affine.for %i = 0 to 10 {
  }
  %r = affine.for %j = 0 to 4 iter_args(%acc = %x) -> (f32) {
    %s = arith.addf %acc, %x : f32
    affine.yield %s : f32
  }
  affine.for %i = 0 to %n {}
  // A zero step parses and verifies in mlir-opt 22 (only negative steps
  // are refused: invalid/affine-for-body.mlir).
  affine.for %i = 0 to %n step 0 {
  }
  return %r : f32
}

func.func @caller(%n: index, %x: f32, %m: memref<8xf32>) -> f32 {
  %0 = func.call @callee(%n, %x) : (index, f32) -> f32
  affine.for %i = max affine_map<(d0) -> (d0, 2)>(%n) to 8 step 2 {
  }
  %1 = affine.for %j = 0 to 8 iter_args(%acc = %0) -> (f32) {
    affine.for %k = 0 to %n {
    }
    %v = affine.load %m[%j] : memref<8xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  return %1 : f32
}
