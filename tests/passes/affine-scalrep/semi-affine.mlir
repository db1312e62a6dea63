// RUN: strata-opt -affine-scalrep %s | FileCheck %s
// RUN: strata-opt -affine-scalrep %s > %t.strata && mlir-opt -affine-scalrep %s > %t.ref && diff %t.ref %t.strata
// Accesses with semi-affine subscripts: comparing them must neither loop
// forever on a product of two operands nor miss that
// `(s0 * s0) floordiv s0` is `s0`, so the second load is the first.

// CHECK-LABEL: func.func @semi_affine_access
func.func @semi_affine_access(%n: index, %m: memref<?x?xf32>, %out: memref<?xf32>) {
  affine.for %i = 0 to 10 {
    %a = affine.apply affine_map<()[s0] -> ((s0 * s0) floordiv s0)>()[%n]
    // CHECK: %[[L:.*]] = affine.load
    %l0 = affine.load %m[%a, %n] : memref<?x?xf32>
    // CHECK-NOT: affine.load
    %l1 = affine.load %m[%n, %a] : memref<?x?xf32>
    // CHECK: affine.store %[[L]]
    affine.store %l0, %out[%i * symbol(%n)] : memref<?xf32>
    // CHECK: affine.store %[[L]]
    affine.store %l1, %out[%i * symbol(%n) + symbol(%n)] : memref<?xf32>
  }
  return
}
