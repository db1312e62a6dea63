// An op written with its default-valued properties spelled out (as in
// mlir-opt's generic output) is the same op as one written without them:
// MLIR populates them either way, so CSE merges the two.
// RUN: strata-opt -cse %s > %t.strata && mlir-opt -cse %s > %t.ref && diff %t.ref %t.strata
// RUN: strata-opt -cse %s | FileCheck %s

// CHECK-LABEL: func.func @merged(
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    %[[F:.*]] = arith.addf %arg1, %arg1 : f32
// CHECK-NEXT:    return %[[A]], %[[A]], %[[F]], %[[F]]
func.func @merged(%a: i32, %x: f32) -> (i32, i32, f32, f32) {
  %0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.addf %x, %x : f32
  %3 = "arith.addf"(%x, %x) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  return %0, %1, %2, %3 : i32, i32, f32, f32
}
