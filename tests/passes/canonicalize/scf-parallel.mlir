// RUN: strata-opt -canonicalize %s --split-input-file > %t.s && mlir-opt -canonicalize %s --split-input-file > %t.r && diff %t.r %t.s
// RUN: strata-opt -canonicalize %s --split-input-file | FileCheck %s
// scf.parallel canonicalization (upstream's two patterns): dimensions that
// run once are dropped, their induction variable becoming the lower bound;
// a dimension that never runs makes the loop its init values; when every
// dimension runs once the body and then the reductions are inlined; a loop
// whose body is only another loop (bounds free of the outer induction
// variables, no reductions) becomes one loop. Expected output is
// mlir-opt's, produced at test time.

// CHECK-LABEL: func.func @single_dims(
// CHECK:         scf.parallel (%[[I:.*]]) = (%c3) to (%c6) step (%c2) {
// CHECK-NEXT:      memref.store %{{.*}}, %arg0[%c0, %[[I]], %c7] : memref<?x?x?xi32>
// CHECK-NEXT:      scf.reduce
func.func @single_dims(%A: memref<?x?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  scf.parallel (%i0, %i1, %i2) = (%c0, %c3, %c7) to (%c1, %c6, %c10) step (%c1, %c2, %c3) {
    %c42 = arith.constant 42 : i32
    memref.store %c42, %A[%i0, %i1, %i2] : memref<?x?x?xi32>
    scf.reduce
  } {dropped_attr}
  return
}

// -----

// CHECK-LABEL: func.func @all_single_with_reductions(
// CHECK-NOT:     scf.parallel
// CHECK:         %[[S:.*]] = arith.addi %arg0, %c1 : index
// CHECK:         %[[P:.*]] = arith.muli %arg1, %c3 : index
// CHECK:         return %[[S]], %[[P]]
func.func @all_single_with_reductions(%A: index, %B: index) -> (index, index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %0:2 = scf.parallel (%i0, %i1) = (%c1, %c3) to (%c2, %c6) step (%c1, %c3) init(%A, %B) -> (index, index) {
    scf.reduce(%i0, %i1 : index, index) {
    ^bb0(%lhs: index, %rhs: index):
      %1 = arith.addi %lhs, %rhs : index
      scf.reduce.return %1 : index
    }, {
    ^bb0(%lhs: index, %rhs: index):
      %2 = arith.muli %lhs, %rhs : index
      scf.reduce.return %2 : index
    }
  }
  return %0#0, %0#1 : index, index
}

// -----

// CHECK-LABEL: func.func @zero_trip(
// CHECK-NOT:     scf.parallel
// CHECK:         return %arg3, %arg3
func.func @zero_trip(%lb: index, %ub: index, %s: index, %init: f32, %m: memref<f32>) -> (f32, f32) {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %0 = scf.parallel (%i, %j) = (%lb, %ub) to (%ub, %ub) step (%s, %s) init(%init) -> f32 {
    %v = memref.load %m[] : memref<f32>
    scf.reduce(%v : f32) {
    ^bb0(%lhs: f32, %rhs: f32):
      %r = arith.addf %lhs, %rhs : f32
      scf.reduce.return %r : f32
    }
  }
  // A constant span below the lower bound, then a non-positive step.
  %1 = scf.parallel (%i) = (%c4) to (%c2) step (%s) init(%init) -> f32 {
    %v = memref.load %m[] : memref<f32>
    scf.reduce(%v : f32) {
    ^bb0(%lhs: f32, %rhs: f32):
      %r = arith.addf %lhs, %rhs : f32
      scf.reduce.return %r : f32
    }
  }
  return %0, %1 : f32, f32
}

// -----

// `ub = lb + 1` with nsw is one iteration, without nsw unknown.
// CHECK-LABEL: func.func @span_from_addi(
// CHECK:         scf.parallel (%[[J:.*]]) = (%arg0) to (%[[UB:.*]]) step (%c1) {
// CHECK-NEXT:      memref.store %{{.*}}, %arg1[%arg0, %[[J]]]
func.func @span_from_addi(%lb: index, %m: memref<?x?xf32>, %f: f32) {
  %c1 = arith.constant 1 : index
  %ub = arith.addi %lb, %c1 overflow<nsw> : index
  %ub2 = arith.addi %lb, %c1 : index
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub2) step (%c1, %c1) {
    memref.store %f, %m[%i, %j] : memref<?x?xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @nested(
// CHECK:         scf.parallel (%[[I:.*]], %[[J:.*]], %[[K:.*]]) = (%c0, %c0, %c0) to (%arg1, %arg2, %arg3) step (%c1, %c1, %c1) {
// CHECK-NEXT:      %[[V:.*]] = memref.load %arg0[%[[I]], %[[J]], %[[K]]]
// CHECK-NEXT:      memref.store %[[V]], %arg0[%[[K]], %[[J]], %[[I]]]
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    }
func.func @nested(%m: memref<?x?x?xf64>, %n0: index, %n1: index, %n2: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%a) = (%c0) to (%n0) step (%c1) {
    scf.parallel (%b) = (%c0) to (%n1) step (%c1) {
      scf.parallel (%c) = (%c0) to (%n2) step (%c1) {
        %v = memref.load %m[%a, %b, %c] : memref<?x?x?xf64>
        memref.store %v, %m[%c, %b, %a] : memref<?x?x?xf64>
        scf.reduce
      }
      scf.reduce
    } {inner}
    scf.reduce
  } {outer}
  return
}

// -----

// Not merged: the inner bound uses the outer induction variable; the outer
// body holds another op; a reduction.
// CHECK-LABEL: func.func @not_nested(
// CHECK-COUNT-6: scf.parallel
func.func @not_nested(%m: memref<?x?xf64>, %n: index, %f: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%a) = (%c0) to (%n) step (%c1) {
    scf.parallel (%b) = (%c0) to (%a) step (%c1) {
      memref.store %f, %m[%a, %b] : memref<?x?xf64>
    }
  }
  scf.parallel (%a) = (%c0) to (%n) step (%c1) {
    memref.store %f, %m[%a, %a] : memref<?x?xf64>
    scf.parallel (%b) = (%c0) to (%n) step (%c1) {
      memref.store %f, %m[%a, %b] : memref<?x?xf64>
    }
  }
  %r = scf.parallel (%a) = (%c0) to (%n) step (%c1) init (%f) -> f64 {
    scf.parallel (%b) = (%c0) to (%n) step (%c1) {
      memref.store %f, %m[%a, %b] : memref<?x?xf64>
    }
    scf.reduce(%f : f64) {
    ^bb0(%x: f64, %y: f64):
      %s = arith.addf %x, %y : f64
      scf.reduce.return %s : f64
    }
  }
  return %r : f64
}

// A zero lower bound and an upper bound equal to the step (both values)
// is not a known single iteration for mlir-opt 22: the dimension stays.
// CHECK-LABEL: func.func @ub_equals_step(
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = (%c0, %arg1)
func.func @ub_equals_step(%s: index, %n: index, %m: memref<?xindex>) {
  %c0 = arith.constant 0 : index
  scf.parallel (%i, %j) = (%c0, %n) to (%s, %s) step (%s, %s) {
    memref.store %i, %m[%j] : memref<?xindex>
  }
  scf.parallel (%i) = (%c0) to (%s) step (%s) {
    memref.store %i, %m[%i] : memref<?xindex>
  }
  return
}
