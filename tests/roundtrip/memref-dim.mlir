// RUN: %roundtrip %s
// memref.dim (issue 29): ranked and unranked sources, constant and
// dynamic indices, an out-of-range index (valid IR), an attribute
// dictionary before the operands, and the generic form.
func.func @dims(%m: memref<4x?xf32>, %u: memref<*xi8>, %i: index) -> (index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : index
  %d0 = memref.dim %m, %c0 : memref<4x?xf32>
  %d1 = memref.dim %u, %i : memref<*xi8>
  %d2 = memref.dim %m, %c9 : memref<4x?xf32>
  %d3 = memref.dim {tag = "x"} %m, %i : memref<4x?xf32>
  %d4 = "memref.dim"(%m, %i) : (memref<4x?xf32>, index) -> index
  return %d0, %d1, %d2, %d3, %d4 : index, index, index, index, index
}
func.func @layout(%m: memref<?x?xf32, strided<[?, 1], offset: ?>, 1>, %i: index) -> index {
  %d = memref.dim %m, %i : memref<?x?xf32, strided<[?, 1], offset: ?>, 1>
  return %d : index
}
