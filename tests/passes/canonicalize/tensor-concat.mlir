// RUN: strata-opt -canonicalize %s > %t.s && mlir-opt -canonicalize %s > %t.r && diff %t.r %t.s
// RUN: strata-opt -canonicalize --mlir-print-debuginfo %s > %t.sd && mlir-opt -canonicalize --mlir-print-debuginfo %s > %t.rd && diff %t.rd %t.sd
// RUN: FileCheck %s < %t.s
// Issue 29: tensor.concat's fold (one input of the result's type) and
// canonicalizations: one input of another type becomes a tensor.cast,
// inputs less static than the others allow get casts to the refined type,
// a result less static than the inputs give is computed in the inferred
// type and cast back. The CHECK lines are mlir-opt 22's output.

// CHECK-LABEL: func.func @single_same(
// CHECK-NEXT:   return %arg0 : tensor<2x4xf32>
// CHECK-NEXT: }
func.func @single_same(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = tensor.concat dim(0) %a : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @single_cast(
// CHECK-NEXT:   %cast = tensor.cast %arg0 : tensor<2x4xf32> to tensor<?x4xf32>
// CHECK-NEXT:   return %cast : tensor<?x4xf32>
// CHECK-NEXT: }
func.func @single_cast(%a: tensor<2x4xf32>) -> tensor<?x4xf32> {
  %0 = tensor.concat dim(0) %a : (tensor<2x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// The result becomes 5x4; the cast back to ?x4 folds into the user's cast.
// CHECK-LABEL: func.func @result_type(
// CHECK-NEXT:   %concat = tensor.concat dim(0) %arg0, %arg1 : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<5x4xf32>
// CHECK-NEXT:   return %concat : tensor<5x4xf32>
// CHECK-NEXT: }
func.func @result_type(%a: tensor<2x4xf32>, %c: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %0 = tensor.concat dim(0) %a, %c : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
  %1 = tensor.cast %0 : tensor<?x4xf32> to tensor<5x4xf32>
  return %1 : tensor<5x4xf32>
}

// CHECK-LABEL: func.func @result_type_kept(
// CHECK-NEXT:   %concat = tensor.concat dim(0) %arg0, %arg1 : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<5x4xf32>
// CHECK-NEXT:   %cast = tensor.cast %concat : tensor<5x4xf32> to tensor<?x?xf32>
// CHECK-NEXT:   return %cast : tensor<?x?xf32>
// CHECK-NEXT: }
func.func @result_type_kept(%a: tensor<2x4xf32>, %c: tensor<3x4xf32>) -> tensor<?x?xf32> {
  %0 = tensor.concat dim(0) %a, %c : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// %b gets the static size 4 of %a off the concatenated dimension.
// CHECK-LABEL: func.func @operand_types(
// CHECK-NEXT:   %cast = tensor.cast %arg1 : tensor<?x?xf32> to tensor<?x4xf32>
// CHECK-NEXT:   %concat = tensor.concat dim(0) %arg0, %cast : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:   return %concat : tensor<?x4xf32>
// CHECK-NEXT: }
func.func @operand_types(%a: tensor<?x4xf32>, %b: tensor<?x?xf32>) -> tensor<?x4xf32> {
  %0 = tensor.concat dim(0) %a, %b : (tensor<?x4xf32>, tensor<?x?xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// CHECK-LABEL: func.func @both(
// CHECK-NEXT:   %cast = tensor.cast %arg1 : tensor<?x?xf32> to tensor<?x4xf32>
// CHECK-NEXT:   %cast_0 = tensor.cast %arg2 : tensor<3x?xf32> to tensor<3x4xf32>
// CHECK-NEXT:   %concat = tensor.concat dim(0) %arg0, %cast, %cast_0 : (tensor<2x4xf32>, tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:   %cast_1 = tensor.cast %concat : tensor<?x4xf32> to tensor<?x?xf32>
// CHECK-NEXT:   return %cast_1 : tensor<?x?xf32>
// CHECK-NEXT: }
func.func @both(%a: tensor<2x4xf32>, %b: tensor<?x?xf32>, %c: tensor<3x?xf32>) -> tensor<?x?xf32> {
  %0 = tensor.concat dim(0) %a, %b, %c : (tensor<2x4xf32>, tensor<?x?xf32>, tensor<3x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @inner_dim(
// CHECK-NEXT:   %concat = tensor.concat dim(1) %arg0, %arg1 : (tensor<2x3xi8>, tensor<2x5xi8>) -> tensor<2x8xi8>
// CHECK-NEXT:   %cast = tensor.cast %concat : tensor<2x8xi8> to tensor<?x8xi8>
// CHECK-NEXT:   return %cast : tensor<?x8xi8>
// CHECK-NEXT: }
func.func @inner_dim(%a: tensor<2x3xi8>, %b: tensor<2x5xi8>) -> tensor<?x8xi8> {
  %0 = tensor.concat dim(1) %a, %b : (tensor<2x3xi8>, tensor<2x5xi8>) -> tensor<?x8xi8>
  return %0 : tensor<?x8xi8>
}

// CHECK-LABEL: func.func @kept(
// CHECK-NEXT:   %concat = tensor.concat dim(0) %arg0, %arg1 {tag} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:   return %concat : tensor<?x4xf32>
// CHECK-NEXT: }
func.func @kept(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = tensor.concat dim(0) %a, %b {tag} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// CHECK-LABEL: func.func @dead(
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @dead(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) {
  %0 = tensor.concat dim(0) %a, %b : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return
}
