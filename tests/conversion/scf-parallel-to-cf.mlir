// RUN: strata-opt -convert-scf-to-cf %s > %t.s && mlir-opt -convert-scf-to-cf %s > %t.r && diff %t.r %t.s
// RUN: strata-opt -convert-scf-to-cf --mlir-print-debuginfo %s > %t.sd && mlir-opt -convert-scf-to-cf --mlir-print-debuginfo %s > %t.rd && diff %t.rd %t.sd
// RUN: strata-opt -convert-scf-to-cf %s | FileCheck %s
// Issue 29: `scf.parallel` lowers to one loop of cf blocks per dimension,
// the reductions' initial values threaded down the nest and each
// `scf.reduce` region inlined into the innermost body. Expected output is
// mlir-opt's, produced at test time; the CHECK lines make sure no scf op
// is left and the nest has the loops it should.

// CHECK-NOT: scf.
// CHECK-LABEL: func.func @two_dims_two_reductions(
// CHECK: ^bb1(%{{.*}}: index, %{{.*}}: f32, %{{.*}}: f32):
// CHECK: ^bb3(%{{.*}}: index, %{{.*}}: f32, %{{.*}}: f32):
// CHECK: arith.addf
// CHECK: arith.mulf
func.func @two_dims_two_reductions(%lb0: index, %ub0: index, %s0: index, %lb1: index, %ub1: index, %s1: index, %m: memref<?x?xf32>, %x: f32, %y: f32) -> (f32, f32) {
  %r:2 = scf.parallel (%i, %j) = (%lb0, %lb1) to (%ub0, %ub1) step (%s0, %s1) init (%x, %y) -> (f32, f32) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    scf.reduce(%v, %v : f32, f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: f32, %b: f32):
      %s = arith.mulf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %r#0, %r#1 : f32, f32
}

// CHECK-LABEL: func.func @no_results(
func.func @no_results(%lb: index, %ub: index, %s: index, %m: memref<?xf32>, %x: f32) {
  scf.parallel (%i) = (%lb) to (%ub) step (%s) {
    memref.store %x, %m[%i] : memref<?xf32>
  }
  return
}

// Nested structured ops are lowered too, after the nest is built; the
// discardable attribute goes with the loop.
// CHECK-LABEL: func.func @three_dims_nested_if(
func.func @three_dims_nested_if(%lb: index, %ub: index, %s: index, %m: memref<?x?x?xf32>, %x: f32, %c: i1) {
  scf.parallel (%i, %j, %k) = (%lb, %lb, %lb) to (%ub, %ub, %ub) step (%s, %s, %s) {
    scf.if %c {
      memref.store %x, %m[%i, %j, %k] : memref<?x?x?xf32>
    }
    scf.reduce
  } {mapping = 1}
  return
}

// A reduction returning one of its arguments.
// CHECK-LABEL: func.func @returns_argument(
func.func @returns_argument(%lb: index, %ub: index, %s: index, %x: f32, %y: f32) -> (f32, f32) {
  %r:2 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x, %y) -> (f32, f32) {
    scf.reduce(%x, %y : f32, f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }, {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %b : f32
    }
  }
  return %r#0, %r#1 : f32, f32
}

// Parallel loops inside a parallel loop and inside an `scf.for` carrying
// a value, with code after them.
// CHECK-LABEL: func.func @nested(
func.func @nested(%lb: index, %ub: index, %s: index, %m: memref<?x?xi32>, %init: i32) -> i32 {
  %r = scf.for %t = %lb to %ub step %s iter_args(%acc = %init) -> (i32) {
    %p = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%acc) -> i32 {
      scf.parallel (%j) = (%lb) to (%ub) step (%s) {
        memref.store %acc, %m[%i, %j] : memref<?x?xi32>
        scf.reduce
      }
      %v = memref.load %m[%i, %t] : memref<?x?xi32>
      scf.reduce(%v : i32) {
      ^bb0(%a: i32, %b: i32):
        %sum = arith.addi %a, %b : i32
        %max = arith.maxsi %sum, %b : i32
        scf.reduce.return %max : i32
      }
    }
    %q = arith.muli %p, %p : i32
    scf.yield %q : i32
  }
  %z = arith.addi %r, %init : i32
  return %z : i32
}

// Constant bounds stay as they are: the lowering does not fold them.
// CHECK-LABEL: func.func @constant_bounds(
func.func @constant_bounds(%m: memref<4x8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) init (%zero) -> f32 {
    %v = memref.load %m[%i, %j] : memref<4x8xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}
