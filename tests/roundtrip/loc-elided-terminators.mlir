// RUN: %roundtrip %s --mlir-print-debuginfo --split-input-file
// Terminators the custom form leaves out (implicit scf.yield and
// affine.yield, written or not) get no #loc alias: mlir-opt collects aliases
// with a dry run of the printer, so the numbering skips their locations.
// Printed terminators (scf.for with iter_args, scf.if with results) keep
// theirs.

func.func @loops(%n: index, %m: memref<10xf32>, %b: i1) -> f32 {
  %c0 = arith.constant 0 : index loc("x.c":1:1)
  %c1 = arith.constant 1 : index loc("x.c":1:2)
  %f = arith.constant 0.0 : f32 loc("x.c":1:3)
  scf.for %i = %c0 to %n step %c1 {
    memref.store %f, %m[%i] : memref<10xf32> loc("x.c":2:1)
  } loc("x.c":2:2)
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %f) -> f32 {
    %v = memref.load %m[%i] : memref<10xf32> loc("x.c":3:1)
    %a = arith.addf %acc, %v : f32 loc("x.c":3:2)
    scf.yield %a : f32 loc("x.c":3:3)
  } loc("x.c":3:4)
  scf.if %b {
    memref.store %s, %m[%c0] : memref<10xf32> loc("x.c":4:1)
  } else {
    memref.store %f, %m[%c0] : memref<10xf32> loc("x.c":4:2)
    scf.yield loc("x.c":4:3)
  } loc("x.c":4:4)
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      affine.store %f, %m[%j] : memref<10xf32> loc("x.c":5:1)
      affine.yield loc("x.c":1:1)
    } loc("x.c":5:2)
  } loc("x.c":5:3)
  %r = scf.if %b -> f32 {
    scf.yield %s : f32 loc("x.c":6:1)
  } else {
    scf.yield %f : f32 loc("x.c":6:2)
  } loc("x.c":6:3)
  return %r : f32 loc("x.c":7:1)
}
module @inner {
  func.func @g() {
    return loc("x.c":8:1)
  } loc("x.c":8:2)
} loc("x.c":8:3)

// -----

func.func @f(%n: index, %m: memref<10xf32>) {
  %c0 = arith.constant 0 : index loc("a.c":1:1)
  affine.for %i = 0 to 10 {
    %v = affine.load %m[%i] : memref<10xf32> loc("a.c":2:2)
    affine.store %v, %m[%i] : memref<10xf32> loc("a.c":3:3)
  } loc("a.c":4:4)
  %cst = arith.constant 1.0 : f32
  %b = arith.cmpi slt, %c0, %n : index
  scf.if %b {
    memref.store %cst, %m[%c0] : memref<10xf32> loc("a.c":5:5)
  } loc("a.c":6:6)

  return loc("a.c":7:7)
}
