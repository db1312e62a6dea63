// RUN: toyc -chapter=6 -emit=jit %s | FileCheck %s --match-full-lines --strict-whitespace
// The JIT on hand-written lowered IR (nothing left to lower): affine loops
// with a step, an offset subscript, an affine.apply with floordiv, integer
// arithmetic on indices, and toy.print of 2-D and 0-D buffers.

func.func @main() {
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f64
  %half = arith.constant 0.5 : f64
  %m = memref.alloc() : memref<2x4xf64>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 4 step 2 {
      affine.store %one, %m[%i, %j + 1] : memref<2x4xf64>
      %k = affine.apply affine_map<(d0) -> (d0 floordiv 2)>(%j)
      %kk = arith.muli %k, %c2 : index
      affine.store %half, %m[%i, %kk] : memref<2x4xf64>
    }
  }
  toy.print %m : memref<2x4xf64>
  %s = memref.alloc() : memref<f64>
  %v = affine.load %m[1, 3] : memref<2x4xf64>
  %w = arith.addf %v, %half : f64
  affine.store %w, %s[] : memref<f64>
  toy.print %s : memref<f64>
  memref.dealloc %m : memref<2x4xf64>
  memref.dealloc %s : memref<f64>
  return
}

// CHECK:0.500000 1.000000 0.500000 1.000000 
// CHECK-NEXT:0.500000 1.000000 0.500000 1.000000 
// CHECK-NEXT:1.500000 
// CHECK-NOT:{{.}}
