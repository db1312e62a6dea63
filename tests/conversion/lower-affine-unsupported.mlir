// RUN: strata-opt -lower-affine %s > %t.s 2> %t.err && mlir-opt -lower-affine %s > %t.r && diff %t.r %t.s
// RUN: FileCheck %s < %t.err
// A map dividing by a non-positive constant cannot be expanded: as in
// mlir-opt, the op stays as it is (with nothing half-built before it), the
// error is reported, and the pass still succeeds.

// CHECK: error: division by non-positive value is not supported
func.func @f(%i: index, %m: memref<?x?xf32>) -> f32 {
  %0 = affine.load %m[%i * 3 + 1, %i floordiv -2] : memref<?x?xf32>
  return %0 : f32
}
