// RUN: strata-opt %s -inline | FileCheck %s
// JAX calls private functions (`call @relu`); stablehlo and chlo ops may be
// inlined, reducer regions included.

// -inline simplifies the result with the canonicalizer (mlir-opt's
// default), which folds the broadcast of the splat.
// CHECK-LABEL: func.func public @main
// CHECK-NEXT: %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %0 = stablehlo.maximum %arg0, %cst_0 : tensor<4xf32>
// CHECK-NEXT: %1 = chlo.erf %0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT: return %2 : tensor<f32>
// CHECK-NOT: func.func private @relu
func.func public @main(%arg0: tensor<4xf32>) -> tensor<f32> {
  %0 = call @relu(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = chlo.erf %0 : tensor<4xf32> -> tensor<4xf32>
  %2 = call @sum(%1) : (tensor<4xf32>) -> tensor<f32>
  return %2 : tensor<f32>
}
func.func private @relu(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.maximum %arg0, %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @sum(%arg0: tensor<4xf32>) -> tensor<f32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
