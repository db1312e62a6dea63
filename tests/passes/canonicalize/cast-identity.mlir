// RUN: strata-opt -canonicalize %s > %t.strata && mlir-opt -canonicalize %s > %t.ref && diff %t.ref %t.strata
// RUN: strata-opt -canonicalize -allow-unregistered-dialect %s | FileCheck %s
// The CastOpInterface class: a cast whose operand types equal its result
// types folds to its operands (the interface's foldTrait), for every arith
// cast (only bitcast can be an identity; the others' verifiers refuse it)
// and builtin.unrealized_conversion_cast, which also folds a -> b -> a
// round trips of a whole cast.

// CHECK-LABEL: func.func @arith_bitcast
// CHECK-NEXT: %[[B:.*]] = arith.bitcast %arg1 : f32 to i32
// CHECK-NEXT: return %arg0, %arg1, %arg2, %[[B]]
func.func @arith_bitcast(%a: i32, %b: f32, %v: vector<4xf32>) -> (i32, f32, vector<4xf32>, i32) {
  %0 = arith.bitcast %a : i32 to i32
  %1 = arith.bitcast %b : f32 to f32
  %2 = arith.bitcast %v : vector<4xf32> to vector<4xf32>
  %3 = arith.bitcast %b : f32 to i32
  %4 = arith.bitcast %3 : i32 to f32
  %5 = arith.bitcast %4 : f32 to i32
  return %0, %1, %2, %5 : i32, f32, vector<4xf32>, i32
}

// CHECK-LABEL: func.func @unrealized
// CHECK-NEXT: %[[C:.*]] = builtin.unrealized_conversion_cast %arg0 : i32 to i64
// CHECK-NEXT: return %arg0, %arg1, %[[C]], %arg0, %arg1
func.func @unrealized(%a: i32, %b: f32) -> (i32, f32, i64, i32, f32) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i32
  %1, %2 = builtin.unrealized_conversion_cast %a, %b : i32, f32 to i32, f32
  %3 = builtin.unrealized_conversion_cast %a : i32 to i64
  %4:2 = builtin.unrealized_conversion_cast %a, %b : i32, f32 to i64, f64
  %5:2 = builtin.unrealized_conversion_cast %4#0, %4#1 : i64, f64 to i32, f32
  return %0, %2, %3, %5#0, %5#1 : i32, f32, i64, i32, f32
}
