// RUN: %roundtrip %s
// The shape of Toy chapter 5's lowering output: constant stores, a
// transposed load in a two-level nest, toy-free memref/arith compute.
func.func @main() {
  %cst = arith.constant 1.000000e+00 : f64
  %cst_0 = arith.constant 2.000000e+00 : f64
  %alloc = memref.alloc() : memref<3x2xf64>
  %alloc_1 = memref.alloc() : memref<2x3xf64>
  affine.store %cst, %alloc_1[0, 0] : memref<2x3xf64>
  affine.store %cst_0, %alloc_1[1, 2] : memref<2x3xf64>
  affine.for %arg0 = 0 to 3 {
    affine.for %arg1 = 0 to 2 {
      %0 = affine.load %alloc_1[%arg1, %arg0] : memref<2x3xf64>
      %1 = arith.mulf %0, %0 : f64
      affine.store %1, %alloc[%arg0, %arg1] : memref<3x2xf64>
    }
  }
  %s = memref.alloc() : memref<f64>
  affine.store %cst, %s[] : memref<f64>
  %l = affine.load %s[] : memref<f64>
  memref.dealloc %s : memref<f64>
  memref.dealloc %alloc_1 : memref<2x3xf64>
  memref.dealloc %alloc : memref<3x2xf64>
  return
}
