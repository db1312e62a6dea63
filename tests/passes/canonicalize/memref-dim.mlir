// RUN: strata-opt -canonicalize --allow-unregistered-dialect %s > %t.s && mlir-opt -canonicalize --allow-unregistered-dialect %s > %t.r && diff %t.r %t.s
// RUN: strata-opt -canonicalize --allow-unregistered-dialect --mlir-print-debuginfo %s > %t.sd && mlir-opt -canonicalize --allow-unregistered-dialect --mlir-print-debuginfo %s > %t.rd && diff %t.rd %t.sd
// RUN: FileCheck %s < %t.s
// Issue 29: memref.dim folds (upstream's DimOp::fold): a constant index
// of a static dimension is the size (an arith.constant), of a dynamic one
// the memref.alloc's size operand, or else the dim reads through a
// memref.cast of a ranked memref; a non-constant or out-of-range index,
// or an unranked source, folds nothing (not even the cast). The CHECK
// lines are mlir-opt 22's output.

// Static sizes, through a cast too.
// CHECK-LABEL: func.func @static(
// CHECK-NEXT:   %c4 = arith.constant 4 : index
// CHECK-NEXT:   return %c4, %c4 : index, index
// CHECK-NEXT: }
func.func @static(%m: memref<4x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %cast = memref.cast %m : memref<4x?xf32> to memref<?x?xf32>
  %d0 = memref.dim %m, %c0 : memref<4x?xf32>
  %d1 = memref.dim %cast, %c0 : memref<?x?xf32>
  return %d0, %d1 : index, index
}

// The alloc's size operand for the dynamic dimension: the n-th dynamic
// size, before the layout's symbol operands.
// CHECK-LABEL: func.func @alloc(
// CHECK-NEXT:   %c8 = arith.constant 8 : index
// CHECK-NEXT:   return %arg0, %c8, %arg1 : index, index, index
// CHECK-NEXT: }
func.func @alloc(%a: index, %b: index, %s: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = memref.alloc(%a, %b)[%s] : memref<?x8x?xf32, affine_map<(d0, d1, d2)[s0] -> (d0 + s0, d1, d2)>>
  %d0 = memref.dim %m, %c0 : memref<?x8x?xf32, affine_map<(d0, d1, d2)[s0] -> (d0 + s0, d1, d2)>>
  %d1 = memref.dim %m, %c1 : memref<?x8x?xf32, affine_map<(d0, d1, d2)[s0] -> (d0 + s0, d1, d2)>>
  %d2 = memref.dim %m, %c2 : memref<?x8x?xf32, affine_map<(d0, d1, d2)[s0] -> (d0 + s0, d1, d2)>>
  memref.dealloc %m : memref<?x8x?xf32, affine_map<(d0, d1, d2)[s0] -> (d0 + s0, d1, d2)>>
  return %d0, %d1, %d2 : index, index, index
}

// A cast of a cast, then a dynamic dimension of the original: the dim
// reads the original memref; the casts go.
// CHECK-LABEL: func.func @casts(
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %dim = memref.dim %arg0, %c0 : memref<?x4xf32>
// CHECK-NEXT:   return %dim : index
// CHECK-NEXT: }
func.func @casts(%m: memref<?x4xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = memref.cast %m : memref<?x4xf32> to memref<?x?xf32>
  %c2 = memref.cast %c1 : memref<?x?xf32> to memref<?x?xf32>
  %d = memref.dim %c2, %c0 : memref<?x?xf32>
  return %d : index
}

// A dim of an alloc's dimension used as a loop bound.
// CHECK-LABEL: func.func @loop_bound(
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %alloc = memref.alloc(%arg0) : memref<?xf32>
// CHECK-NEXT:   scf.for %arg2 = %c0 to %arg0 step %c1 {
// CHECK-NEXT:     memref.store %arg1, %alloc[%arg2] : memref<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   "test.use"(%alloc) : (memref<?xf32>) -> ()
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @loop_bound(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc(%n) : memref<?xf32>
  %d = memref.dim %m, %c0 : memref<?xf32>
  scf.for %i = %c0 to %d step %c1 {
    memref.store %f, %m[%i] : memref<?xf32>
  }
  "test.use"(%m) : (memref<?xf32>) -> ()
  return
}

// Not folded: a non-constant index (the cast stays too), an index out of
// range (even through the cast), an unranked source, a cast from an
// unranked memref, a dynamic size of an argument.
// CHECK-LABEL: func.func @kept(
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c7 = arith.constant 7 : index
// CHECK-NEXT:   %c-1 = arith.constant -1 : index
// CHECK-NEXT:   %cast = memref.cast %arg0 : memref<4x?xf32> to memref<?x?xf32>
// CHECK-NEXT:   %cast_0 = memref.cast %arg1 : memref<*xf32> to memref<?xf32>
// CHECK-NEXT:   %dim = memref.dim %cast, %arg2 : memref<?x?xf32>
// CHECK-NEXT:   %dim_1 = memref.dim %cast, %c7 : memref<?x?xf32>
// CHECK-NEXT:   %dim_2 = memref.dim %arg0, %c-1 : memref<4x?xf32>
// CHECK-NEXT:   %dim_3 = memref.dim %arg1, %c0 : memref<*xf32>
// CHECK-NEXT:   %dim_4 = memref.dim %cast_0, %c0 : memref<?xf32>
// CHECK-NEXT:   %dim_5 = memref.dim %arg0, %c1 : memref<4x?xf32>
// CHECK-NEXT:   return %dim, %dim_1, %dim_2, %dim_3, %dim_4, %dim_5 : index, index, index, index, index, index
// CHECK-NEXT: }
func.func @kept(%m: memref<4x?xf32>, %u: memref<*xf32>, %i: index) -> (index, index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %cm1 = arith.constant -1 : index
  %cast = memref.cast %m : memref<4x?xf32> to memref<?x?xf32>
  %ucast = memref.cast %u : memref<*xf32> to memref<?xf32>
  %d0 = memref.dim %cast, %i : memref<?x?xf32>
  %d1 = memref.dim %cast, %c7 : memref<?x?xf32>
  %d2 = memref.dim %m, %cm1 : memref<4x?xf32>
  %d3 = memref.dim %u, %c0 : memref<*xf32>
  %d4 = memref.dim %ucast, %c0 : memref<?xf32>
  %d5 = memref.dim %m, %c1 : memref<4x?xf32>
  return %d0, %d1, %d2, %d3, %d4, %d5 : index, index, index, index, index, index
}

// Unused dims are dead.
// CHECK-LABEL: func.func @dead(
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @dead(%m: memref<?xf32>, %i: index) {
  %d = memref.dim %m, %i : memref<?xf32>
  return
}
