// RUN: strata-opt --allow-unregistered-dialect -affine-loop-fusion %s > %t.strata && mlir-opt --allow-unregistered-dialect -affine-loop-fusion %s > %t.ref && diff %t.ref %t.strata
// RUN: strata-opt --allow-unregistered-dialect -pass-pipeline='builtin.module(func.func(affine-loop-fusion,affine-scalrep))' %s > %t.strata2 && mlir-opt --allow-unregistered-dialect -pass-pipeline='builtin.module(func.func(affine-loop-fusion,affine-scalrep))' %s > %t.ref2 && diff %t.ref2 %t.strata2
// RUN: strata-opt --allow-unregistered-dialect -affine-loop-fusion %s | FileCheck %s
// A chain of three element-wise nests (b = a + a; c = b * b; d = c + a)
// fuses into one nest, producers first; b is printed after the chain, so
// its stores stay (its buffer is live after the fused nest).
module {
  func.func @main() {
    %cst = arith.constant 3.000000e+00 : f64
    %cst_0 = arith.constant 2.000000e+00 : f64
    %cst_1 = arith.constant 1.000000e+00 : f64
    %alloc = memref.alloc() : memref<3xf64>
    %alloc_2 = memref.alloc() : memref<3xf64>
    %alloc_3 = memref.alloc() : memref<3xf64>
    %alloc_4 = memref.alloc() : memref<3xf64>
    affine.store %cst_1, %alloc_4[0] : memref<3xf64>
    affine.store %cst_0, %alloc_4[1] : memref<3xf64>
    affine.store %cst, %alloc_4[2] : memref<3xf64>
    affine.for %arg0 = 0 to 3 {
      %0 = affine.load %alloc_4[%arg0] : memref<3xf64>
      %1 = arith.addf %0, %0 : f64
      affine.store %1, %alloc_3[%arg0] : memref<3xf64>
    }
    affine.for %arg0 = 0 to 3 {
      %0 = affine.load %alloc_3[%arg0] : memref<3xf64>
      %1 = arith.mulf %0, %0 : f64
      affine.store %1, %alloc_2[%arg0] : memref<3xf64>
    }
    affine.for %arg0 = 0 to 3 {
      %0 = affine.load %alloc_2[%arg0] : memref<3xf64>
      %1 = affine.load %alloc_4[%arg0] : memref<3xf64>
      %2 = arith.addf %0, %1 : f64
      affine.store %2, %alloc[%arg0] : memref<3xf64>
    }
    "toy.print"(%alloc) : (memref<3xf64>) -> ()
    "toy.print"(%alloc_3) : (memref<3xf64>) -> ()
    memref.dealloc %alloc_4 : memref<3xf64>
    memref.dealloc %alloc_3 : memref<3xf64>
    memref.dealloc %alloc_2 : memref<3xf64>
    memref.dealloc %alloc : memref<3xf64>
    return
  }
}

// CHECK-LABEL: func.func @main()
// CHECK-COUNT-1: affine.for
// CHECK-NOT:     affine.for
