// RUN: strata-opt -canonicalize %s > %t.s && mlir-opt -canonicalize %s > %t.r && diff %t.r %t.s
// RUN: strata-opt -canonicalize --mlir-print-debuginfo %s > %t.sd && mlir-opt -canonicalize --mlir-print-debuginfo %s > %t.rd && diff %t.rd %t.sd
// RUN: FileCheck %s < %t.s
// Issue 29: tensor.bitcast canonicalization: an identity bitcast folds
// away (cast-op interface), a chain of bitcasts becomes one from the
// first source (ChainedTensorBitcast), back to the source type it folds
// away; a bitcast of a constant stays (upstream has no constant fold).
// The CHECK lines are mlir-opt 22's output.

// CHECK-LABEL: func.func @identity(
// CHECK-NEXT:   return %arg0 : tensor<4xi32>
// CHECK-NEXT: }
func.func @identity(%t: tensor<4xi32>) -> tensor<4xi32> {
  %0 = tensor.bitcast %t : tensor<4xi32> to tensor<4xi32>
  return %0 : tensor<4xi32>
}

// CHECK-LABEL: func.func @chain(
// CHECK-NEXT:   %[[BITCAST:.*]] = tensor.bitcast %arg0 : tensor<4xi32> to tensor<4xf32>
// CHECK-NEXT:   %[[BITCAST1:.*]] = tensor.bitcast %arg0 : tensor<4xi32> to tensor<4xsi32>
// CHECK-NEXT:   return %[[BITCAST1]], %[[BITCAST]] : tensor<4xsi32>, tensor<4xf32>
// CHECK-NEXT: }
func.func @chain(%t: tensor<4xi32>) -> (tensor<4xsi32>, tensor<4xf32>) {
  %0 = tensor.bitcast %t : tensor<4xi32> to tensor<4xf32>
  %1 = tensor.bitcast %0 : tensor<4xf32> to tensor<4xui32>
  %2 = tensor.bitcast %1 : tensor<4xui32> to tensor<4xsi32>
  return %2, %0 : tensor<4xsi32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @round_trip(
// CHECK-NEXT:   return %arg0 : tensor<?xf16>
// CHECK-NEXT: }
func.func @round_trip(%t: tensor<?xf16>) -> tensor<?xf16> {
  %0 = tensor.bitcast %t : tensor<?xf16> to tensor<?xi16>
  %1 = tensor.bitcast %0 : tensor<?xi16> to tensor<?xf16>
  return %1 : tensor<?xf16>
}

// CHECK-LABEL: func.func @shapes(
// CHECK-NEXT:   %[[BITCAST:.*]] = tensor.bitcast %arg0 : tensor<*xi32> to tensor<4xf32>
// CHECK-NEXT:   return %[[BITCAST]] : tensor<4xf32>
// CHECK-NEXT: }
func.func @shapes(%t: tensor<*xi32>) -> tensor<4xf32> {
  %0 = tensor.bitcast %t : tensor<*xi32> to tensor<?xf32>
  %1 = tensor.bitcast %0 : tensor<?xf32> to tensor<4xf32>
  return %1 : tensor<4xf32>
}

// CHECK-LABEL: func.func @constant(
// CHECK-NEXT:   %cst = arith.constant dense<[1, 2]> : tensor<2xi32>
// CHECK-NEXT:   %[[BITCAST:.*]] = tensor.bitcast %cst : tensor<2xi32> to tensor<2xf32>
// CHECK-NEXT:   return %[[BITCAST]] : tensor<2xf32>
// CHECK-NEXT: }
func.func @constant() -> tensor<2xf32> {
  %c = arith.constant dense<[1, 2]> : tensor<2xi32>
  %0 = tensor.bitcast %c : tensor<2xi32> to tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @dead(
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @dead(%t: tensor<4xi32>) {
  %0 = tensor.bitcast %t : tensor<4xi32> to tensor<4xf32>
  return
}
