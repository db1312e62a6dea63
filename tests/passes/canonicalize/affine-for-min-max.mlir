// RUN: strata-opt --allow-unregistered-dialect -canonicalize %s > %t.s && mlir-opt --allow-unregistered-dialect -canonicalize %s > %t.r && diff %t.r %t.s
// RUN: strata-opt --allow-unregistered-dialect -lower-affine %s > %t.s2 && mlir-opt --allow-unregistered-dialect -lower-affine %s > %t.r2 && diff %t.r2 %t.s2
// RUN: strata-opt --allow-unregistered-dialect -canonicalize %s | FileCheck %s
// affine.for bounds as upstream's canonicalizeLoopBounds leaves them:
// results of a min (max) bound that the operands' loop ranges show can
// never be the smallest (largest) are dropped (simplifyMinOrMaxExprWith-
// Operands), also before -lower-affine expands the bound. Expected output
// is mlir-opt's, produced at test time.

// CHECK-DAG: affine_map<(d0) -> (d0 - 2, d0 floordiv 2)>
// CHECK-DAG: affine_map<(d0) -> (d0 mod 4, d0 mod 8)>
#ub = affine_map<(d0) -> (d0 + 4, 10)>
#ub2 = affine_map<(d0) -> (d0 + 4, 100, d0 * 2 + 1)>
#lb = affine_map<(d0) -> (d0 - 2, 0, d0 floordiv 2)>
func.func @tiles(%m: memref<100xf32>, %n: index) {
  affine.for %i = 0 to 10 step 4 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to min #ub(%i) {
      %v = affine.load %m[%j] : memref<100xf32>
      "test.use"(%v) : (f32) -> ()
    }
    affine.for %j = max #lb(%i) to min #ub2(%i) {
      %v = affine.load %m[%j] : memref<100xf32>
      "test.use"(%v) : (f32) -> ()
    }
    affine.for %j = max #lb(%n) to min #ub2(%n) {
      %v = affine.load %m[%j] : memref<100xf32>
      "test.use"(%v) : (f32) -> ()
    }
    affine.for %j = 0 to min affine_map<(d0) -> (d0 mod 4, 3, d0 mod 8)>(%i) {
      "test.use"(%j) : (index) -> ()
    }
  }
  return
}
