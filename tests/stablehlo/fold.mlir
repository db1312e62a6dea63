// RUN: strata-opt %s -canonicalize -split-input-file | FileCheck %s
// Constant folding of the stablehlo ops and the identities x + 0, x * 1.

// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]], %[[X]] :
func.func @identities(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<2x3xf32>
  %one = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %0 = stablehlo.add %x, %zero : tensor<2x3xf32>
  %1 = stablehlo.multiply %one, %x : tensor<2x3xf32>
  %2 = stablehlo.subtract %x, %zero : tensor<2x3xf32>
  %3 = stablehlo.divide %x, %one : tensor<2x3xf32>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// x - 0 keeps x, 0 - x does not.
// CHECK-LABEL: func.func @not_identities
// CHECK: stablehlo.subtract
// CHECK: stablehlo.add
func.func @not_identities(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<2xf32>
  %one = stablehlo.constant dense<1.0> : tensor<2xf32>
  %0 = stablehlo.subtract %zero, %x : tensor<2xf32>
  %1 = stablehlo.add %x, %one : tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @elementwise
// CHECK-DAG: stablehlo.constant dense<[3.000000e+00, 6.000000e+00]> : tensor<2xf32>
// CHECK-DAG: stablehlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-DAG: stablehlo.constant dense<[false, true]> : tensor<2xi1>
// CHECK-DAG: stablehlo.constant dense<[-3, 3]> : tensor<2xi32>
// CHECK-DAG: stablehlo.constant dense<[-4, 3]> : tensor<2xi32>
// CHECK-DAG: stablehlo.constant dense<[4.000000e+00, 1.600000e+01]> : tensor<2xf32>
// CHECK-NOT: stablehlo.add
// CHECK-NOT: stablehlo.sqrt
// CHECK-NOT: stablehlo.compare
// CHECK-NOT: stablehlo.select
func.func @elementwise() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xi1>, tensor<2xi32>, tensor<2xi32>, tensor<2xf32>) {
  %a = stablehlo.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<2.0> : tensor<2xf32>
  %0 = stablehlo.add %a, %b : tensor<2xf32>
  %1 = stablehlo.sqrt %a : tensor<2xf32>
  %2 = stablehlo.compare  GT, %a, %b,  FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %i = stablehlo.constant dense<[-7, 7]> : tensor<2xi32>
  %j = stablehlo.constant dense<2> : tensor<2xi32>
  // Integer division truncates toward zero, as StableHLO's divide.
  %3 = stablehlo.divide %i, %j : tensor<2xi32>
  %4 = stablehlo.select %2, %j, %3 : tensor<2xi1>, tensor<2xi32>
  %5 = stablehlo.power %b, %b : tensor<2xf32>
  %6 = stablehlo.multiply %5, %a : tensor<2xf32>
  %7 = stablehlo.remainder %i, %j : tensor<2xi32>
  %8 = stablehlo.add %4, %7 : tensor<2xi32>
  return %0, %1, %2, %3, %8, %6 : tensor<2xf32>, tensor<2xf32>, tensor<2xi1>, tensor<2xi32>, tensor<2xi32>, tensor<2xf32>
}

// -----

// Integer division by zero is left to run time.
// CHECK-LABEL: func.func @divide_by_zero
// CHECK: stablehlo.divide
func.func @divide_by_zero() -> tensor<2xi32> {
  %i = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %z = stablehlo.constant dense<[1, 0]> : tensor<2xi32>
  %0 = stablehlo.divide %i, %z : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// A huge splat stays one element through broadcast and elementwise folds.
// CHECK-LABEL: func.func @huge_splat
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<7.3890562{{[0-9]*}}> : tensor<1000000x100000xf32>
// CHECK-NEXT: return %[[C]]
func.func @huge_splat() -> tensor<1000000x100000xf32> {
  %s = stablehlo.constant dense<2.0> : tensor<f32>
  %0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<1000000x100000xf32>
  %1 = stablehlo.exponential %0 : tensor<1000000x100000xf32>
  return %1 : tensor<1000000x100000xf32>
}

// -----

// CHECK-LABEL: func.func @data_movement
// CHECK-DAG: stablehlo.constant dense<{{\[\[}}1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
// CHECK-DAG: stablehlo.constant dense<[2, 3, 5, 6]> : tensor<4xi32>
// CHECK-DAG: stablehlo.constant dense<[1, 2, 3, 4, 5, 6, 7]> : tensor<7xi32>
// CHECK-DAG: stablehlo.constant dense<{{\[\[}}1, 1], [2, 2], [3, 3]]> : tensor<3x2xi32>
// CHECK-DAG: stablehlo.constant dense<[1, 3]> : tensor<2xi64>
// CHECK-DAG: stablehlo.constant dense<[1.000000e+00, 0.000000e+00]> : tensor<2xf32>
// CHECK-DAG: stablehlo.constant dense<[true, false]> : tensor<2xi1>
// CHECK-NOT: stablehlo.transpose
// CHECK-NOT: stablehlo.slice
// CHECK-NOT: stablehlo.concatenate
// CHECK-NOT: stablehlo.broadcast_in_dim
// CHECK-NOT: stablehlo.convert
// CHECK-NOT: stablehlo.reshape
func.func @data_movement() -> (tensor<3x2xi32>, tensor<4xi32>, tensor<7xi32>, tensor<3x2xi32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi1>) {
  %c = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %t = stablehlo.transpose %c, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %s = stablehlo.slice %c [0:2, 1:3] : (tensor<2x3xi32>) -> tensor<2x2xi32>
  %r = stablehlo.reshape %s : (tensor<2x2xi32>) -> tensor<4xi32>
  %f = stablehlo.reshape %c : (tensor<2x3xi32>) -> tensor<6xi32>
  %seven = stablehlo.constant dense<7> : tensor<1xi32>
  %cat = stablehlo.concatenate %f, %seven, dim = 0 : (tensor<6xi32>, tensor<1xi32>) -> tensor<7xi32>
  %v = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = stablehlo.broadcast_in_dim %v, dims = [0] : (tensor<3xi32>) -> tensor<3x2xi32>
  %fl = stablehlo.constant dense<[1.7, 3.2]> : tensor<2xf32>
  %cv = stablehlo.convert %fl : (tensor<2xf32>) -> tensor<2xi64>
  %bits = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %cf = stablehlo.convert %bits : (tensor<2xi1>) -> tensor<2xf32>
  %cb = stablehlo.convert %cf : (tensor<2xf32>) -> tensor<2xi1>
  return %t, %r, %cat, %b, %cv, %cf, %cb : tensor<3x2xi32>, tensor<4xi32>, tensor<7xi32>, tensor<3x2xi32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi1>
}

// -----

// A per-channel bias broadcast over a large activation stays a broadcast.
// CHECK-LABEL: func.func @bias_broadcast
// CHECK: stablehlo.broadcast_in_dim
func.func @bias_broadcast() -> tensor<1x64x32x32xf32> {
  %bias = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<64xf32>
  %0 = stablehlo.broadcast_in_dim %bias, dims = [1] : (tensor<64xf32>) -> tensor<1x64x32x32xf32>
  return %0 : tensor<1x64x32x32xf32>
}

// -----

// Chains of reshapes, transposes and broadcasts collapse.
// CHECK-LABEL: func.func @chains
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>, %[[V:.*]]: tensor<3xf32>)
// CHECK-NEXT: %[[R:.*]] = stablehlo.reshape %[[X]] : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
// CHECK-NEXT: %[[T:.*]] = stablehlo.transpose %[[X]], dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %[[V]], dims = [2] : (tensor<3xf32>) -> tensor<5x2x3xf32>
// CHECK-NEXT: return %[[R]], %[[X]], %[[T]], %[[B]]
func.func @chains(%x: tensor<2x3x4xf32>, %v: tensor<3xf32>) -> (tensor<6x4xf32>, tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<5x2x3xf32>) {
  %0 = stablehlo.reshape %x : (tensor<2x3x4xf32>) -> tensor<24xf32>
  %1 = stablehlo.reshape %0 : (tensor<24xf32>) -> tensor<6x4xf32>
  %2 = stablehlo.transpose %x, dims = [1, 0, 2] : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %3 = stablehlo.transpose %2, dims = [1, 0, 2] : (tensor<3x2x4xf32>) -> tensor<2x3x4xf32>
  %4 = stablehlo.transpose %x, dims = [0, 2, 1] : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  %5 = stablehlo.transpose %4, dims = [1, 0, 2] : (tensor<2x4x3xf32>) -> tensor<4x2x3xf32>
  %6 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %7 = stablehlo.broadcast_in_dim %6, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<5x2x3xf32>
  return %1, %3, %5, %7 : tensor<6x4xf32>, tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<5x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @select_splat
// CHECK-SAME: (%[[A:.*]]: tensor<2xf32>, %[[B:.*]]: tensor<2xf32>)
// CHECK-NEXT: return %[[B]], %[[A]]
func.func @select_splat(%a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %f = stablehlo.constant dense<false> : tensor<2xi1>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %0 = stablehlo.select %f, %a, %b : tensor<2xi1>, tensor<2xf32>
  %1 = stablehlo.select %t, %a, %b : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// A rank-0 predicate selects whole tensors.
// CHECK-LABEL: func.func @select_scalar_pred
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
// CHECK-NEXT: return %[[C]]
func.func @select_scalar_pred() -> tensor<2xi32> {
  %p = "stablehlo.constant"() <{value = dense<false> : tensor<i1>}> : () -> tensor<i1>
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %0 = stablehlo.select %p, %a, %b : (tensor<i1>, tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
