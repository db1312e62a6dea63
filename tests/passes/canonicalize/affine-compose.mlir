// RUN: strata-opt -canonicalize %s | FileCheck %s
// RUN: strata-opt -canonicalize %s > %t.strata && mlir-opt -canonicalize %s > %t.ref && diff %t.ref %t.strata
// RUN: strata-opt -canonicalize -cse %s > %t.strata2 && mlir-opt -canonicalize -cse %s > %t.ref2 && diff %t.ref2 %t.strata2
// Issue 12 item 7: affine.apply chains are composed into their users
// (composeAffineMapAndOperands), the composed maps simplified by
// flattening (terms cancel once duplicate operands are merged) and with the
// constant bounds of loop induction variables (simplifyMapWithOperands).
// The random class is covered by tests/tools/gen-random-affine.py in the
// differential suite.

// CHECK-LABEL: func.func @chain(
// CHECK-SAME:    %[[M:[a-z0-9]+]]: memref<100xf32>, %[[I:[a-z0-9]+]]: index
func.func @chain(%m: memref<100xf32>, %i: index, %j: index) -> index {
  affine.for %k = 0 to 10 {
    %a = affine.apply affine_map<(d0) -> (d0 * 2)>(%k)
    %b = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 1)>(%a, %k)
    // CHECK: %[[V:[0-9]+]] = affine.load %[[M]][%[[K:[a-z0-9]+]] * 3 + 1]
    %v = affine.load %m[%b] : memref<100xf32>
    %c = affine.apply affine_map<(d0)[s0] -> (d0 floordiv 2 + s0)>(%b)[%i]
    // CHECK: affine.store %[[V]], %[[M]][(%[[K]] * 3 + 1) floordiv 2 + symbol(%[[I]]) + 3]
    affine.store %v, %m[%c + 3] : memref<100xf32>
  }
  // `s0 + s0 mod 2 - s0` after merging the duplicate operand.
  // CHECK-NOT: affine.apply {{.*}}(%[[I]], %[[I]])
  %x = affine.apply affine_map<()[s0] -> (s0 mod 2)>()[%i]
  %y = affine.apply affine_map<(d0)[s0] -> (d0 + s0 - d0)>(%i)[%x]
  %z = affine.apply affine_map<(d0, d1) -> (d0 + d1 mod 2 - d1)>(%j, %j)
  %w = arith.addi %y, %z : index
  return %w : index
}

// Apply results that are a plain operand forward it before any composing.
// CHECK-LABEL: func.func @forward(
func.func @forward(%n: index) -> index {
  %c7 = arith.constant 7 : index
  %c0 = arith.constant 0 : index
  %a = affine.apply affine_map<(d0, d1)[s0] -> (s0 + d0 - (d1 + d0 + d0 floordiv 4))>(%n, %n)[%c7]
  %b = affine.apply affine_map<(d0)[s0, s1] -> (s1)>(%a)[%c0, %a]
  return %b : index
}

// Bounds of induction variables: `d0 mod 16` for d0 in [0, 10) is d0, a
// quotient known to be constant folds, a multiple of the step drops out.
// CHECK-LABEL: func.func @bounds(
func.func @bounds(%m: memref<100xf32>, %n: index) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 64 step 4 {
      %a = affine.apply affine_map<(d0) -> (d0 mod 16)>(%i)
      %b = affine.apply affine_map<(d0, d1) -> ((d0 + d1 * 4) floordiv 4)>(%i, %j)
      %v = affine.load %m[%a + %b] : memref<100xf32>
      %c = affine.apply affine_map<(d0)[s0] -> ((d0 + 2) mod 4 + s0 * 3)>(%j)[%n]
      %d = affine.apply affine_map<(d0) -> (d0 * 2 - 1)>(%c)
      affine.store %v, %m[%d floordiv 2] : memref<100xf32>
      %e = affine.apply affine_map<(d0) -> (d0 ceildiv 128)>(%j)
      %f = affine.apply affine_map<(d0) -> (d0 mod 4)>(%j)
      affine.store %v, %m[%e + %c + %f] : memref<100xf32>
    }
  }
  return
}
