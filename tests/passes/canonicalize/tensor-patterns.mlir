// RUN: strata-opt -canonicalize %s > %t.s && mlir-opt -canonicalize %s > %t.r && diff %t.r %t.s
// RUN: strata-opt -canonicalize %s | FileCheck %s
// Tensor canonicalization patterns: chained casts (joined, regained,
// kept when they check something), casts absorbed by extract, dim,
// extract_slice, insert_slice and collapse_shape, dim of insert, empty
// with constant sizes, constant slice operands made static (with a cast
// back, rank-reduced results), a source cast to its static sizes,
// extract of what insert_slice wrote, overlapping insert_slices,
// expand/collapse composition and inverse pairs (folded only where
// upstream folds them), reshapes of from_elements. Expected output is
// mlir-opt's, produced at test time.

func.func @extract_insert(%t: tensor<?xf32>, %s: f32) -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = tensor.insert %s into %t[%c1] : tensor<?xf32>
  %1 = tensor.extract %0[%c1] : tensor<?xf32>
  %2 = tensor.extract %0[%c2] : tensor<?xf32>
  return %1, %2 : f32, f32
}
func.func @extract_cast(%t: tensor<9xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %casted = tensor.cast %t : tensor<9xf32> to tensor<?xf32>
  %result = tensor.extract %casted[%c0] : tensor<?xf32>
  return %result : f32
}
func.func @dim_cast(%arg0 : tensor<4x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.cast %arg0 : tensor<4x?xf32> to tensor<?x?xf32>
  %1 = tensor.dim %0, %c0 : tensor<?x?xf32>
  %2 = tensor.dim %0, %c1 : tensor<?x?xf32>
  return %1, %2: index, index
}
func.func @cast_chain(%input: tensor<*xi32>) -> tensor<4x8xi32> {
  %0 = tensor.cast %input : tensor<*xi32> to tensor<4x?xi32>
  %1 = tensor.cast %0 : tensor<4x?xi32> to tensor<4x8xi32>
  return %1 : tensor<4x8xi32>
}
func.func @cast_regain(%input: tensor<4xi32>) -> tensor<4xi32> {
  %0 = tensor.cast %input : tensor<4xi32> to tensor<?xi32>
  %1 = tensor.cast %0 : tensor<?xi32> to tensor<4xi32>
  return %1 : tensor<4xi32>
}
func.func @cast_keep(%input: tensor<?x?xi32>) -> tensor<?x8xi32> {
  %0 = tensor.cast %input : tensor<?x?xi32> to tensor<4x?xi32>
  %1 = tensor.cast %0 : tensor<4x?xi32> to tensor<?x8xi32>
  return %1 : tensor<?x8xi32>
}
func.func @empty_static(%i: index) -> tensor<?x?xf32> {
  %c4 = arith.constant 4 : index
  %0 = tensor.empty(%i, %c4) : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @slice_canon(%arg0 : tensor<?x?x?xf32>, %arg1 : index, %arg2 : index) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = tensor.extract_slice %arg0[%c0, %arg1, %c1] [%c4, %c1, %arg2] [%c1, %c1, %c1] : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}
func.func @insert_slice_canon(%arg0 : tensor<?x?x?xf32>, %arg1 : index, %arg2 : index, %arg3 : tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = tensor.insert_slice %arg0 into %arg3[%c0, %arg1, %c1] [%c4, %c1, %arg2] [%c1, %c1, %c1] : tensor<?x?x?xf32> into tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}
func.func @slice_of_cast(%arg : tensor<4x6x16x32xi8>) -> tensor<16x32xi8> {
  %0 = tensor.cast %arg : tensor<4x6x16x32xi8> to tensor<?x?x16x32xi8>
  %1 = tensor.extract_slice %0[0, 1, 0, 0] [1, 1, 16, 32] [1, 1, 1, 1] : tensor<?x?x16x32xi8> to tensor<16x32xi8>
  return %1 : tensor<16x32xi8>
}
func.func @insert_slice_cast(%arg0 : tensor<1x?xf32>, %arg1 : tensor<?x?xf32>, %arg2 : index, %arg3 : index, %arg4 : index, %arg5 : index, %arg6 : index, %arg7 : index) -> tensor<?x?xf32> {
  %0 = tensor.cast %arg0 : tensor<1x?xf32> to tensor<?x?xf32>
  %1 = tensor.insert_slice %0 into %arg1[%arg2, %arg3] [%arg4, %arg5] [%arg6, %arg7] : tensor<?x?xf32> into tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
func.func @expand_of_expand(%arg0 : tensor<?x?xf32>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> tensor<?x6x4x?x5xf32> {
  %0 = tensor.expand_shape %arg0 [[0, 1], [2]] output_shape [%arg1, 4, %arg2] : tensor<?x?xf32> into tensor<?x4x?xf32>
  %1 = tensor.expand_shape %0 [[0, 1], [2], [3, 4]] output_shape [%arg3, 6, 4, %arg4, 5] : tensor<?x4x?xf32> into tensor<?x6x4x?x5xf32>
  return %1 : tensor<?x6x4x?x5xf32>
}
func.func @collapse_of_collapse(%arg0 : tensor<?x?x?x?x?xf32>) -> tensor<?x?xf32> {
  %0 = tensor.collapse_shape %arg0 [[0, 1], [2], [3, 4]] : tensor<?x?x?x?x?xf32> into tensor<?x?x?xf32>
  %1 = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
func.func @slice_to_insert_slice(%arg0 : tensor<?x?x?xf32>, %arg1 : index, %arg2 : index, %arg3 : tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = tensor.extract_slice %arg0[%c0, %arg1, %c1] [%c4, %c1, %arg2] [%c1, %c1, %c1] : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %1 = tensor.insert_slice %0 into %arg3[%c0, %arg1, %c1] [%c4, %c1, %arg2] [%c1, %c1, %c1] : tensor<?x?x?xf32> into tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}
func.func @rank_reducing_slice(%arg0 : tensor<?x?x?xf32>, %arg1 : index, %arg2 : index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = tensor.extract_slice %arg0[%c0, %arg1, %c1] [%c4, 1, %arg2] [%c1, %c1, %c1] : tensor<?x?x?xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @fold_extract_insert(%input : tensor<?x?x?xf32>, %slice: tensor<4x?x8xf32>, %i: index, %size: index) -> (tensor<4x?x8xf32>) {
  %c0 = arith.constant 0: index
  %c1 = arith.constant 1: index
  %0 = tensor.insert_slice %slice into %input[%c0, %i, 0] [4, %size, 8] [1, 1, %c1] : tensor<4x?x8xf32> into tensor<?x?x?xf32>
  %1 = tensor.extract_slice %0[%c0, %i, 0] [4, %size, 8] [1, 1, %c1] : tensor<?x?x?xf32> to tensor<4x?x8xf32>
  return %1 : tensor<4x?x8xf32>
}
func.func @fold_overlapping_insert(%input : tensor<?x?x?xf32>, %slice1: tensor<4x?x8xf32>, %slice2: tensor<4x?x8xf32>, %i: index, %size: index) -> (tensor<?x?x?xf32>) {
  %c0 = arith.constant 0: index
  %c1 = arith.constant 1: index
  %0 = tensor.insert_slice %slice1 into %input[%c0, %i, 0] [4, %size, 8] [1, 1, %c1] : tensor<4x?x8xf32> into tensor<?x?x?xf32>
  %1 = tensor.insert_slice %slice2 into %0[0, %i, 0] [4, %size, 8] [1, 1, %c1] : tensor<4x?x8xf32> into tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}
func.func @rank_reducing_insert_slice_of_cast(%a : tensor<16x32xi8>, %b : tensor<4x6x16x32xi8>) -> tensor<4x6x16x32xi8> {
  %c0 = arith.constant 0: index
  %cast = tensor.cast %a : tensor<16x32xi8> to tensor<?x32xi8>
  %sz = tensor.dim %cast, %c0: tensor<?x32xi8>
  %res = tensor.insert_slice %cast into %b[0, 1, 0, 0] [1, 1, %sz, 32] [1, 1, 1, 1] : tensor<?x32xi8> into tensor<4x6x16x32xi8>
  return %res : tensor<4x6x16x32xi8>
}
func.func @insert_slice_cast_no_fold(%arg0 : tensor<1x?xf32>, %arg1 : tensor<?x?xf32>, %arg2 : index, %arg3 : index, %arg4 : index, %arg5 : index, %arg6 : index, %arg7 : index) -> tensor<?x?xf32> {
  %0 = tensor.cast %arg0 : tensor<1x?xf32> to tensor<?x5xf32>
  %1 = tensor.insert_slice %0 into %arg1[%arg2, %arg3] [%arg4, 5] [%arg6, %arg7] : tensor<?x5xf32> into tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
func.func @insert_tensor_cast_on_insert_slice_src(%arg0 : tensor<?x5x?xf32>,  %arg1 : tensor<?x?x?xf32>, %sz0: index, %sz2: index) -> tensor<?x?x?xf32> {
  %c64 = arith.constant 64: index
  %r = tensor.insert_slice %arg0 into %arg1[0, 1, 2] [%c64, 5, %c64] [1, 1, 1] : tensor<?x5x?xf32> into tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}
func.func @collapse_of_cast(%t: tensor<8x12x32xf32>) -> tensor<?x32xf32> {
  %0 = tensor.cast %t : tensor<8x12x32xf32> to tensor<?x?x?xf32>
  %1 = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
  %2 = tensor.cast %1 : tensor<?x?xf32> to tensor<?x32xf32>
  return %2 : tensor<?x32xf32>
}
func.func @fold_collapse_of_expand_fully_dynamic(%arg0 : tensor<?x?xf32>, %arg1: index, %arg2: index, %arg3: index) -> tensor<?x?xf32> {
  %0 = tensor.expand_shape %arg0 [[0, 1], [2]] output_shape [%arg1, %arg2, %arg3] : tensor<?x?xf32> into tensor<?x?x?xf32>
  %1 = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
func.func @no_fold_parallel(%arg0 : tensor<?x?x?xf32>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> tensor<?x?x?xf32> {
  %0 = tensor.expand_shape %arg0 [[0, 1], [2], [3]] output_shape [%arg1, %arg2, %arg3, %arg4] : tensor<?x?x?xf32> into tensor<?x?x?x?xf32>
  %1 = tensor.collapse_shape %0 [[0], [1], [2, 3]] : tensor<?x?x?x?xf32> into tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}
func.func @no_fold_expand_of_collapse_dynamic(%arg0 : tensor<?x?x?xf32>, %arg1: index, %arg2: index, %arg3: index) -> tensor<?x?x?xf32> {
  %0 = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
  %1 = tensor.expand_shape %0 [[0, 1], [2]] output_shape [%arg1, %arg2, %arg3] : tensor<?x?xf32> into tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}
func.func @fold_expand_of_collapse_dynamic(%arg0 : tensor<?x4x?xf32>, %arg1: index, %arg2: index) -> tensor<?x4x?xf32> {
  %0 = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<?x4x?xf32> into tensor<?x?xf32>
  %1 = tensor.expand_shape %0 [[0, 1], [2]] output_shape [%arg1, 4, %arg2] : tensor<?x?xf32> into tensor<?x4x?xf32>
  return %1 : tensor<?x4x?xf32>
}
func.func @zero_rank_reshape_multi(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = tensor.expand_shape %arg0 [] output_shape [1] : tensor<f32> into tensor<1xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] output_shape [1, 1] : tensor<1xf32> into tensor<1x1xf32>
  %2 = tensor.collapse_shape %1 [] : tensor<1x1xf32> into tensor<f32>
  return %2 : tensor<f32>
}
func.func @reshape_from_elements(%a: f32, %b: f32) -> tensor<2x1xf32> {
  %0 = tensor.from_elements %a, %b : tensor<2xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] output_shape [2, 1] : tensor<2xf32> into tensor<2x1xf32>
  return %1 : tensor<2x1xf32>
}
func.func @dim_of_insert(%t: tensor<?xf32>, %s: f32, %i: index) -> index {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert %s into %t[%i] : tensor<?xf32>
  %1 = tensor.dim %0, %c0 : tensor<?xf32>
  return %1 : index
}

// CHECK-LABEL: func.func @extract_insert(
// CHECK: return %arg1, %extracted
// CHECK-LABEL: func.func @extract_cast(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: tensor.extract %arg0[%c0] : tensor<9xf32>
// CHECK-LABEL: func.func @dim_cast(
// CHECK: tensor.dim %arg0, %c1 : tensor<4x?xf32>
// CHECK: return %c4, %dim
// CHECK-LABEL: func.func @cast_chain(
// CHECK-NEXT: tensor.cast %arg0 : tensor<*xi32> to tensor<4x8xi32>
// CHECK-LABEL: func.func @cast_regain(
// CHECK-NEXT: return %arg0
// CHECK-LABEL: func.func @cast_keep(
// CHECK-NEXT: tensor.cast %arg0 : tensor<?x?xi32> to tensor<4x?xi32>
// CHECK-NEXT: tensor.cast %cast : tensor<4x?xi32> to tensor<?x8xi32>
// CHECK-LABEL: func.func @empty_static(
// CHECK-NEXT: tensor.empty(%arg0) : tensor<?x4xf32>
// CHECK-NEXT: tensor.cast %0 : tensor<?x4xf32> to tensor<?x?xf32>
// CHECK-LABEL: func.func @slice_canon(
// CHECK-NEXT: tensor.extract_slice %arg0[0, %arg1, 1] [4, 1, %arg2] [1, 1, 1] : tensor<?x?x?xf32> to tensor<4x1x?xf32>
// CHECK-NEXT: tensor.cast %extracted_slice : tensor<4x1x?xf32> to tensor<?x?x?xf32>
// CHECK-LABEL: func.func @insert_slice_canon(
// CHECK-NEXT: tensor.cast %arg0 : tensor<?x?x?xf32> to tensor<4x1x?xf32>
// CHECK-NEXT: tensor.insert_slice %cast into %arg3[0, %arg1, 1] [4, 1, %arg2] [1, 1, 1]
// CHECK-LABEL: func.func @slice_of_cast(
// CHECK-NEXT: tensor.extract_slice %arg0[0, 1, 0, 0] [1, 1, 16, 32] [1, 1, 1, 1] : tensor<4x6x16x32xi8> to tensor<16x32xi8>
// CHECK-LABEL: func.func @insert_slice_cast(
// CHECK-NEXT: tensor.insert_slice %arg0 into %arg1[%arg2, %arg3] [1, %arg5] [%arg6, %arg7] : tensor<1x?xf32> into tensor<?x?xf32>
// CHECK-LABEL: func.func @expand_of_expand(
// CHECK-NEXT: tensor.expand_shape %arg0 {{\[}}[0, 1, 2], [3, 4]] output_shape [%arg3, 6, 4, %arg4, 5]
// CHECK-LABEL: func.func @collapse_of_collapse(
// CHECK-NEXT: tensor.collapse_shape %arg0 {{\[}}[0, 1, 2], [3, 4]]
// CHECK-LABEL: func.func @slice_to_insert_slice(
// CHECK-NEXT: tensor.extract_slice %arg0[0, %arg1, 1] [4, 1, %arg2] [1, 1, 1] : tensor<?x?x?xf32> to tensor<4x1x?xf32>
// CHECK-NEXT: tensor.insert_slice %extracted_slice into %arg3[0, %arg1, 1] [4, 1, %arg2] [1, 1, 1] : tensor<4x1x?xf32> into tensor<?x?x?xf32>
// CHECK-LABEL: func.func @fold_overlapping_insert(
// CHECK-NEXT: tensor.insert_slice %arg2 into %arg0[0, %arg3, 0]
// CHECK-LABEL: func.func @insert_tensor_cast_on_insert_slice_src(
// CHECK-NEXT: tensor.cast %arg0 : tensor<?x5x?xf32> to tensor<64x5x64xf32>
// CHECK-LABEL: func.func @collapse_of_cast(
// CHECK-NEXT: tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<8x12x32xf32> into tensor<96x32xf32>
// CHECK-NEXT: tensor.cast %collapsed : tensor<96x32xf32> to tensor<?x32xf32>
// CHECK-LABEL: func.func @no_fold_parallel(
// CHECK: tensor.expand_shape
// CHECK: tensor.collapse_shape
// CHECK-LABEL: func.func @reshape_from_elements(
// CHECK-NEXT: tensor.from_elements %arg0, %arg1 : tensor<2x1xf32>
// CHECK-LABEL: func.func @dim_of_insert(
// CHECK: tensor.dim %arg0, %c0 : tensor<?xf32>

// An insert into a cast that only drops static sizes inserts into the
// cast's source and casts the result (FoldTensorCastProducerOp).
// CHECK-LABEL: func.func @insert_of_cast(
// CHECK: %[[I:.*]] = tensor.insert %arg1 into %arg0[%{{.*}}] : tensor<4xi32>
// CHECK: tensor.cast %[[I]] : tensor<4xi32> to tensor<?xi32>
func.func @insert_of_cast(%t: tensor<4xi32>, %y: i32) -> tensor<?xi32> {
  %c = arith.constant 1 : index
  %d = tensor.cast %t : tensor<4xi32> to tensor<?xi32>
  %r = tensor.insert %y into %d[%c] : tensor<?xi32>
  return %r : tensor<?xi32>
}
// A cast that adds static sizes stays.
// CHECK-LABEL: func.func @insert_of_refining_cast(
// CHECK: tensor.insert %arg1 into %{{.*}} : tensor<4xi32>
func.func @insert_of_refining_cast(%t: tensor<?xi32>, %y: i32) -> tensor<4xi32> {
  %c = arith.constant 1 : index
  %d = tensor.cast %t : tensor<?xi32> to tensor<4xi32>
  %r = tensor.insert %y into %d[%c] : tensor<4xi32>
  return %r : tensor<4xi32>
}

// A collapse of an expand composes into one collapse or expand of the
// source (ComposeCollapseOfExpandOp).
// CHECK-LABEL: func.func @c(
// CHECK-NEXT: tensor.collapse_shape %arg0 {{\[\[}}0, 1]]
func.func @c(%t: tensor<3x6xi32>) -> tensor<18xi32> {
  %e = tensor.expand_shape %t [[0], [1, 2]] output_shape [3, 2, 3] : tensor<3x6xi32> into tensor<3x2x3xi32>
  %c = tensor.collapse_shape %e [[0, 1, 2]] : tensor<3x2x3xi32> into tensor<18xi32>
  return %c : tensor<18xi32>
}
func.func @expand_of_collapse_composed(%t: tensor<6x4xi32>) -> tensor<2x3x4xi32> {
  %e = tensor.expand_shape %t [[0, 1, 2], [3]] output_shape [2, 3, 1, 4] : tensor<6x4xi32> into tensor<2x3x1x4xi32>
  %c = tensor.collapse_shape %e [[0], [1, 2], [3]] : tensor<2x3x1x4xi32> into tensor<2x3x4xi32>
  return %c : tensor<2x3x4xi32>
}
func.func @same(%t: tensor<6x4xi32>) -> tensor<6x4xi32> {
  %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xi32> into tensor<2x3x4xi32>
  %c = tensor.collapse_shape %e [[0, 1], [2]] : tensor<2x3x4xi32> into tensor<6x4xi32>
  return %c : tensor<6x4xi32>
}
func.func @cross(%t: tensor<6x4xi32>) -> tensor<2x12xi32> {
  %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xi32> into tensor<2x3x4xi32>
  %c = tensor.collapse_shape %e [[0], [1, 2]] : tensor<2x3x4xi32> into tensor<2x12xi32>
  return %c : tensor<2x12xi32>
}
func.func @dyn(%t: tensor<?x6xi32>) -> tensor<?xi32> {
  %c3 = arith.constant 3 : index
  %d = tensor.dim %t, %c3 : tensor<?x6xi32>
  %e = tensor.expand_shape %t [[0], [1, 2]] output_shape [%d, 2, 3] : tensor<?x6xi32> into tensor<?x2x3xi32>
  %c = tensor.collapse_shape %e [[0, 1, 2]] : tensor<?x2x3xi32> into tensor<?xi32>
  return %c : tensor<?xi32>
}
