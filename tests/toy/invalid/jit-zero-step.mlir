// RUN: not toyc -x mlir %s -emit=jit 2>&1 | FileCheck %s
// An affine.for with step 0 verifies (as in mlir-opt 22) but never ends:
// the JIT refuses it at the loop instead of running forever.
// CHECK: loc("{{.*}}jit-zero-step.mlir":8:5): error: JIT: unsupported operation 'affine.for': step 0 never reaches the upper bound
module {
  func.func @main() {
    %m = memref.alloc() : memref<2xf64>
    affine.for %i = 0 to 2 step 0 {
      %c = arith.constant 1.0 : f64
      affine.store %c, %m[%i] : memref<2xf64>
    }
    toy.print %m : memref<2xf64>
    memref.dealloc %m : memref<2xf64>
    return
  }
}
