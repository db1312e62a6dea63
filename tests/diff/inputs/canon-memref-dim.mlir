// DIFF-PASS-SETS: 0,1,4,5,7,8,9
// DIFF-FLAGS: --allow-unregistered-dialect
// memref.dim folds (issue 29): static sizes, alloc size operands, reads
// through ranked casts, and the dims left alone (non-constant or
// out-of-range index, unranked source or cast source).
func.func @static(%m: memref<4x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %cast = memref.cast %m : memref<4x?xf32> to memref<?x?xf32>
  %d0 = memref.dim %m, %c0 : memref<4x?xf32>
  %d1 = memref.dim %cast, %c0 : memref<?x?xf32>
  return %d0, %d1 : index, index
}
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
func.func @casts(%m: memref<?x4xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = memref.cast %m : memref<?x4xf32> to memref<?x?xf32>
  %c2 = memref.cast %c1 : memref<?x?xf32> to memref<?x?xf32>
  %d = memref.dim %c2, %c0 : memref<?x?xf32>
  return %d : index
}
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
func.func @dead(%m: memref<?xf32>, %i: index) {
  %d = memref.dim %m, %i : memref<?xf32>
  return
}
