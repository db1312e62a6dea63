// RUN: strata-opt -canonicalize %s > %t.s && mlir-opt -canonicalize %s > %t.r && diff %t.r %t.s
// RUN: strata-opt -canonicalize %s | FileCheck %s
// Tensor and ub folds: tensor.dim of a static size or of tensor.empty's
// size operand (not out of bounds), identity casts, extract from
// from_elements and from constants, from_elements of constants as a dense
// constant (index, float, i1), insert of a splat's value, reshape of a
// splat, reshape chains, 1-D identity reshape, identity and inverse
// expand/collapse, reshaped dense constants, whole slices, splat slices,
// empty insert_slice, and ub.poison uniqued as a constant. Expected
// output is mlir-opt's, produced at test time.

func.func @dim_static(%t: tensor<4x?xf32>, %i: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %0 = tensor.dim %t, %c0 : tensor<4x?xf32>
  %1 = tensor.dim %t, %c1 : tensor<4x?xf32>
  %2 = tensor.dim %t, %c5 : tensor<4x?xf32>
  return %0, %1, %2 : index, index, index
}
func.func @dim_empty(%i: index, %j: index) -> (index, index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e = tensor.empty(%i, %j) : tensor<?x4x?xf32>
  %0 = tensor.dim %e, %c2 : tensor<?x4x?xf32>
  %1 = tensor.dim %e, %c1 : tensor<?x4x?xf32>
  return %0, %1 : index, index
}
func.func @cast_id(%t: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tensor.cast %t : tensor<4xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @extract_fe(%a: f32, %b: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = tensor.from_elements %a, %b : tensor<2xf32>
  %0 = tensor.extract %t[%c1] : tensor<2xf32>
  %1 = tensor.extract %t[%c0] : tensor<2xf32>
  return %0, %1 : f32, f32
}
func.func @extract_const() -> (f32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %0 = arith.constant dense<4.0> : tensor<4xf32>
  %e0 = tensor.extract %0[%c1] : tensor<4xf32>
  %3 = arith.constant dense<[[[1, -2, 1, 36]], [[0, 2, -1, 64]]]> : tensor<2x1x4xi32>
  %e1 = tensor.extract %3[%c1, %c0, %c3] : tensor<2x1x4xi32>
  %e2 = tensor.extract %3[%c0, %c0, %c1] : tensor<2x1x4xi32>
  return %e0, %e1, %e2 : f32, i32, i32
}
func.func @extract_insert(%t: tensor<?xf32>, %s: f32, %i: index) -> f32 {
  %0 = tensor.insert %s into %t[%i] : tensor<?xf32>
  %1 = tensor.extract %0[%i] : tensor<?xf32>
  return %1 : f32
}
func.func @fe_const() -> (tensor<3xindex>, tensor<2xf32>, tensor<2xi1>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = tensor.from_elements %c1, %c2, %c1 : tensor<3xindex>
  %f = arith.constant 1.5 : f32
  %1 = tensor.from_elements %f, %f : tensor<2xf32>
  %t = arith.constant true
  %2 = tensor.from_elements %t, %t : tensor<2xi1>
  return %0, %1, %2 : tensor<3xindex>, tensor<2xf32>, tensor<2xi1>
}
func.func @insert_splat(%i: index) -> tensor<4xf32> {
  %0 = arith.constant dense<4.0> : tensor<4xf32>
  %1 = arith.constant 4.0 : f32
  %2 = tensor.insert %1 into %0[%i] : tensor<4xf32>
  return %2 : tensor<4xf32>
}
func.func @reshape_splat(%shape: tensor<1xi32>) -> tensor<4xf32> {
  %cst = arith.constant dense<1.000000e-01> : tensor<4x1xf32>
  %0 = tensor.reshape %cst(%shape) : (tensor<4x1xf32>, tensor<1xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @reshape_chain(%input: tensor<*xf32>, %s0: tensor<?xindex>, %s1: tensor<?xindex>) -> tensor<*xf32> {
  %0 = tensor.reshape %input(%s0) : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
  %1 = tensor.reshape %0(%s1) : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}
func.func @reshape_1d(%input: tensor<?xf32>, %shape: tensor<1xindex>) -> tensor<?xf32> {
  %0 = tensor.reshape %input(%shape) : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @expand_id(%arg0 : tensor<5xf32>) -> tensor<5xf32> {
  %0 = tensor.expand_shape %arg0 [[0]] output_shape [5] : tensor<5xf32> into tensor<5xf32>
  return %0 : tensor<5xf32>
}
func.func @collapse_of_expand(%arg0 : tensor<12x4xf32>) -> tensor<12x4xf32> {
  %0 = tensor.expand_shape %arg0 [[0, 1], [2]] output_shape [3, 4, 4] : tensor<12x4xf32> into tensor<3x4x4xf32>
  %1 = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<3x4x4xf32> into tensor<12x4xf32>
  return %1 : tensor<12x4xf32>
}
func.func @reshape_const() -> tensor<2x2xi32> {
  %0 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %1 = tensor.expand_shape %0 [[0, 1]] output_shape [2, 2] : tensor<4xi32> into tensor<2x2xi32>
  return %1 : tensor<2x2xi32>
}
func.func @trivial_slice(%arg0 : tensor<4x6xi8>) -> tensor<4x6xi8> {
  %0 = tensor.extract_slice %arg0[0, 0] [4, 6] [1, 1] : tensor<4x6xi8> to tensor<4x6xi8>
  return %0 : tensor<4x6xi8>
}
func.func @slice_splat() -> (tensor<4x4xi32>) {
  %cst = arith.constant dense<42> : tensor<1024x1024xi32>
  %1 = tensor.extract_slice %cst[0,0] [4,4] [1, 1] : tensor<1024x1024xi32> to tensor<4x4xi32>
  return %1 : tensor<4x4xi32>
}
func.func @empty_insert_slice(%arg0 : tensor<0x2xi8>, %arg1 : tensor<3x3xi8>) -> tensor<3x3xi8> {
  %0 = tensor.insert_slice %arg0 into %arg1[0, 0] [0, 2] [1, 1] : tensor<0x2xi8> into tensor<3x3xi8>
  return %0 : tensor<3x3xi8>
}
func.func @poison() -> (i32, i32, f32) {
  %0 = ub.poison : i32
  %1 = ub.poison : i32
  %2 = ub.poison : f32
  return %0, %1, %2 : i32, i32, f32
}

// CHECK-LABEL: func.func @dim_static(
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[D1:.*]] = tensor.dim %arg0, %c1
// CHECK: %[[D5:.*]] = tensor.dim %arg0, %c5
// CHECK: return %[[C4]], %[[D1]], %[[D5]]
// CHECK-LABEL: func.func @dim_empty(
// CHECK: return %arg1, %c4
// CHECK-LABEL: func.func @cast_id(
// CHECK-NEXT: return %arg0
// CHECK-LABEL: func.func @extract_fe(
// CHECK-NEXT: return %arg1, %arg0
// CHECK-LABEL: func.func @extract_const(
// CHECK: return %cst, %c64_i32, %c-2_i32
// CHECK-LABEL: func.func @fe_const(
// CHECK: arith.constant dense<[1, 2, 1]> : tensor<3xindex>
// CHECK: arith.constant dense<1.500000e+00> : tensor<2xf32>
// CHECK: arith.constant dense<true> : tensor<2xi1>
// CHECK-LABEL: func.func @insert_splat(
// CHECK-NOT: tensor.insert
// CHECK-LABEL: func.func @reshape_splat(
// CHECK: arith.constant dense<1.000000e-01> : tensor<4xf32>
// CHECK-LABEL: func.func @reshape_chain(
// CHECK-NEXT: tensor.reshape %arg0(%arg2)
// CHECK-LABEL: func.func @reshape_1d(
// CHECK-NEXT: return %arg0
// CHECK-LABEL: func.func @expand_id(
// CHECK-NEXT: return %arg0
// CHECK-LABEL: func.func @collapse_of_expand(
// CHECK-NEXT: return %arg0
// CHECK-LABEL: func.func @reshape_const(
// CHECK: arith.constant dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-LABEL: func.func @trivial_slice(
// CHECK-NEXT: return %arg0
// CHECK-LABEL: func.func @slice_splat(
// CHECK: arith.constant dense<42> : tensor<4x4xi32>
// CHECK-LABEL: func.func @empty_insert_slice(
// CHECK-NEXT: return %arg1
// CHECK-LABEL: func.func @poison(
// CHECK-NEXT: %[[P:.*]] = ub.poison : i32
// CHECK-NEXT: %[[F:.*]] = ub.poison : f32
// CHECK-NEXT: return %[[P]], %[[P]], %[[F]]
