// RUN: strata-opt -convert-scf-to-cf %s > %t.s && mlir-opt -convert-scf-to-cf %s > %t.r && diff %t.r %t.s
// RUN: strata-opt -convert-scf-to-cf --mlir-print-debuginfo %s > %t.sd && mlir-opt -convert-scf-to-cf --mlir-print-debuginfo %s > %t.rd && diff %t.rd %t.sd
// RUN: strata-opt -convert-scf-to-cf %s | FileCheck %s
// -convert-scf-to-cf on scf.execute_region (its blocks inlined, each
// scf.yield a branch to the continuation that takes the results),
// scf.index_switch (an index_cast to i32 feeding a cf.switch, the cases'
// blocks first, then the default's) and scf.forall without shared
// outputs (an scf.parallel whose static bounds become constants at the
// loop, then loops of blocks). Expected output is mlir-opt's, produced at
// test time.

// CHECK-LABEL: func.func @region_ops(
// CHECK-NOT: scf.
// CHECK: cf.switch %{{.*}} : i32, [
// CHECK-NEXT: default: ^bb5,
// CHECK-NEXT: 2: ^bb3,
// CHECK-NEXT: 5: ^bb4
func.func @region_ops(%i: index, %x: i32, %m: memref<?xi32>, %n: index) -> i32 {
  %r = scf.execute_region -> i32 {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  }
  %s = scf.index_switch %i -> i32
  case 2 {
    scf.yield %r : i32
  }
  case 5 {
    %b = arith.muli %r, %x : i32
    scf.yield %b : i32
  }
  default {
    scf.yield %x : i32
  }
  scf.forall (%q) in (%n) {
    memref.store %s, %m[%q] : memref<?xi32>
  }
  return %s : i32
}
// CHECK-LABEL: func.func @multi_block(
// CHECK-NOT: scf.
func.func @multi_block(%c: i1, %x: i32, %i: index) -> (i32, i32) {
  %r:2 = scf.execute_region -> (i32, i32) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %s = scf.index_switch %i -> i32
    case -1 {
      scf.yield %x : i32
    }
    default {
      %y = arith.addi %x, %x : i32
      scf.yield %y : i32
    }
    scf.yield %s, %x : i32, i32
  ^bb2:
    %a = arith.addi %x, %x : i32
    scf.yield %a, %x : i32, i32
  }
  scf.execute_region {
    scf.yield
  }
  scf.index_switch %i
  case 1 {
    scf.yield
  }
  default {
  }
  return %r#0, %r#1 : i32, i32
}
// Static bounds: lower bounds, then upper bounds, then steps, each a new
// constant at the loop, even where an equal constant exists.
// CHECK-LABEL: func.func @forall_bounds(
// CHECK: arith.constant 7 : index
// CHECK-NEXT: arith.constant 2 : index
func.func @forall_bounds(%n: index, %x: i32, %m: memref<?xi32>) {
  %k3 = arith.constant 3 : index
  %k1 = arith.constant 1 : index
  scf.forall (%i, %j) = (%k1, %n) to (%k3, 7) step (%k1, 2) {
    memref.store %x, %m[%j] : memref<?xi32>
  }
  scf.forall (%q) in (%k3) {
    scf.forall (%p) in (2) {
      memref.store %x, %m[%p] : memref<?xi32>
    }
  }
  return
}
