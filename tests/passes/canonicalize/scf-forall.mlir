// RUN: strata-opt -canonicalize %s --split-input-file --allow-unregistered-dialect > %t.s
// RUN: mlir-opt -canonicalize %s --split-input-file --allow-unregistered-dialect > %t.r
// RUN: diff %t.r %t.s
// RUN: FileCheck %s < %t.s
// scf.forall canonicalization (upstream's patterns but the two on tensor
// casts and dims): constant dynamic bounds become static, shared outputs
// nothing combines into are dropped, dimensions that run once are dropped
// and a loop that runs once is inlined (unless mapped), a zero-trip loop is
// its outputs, a mapped loop's single-trip induction variable is its lower
// bound. --allow-unregistered-dialect lets Strata read #gpu attributes.
// Expected output is mlir-opt's, produced at test time.

// CHECK-LABEL: func.func @static_bounds(
// CHECK:         scf.forall (%[[I:.*]], %[[J:.*]]) = (0, %arg0) to (16, 10) step (2, 1) {
func.func @static_bounds(%lb: index, %m: memref<?x?xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %c16 = arith.constant 16 : index
  scf.forall (%i, %j) = (%c0, %lb) to (%c16, %c10) step (%c2, %c1) {
    memref.store %f, %m[%i, %j] : memref<?x?xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @drop_single_dim(
// CHECK:         scf.forall (%[[J:.*]]) = (0) to (16) step (8) {
// CHECK-NEXT:      memref.store %arg1, %arg0[%c0, %[[J]]]
func.func @drop_single_dim(%m: memref<?x?xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  scf.forall (%i, %j) = (0, %c0) to (1, %c16) step (8, %c8) {
    memref.store %f, %m[%i, %j] : memref<?x?xf32>
  } {kept}
  return
}

// -----

// CHECK-LABEL: func.func @inline_single(
// CHECK-NOT:     scf.forall
// CHECK:         memref.store %arg1, %arg0[%c3, %c5]
func.func @inline_single(%m: memref<?x?xf32>, %f: f32) {
  scf.forall (%i, %j) = (3, 5) to (4, 6) step (1, 1) {
    memref.store %f, %m[%i, %j] : memref<?x?xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @zero_trip(
// CHECK-NOT:     scf.forall
// CHECK:         return %arg2
func.func @zero_trip(%n: index, %m: memref<?xf32>, %t: tensor<8xf32>, %f: f32) -> tensor<8xf32> {
  scf.forall (%i) = (%n) to (%n) step (1) {
    memref.store %f, %m[%i] : memref<?xf32>
  }
  scf.forall (%i) = (4) to (2) step (1) {
    memref.store %f, %m[%i] : memref<?xf32>
  }
  %r = scf.forall (%i) in (0) shared_outs(%o = %t) -> (tensor<8xf32>) {
    memref.store %f, %m[%i] : memref<?xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// Nothing combines into the shared output: it goes, its result is the
// output itself.
// CHECK-LABEL: func.func @unused_shared_out(
// CHECK:         scf.forall (%[[I:.*]]) in (%arg0) {
// CHECK-NEXT:      "test.use"(%arg1) : (tensor<8xf32>) -> ()
// CHECK:         return %arg1
func.func @unused_shared_out(%n: index, %t: tensor<8xf32>) -> tensor<8xf32> {
  %r = scf.forall (%i) in (%n) shared_outs(%o = %t) -> (tensor<8xf32>) {
    "test.use"(%o) : (tensor<8xf32>) -> ()
    scf.forall.in_parallel {
    }
  }
  return %r : tensor<8xf32>
}

// -----

// Mapped loops keep their dimensions; the single-trip induction variable
// is replaced by its lower bound.
// CHECK-LABEL: func.func @mapped(
// CHECK:         scf.forall (%{{.*}}, %[[J:.*]]) in (1, %arg0) {
// CHECK-NEXT:      memref.store %arg2, %arg1[%c0, %[[J]]]
// CHECK:         } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
func.func @mapped(%n: index, %m: memref<?x?xf32>, %f: f32) {
  scf.forall (%i, %j) = (0, 0) to (1, %n) step (1, 1) {
    memref.store %f, %m[%i, %j] : memref<?x?xf32>
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  return
}
