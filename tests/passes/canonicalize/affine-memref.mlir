// RUN: strata-opt -canonicalize %s | FileCheck %s
// RUN: strata-opt -canonicalize %s > %t.strata && mlir-opt -canonicalize %s > %t.ref && diff %t.ref %t.strata
// RUN: strata-opt -canonicalize -cse %s > %t.strata2 && mlir-opt -canonicalize -cse %s > %t.ref2 && diff %t.ref2 %t.strata2
// Canonicalization of affine.load/store/apply (constant operands folded into
// the map, function arguments promoted to symbols, repeated operands merged,
// constant applies folded) and of memref.alloc (an allocation only
// deallocated is erased); CSE of identical loads with no store between.
func.func @f(%m: memref<2x3xf64>, %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f64
  affine.store %cst, %m[%c0, %c1] : memref<2x3xf64>
  affine.store %cst, %m[%i, %i] : memref<2x3xf64>
  %a = affine.load %m[%i, %c1] : memref<2x3xf64>
  %b = affine.load %m[%i, %c1] : memref<2x3xf64>
  %x = arith.addf %a, %b : f64
  affine.store %x, %m[%i + %c1, %c0] : memref<2x3xf64>
  %d = affine.load %m[%i, %c1] : memref<2x3xf64>
  %e = affine.apply affine_map<(d0) -> (d0 + 2)>(%c1)
  %f = affine.apply affine_map<(d0) -> (d0)>(%i)
  affine.store %cst, %m[%e, %f] : memref<2x3xf64>
  %al = memref.alloc() : memref<2xf64>
  memref.dealloc %al : memref<2xf64>
  return
}
// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[M:.*]]: memref<2x3xf64>, %[[I:.*]]: index)
// CHECK:     affine.store %{{.*}}, %[[M]][0, 1] : memref<2x3xf64>
// CHECK:     affine.store %{{.*}}, %[[M]][symbol(%[[I]]), symbol(%[[I]])] : memref<2x3xf64>
// CHECK:     affine.load %[[M]][symbol(%[[I]]), 1] : memref<2x3xf64>
// CHECK:     affine.store %{{.*}}, %[[M]][symbol(%[[I]]) + 1, 0] : memref<2x3xf64>
// CHECK:     affine.store %{{.*}}, %[[M]][3, symbol(%[[I]])] : memref<2x3xf64>
// CHECK-NOT: memref.alloc
// CHECK:     return
