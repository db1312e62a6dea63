// RUN: strata-opt -allow-unregistered-dialect -canonicalize %s | FileCheck %s
// RUN: strata-opt -allow-unregistered-dialect -canonicalize %s > %t.strata && mlir-opt -allow-unregistered-dialect -canonicalize %s > %t.ref && diff %t.ref %t.strata
// Semi-affine maps simplify as upstream's simplifyAffineExpr does: a
// division or mod by a symbol is pushed into a dividend that is a multiple
// of it, terms over symbols cancel after flattening, and an apply whose
// constant operands divide by zero folds to ub.poison. Two upstream rules
// that compute wrong values are left out (crates/strata-ir/src/affine/
// semi_affine.rs says which).

// CHECK-DAG: #[[SUM:.*]] = affine_map<()[s0] -> (s0 + 2)>
// CHECK-DAG: #[[PROD:.*]] = affine_map<()[s0, s1] -> (s0 * s1)>
// CHECK-DAG: #[[KEEP:.*]] = affine_map<()[s0] -> ((s0 - s0 ceildiv 128) ceildiv s0)>
// CHECK-DAG: #[[INNER:.*]] = affine_map<()[s0] -> (s0 - s0 ceildiv 128)>
// CHECK-LABEL: func.func @divide_by_symbol
func.func @divide_by_symbol(%i: index, %s: index, %t: index) {
  // CHECK: %[[ZERO:.*]] = arith.constant 0 : index
  // CHECK: "test.use"(%arg0)
  %0 = affine.apply affine_map<()[s0, s1] -> ((s1 * s0) floordiv s0)>()[%s, %i]
  "test.use"(%0) : (index) -> ()
  // CHECK: "test.use"(%[[ZERO]])
  %1 = affine.apply affine_map<()[s0, s1] -> ((s1 * s0 + s0) mod s0)>()[%s, %i]
  "test.use"(%1) : (index) -> ()
  // CHECK: affine.apply #[[SUM]]()[%arg0]
  %2 = affine.apply affine_map<()[s0, s1] -> ((s1 * s0 + s0 * 2) ceildiv s0)>()[%s, %i]
  "test.use"(%2) : (index) -> ()
  // Cancellation of semi-affine terms after flattening.
  // CHECK: affine.apply #[[PROD]]()[%arg1, %arg2]
  %3 = affine.apply affine_map<()[s0, s1, s2] -> (s1 * s0 + s2 * s0 - s1 * s0)>()[%s, %i, %t]
  "test.use"(%3) : (index) -> ()
  // A floor or ceiling directly under a product does not commute with the
  // division: kept.
  // CHECK: affine.apply #[[KEEP]]()[%arg1]
  %4 = affine.apply affine_map<()[s0] -> ((s0 - s0 ceildiv 128) ceildiv s0)>()[%s]
  "test.use"(%4) : (index) -> ()
  // CHECK: affine.apply #[[INNER]]()[%arg1]
  %5 = affine.apply affine_map<()[s0] -> (((s0 - s0 ceildiv 128) * s0) ceildiv s0)>()[%s]
  "test.use"(%5) : (index) -> ()
  return
}

// CHECK-LABEL: func.func @poison
func.func @poison(%i: index) -> (index, index, index, index) {
  // CHECK: %[[P:.*]] = ub.poison : index
  // CHECK-DAG: arith.constant -4 : index
  // CHECK: return %[[P]], %[[P]], %{{.*}}, %{{.*}} : index, index, index, index
  %c0 = arith.constant 0 : index
  %m2 = arith.constant -2 : index
  %a = affine.apply affine_map<()[s0] -> (5 mod s0)>()[%c0]
  %b = affine.apply affine_map<()[s0] -> (5 mod s0)>()[%m2]
  %c = affine.apply affine_map<()[s0] -> (7 floordiv s0)>()[%m2]
  // Not folded: the dividend is not a constant.
  %d = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%i)[%c0]
  return %a, %b, %c, %d : index, index, index, index
}

// A sum whose left side is not a constant is not folded, so a division by
// zero on its right is not seen (upstream folds the left operand first).
// CHECK-LABEL: func.func @poison_behind_unknown
// CHECK-NOT: ub.poison
// CHECK: return
func.func @poison_behind_unknown(%i: index) -> index {
  %c0 = arith.constant 0 : index
  %a = affine.apply affine_map<(d0)[s0] -> (d0 + 1 mod s0)>(%i)[%c0]
  return %a : index
}
