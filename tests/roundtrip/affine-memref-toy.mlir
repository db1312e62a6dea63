// RUN: %roundtrip %s
// Affine loops, loads, stores, applies and yields over memrefs (what Toy's lowering emits), plus bounds with maps, steps and iter_args.
#m = affine_map<(d0)[s0] -> (d0 + s0, 5)>
func.func @f(%n: index, %A: memref<3x2xf64>, %B: memref<?xf64>) {
  %alloc = memref.alloc() : memref<3x2xf64>
  %a2 = memref.alloc(%n) : memref<?xf64>
  %cst = arith.constant 1.0 : f64
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 2 {
      %0 = affine.load %A[%j + 1, %i] : memref<3x2xf64>
      %1 = arith.mulf %0, %0 : f64
      affine.store %1, %alloc[%i, %j] : memref<3x2xf64>
      affine.store %cst, %alloc[0, 1] : memref<3x2xf64>
    }
  }
  affine.for %i = %n to min #m(%n)[%n] step 2 {
    %x = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %y = affine.load %B[%i * 2 + symbol(%n)] : memref<?xf64>
  }
  %r = affine.for %i = 0 to 10 iter_args(%acc = %cst) -> (f64) {
    %s = arith.addf %acc, %acc : f64
    affine.yield %s : f64
  }
  memref.dealloc %alloc : memref<3x2xf64>
  return
}
