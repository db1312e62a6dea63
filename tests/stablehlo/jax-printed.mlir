// StableHLO as JAX prints it (module attributes, argument/result
// attributes, location aliases, generic ops with their inherent attributes
// in the attribute dictionary, reducers with argument locations) parses
// and verifies; the output keeps the locations.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=LOC
// RUN: strata-opt %s -mlir-print-debuginfo | strata-opt -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=LOC

#loc1 = loc("x")
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x1x4x4xf32> {mhlo.layout_mode = "default"} loc("x"), %arg1: tensor<4xi32> loc("n")) -> (tensor<1x1x2x2xf32> {jax.result_info = ""}, tensor<4xi1>, tensor<1x1x2xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32> loc(#loc2)
    %0 = "stablehlo.reduce_window"(%arg0, %cst) ({
    ^bb0(%arg2: tensor<f32> loc(unknown), %arg3: tensor<f32> loc(unknown)):
      %5 = stablehlo.maximum %arg2, %arg3 : tensor<f32> loc(#loc3)
      stablehlo.return %5 : tensor<f32> loc(#loc3)
    }) {window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>} : (tensor<1x1x4x4xf32>, tensor<f32>) -> tensor<1x1x2x2xf32> loc(#loc3)
    %1 = stablehlo.reduce(%0 init: %cst) across dimensions = [3] : (tensor<1x1x2x2xf32>, tensor<f32>) -> tensor<1x1x2xf32>
     reducer(%arg2: tensor<f32> loc("jit(f)/reduce_max"), %arg3: tensor<f32> loc("jit(f)/reduce_max"))  {
      %5 = stablehlo.maximum %arg2, %arg3 : tensor<f32> loc(#loc3)
      stablehlo.return %5 : tensor<f32> loc(#loc3)
    } loc(#loc3)
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<1xf32>
    %2 = "stablehlo.batch_norm_inference"(%0, %cst_0, %cst_0, %cst_0, %cst_0) {epsilon = 1.000000e-03 : f32, feature_index = 1 : i64} : (tensor<1x1x2x2xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x2x2xf32> loc("bn")
    %3 = stablehlo.iota dim = 0 : tensor<4xi32>
    %4 = stablehlo.compare  LT, %3, %arg1,  SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    return %2, %4, %1 : tensor<1x1x2x2xf32>, tensor<4xi1>, tensor<1x1x2xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("jit(f)/max_pool"(#loc1))
#loc3 = loc("pool")

// CHECK: module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
// CHECK-NEXT: func.func public @main(%arg0: tensor<1x1x4x4xf32> {mhlo.layout_mode = "default"}, %arg1: tensor<4xi32>) -> (tensor<1x1x2x2xf32> {jax.result_info = ""}, tensor<4xi1>, tensor<1x1x2xf32>) {
// CHECK-NEXT: %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
// CHECK-NEXT: %0 = "stablehlo.reduce_window"(%arg0, %cst) <{window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
// CHECK: %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.maximum across dimensions = [3] : (tensor<1x1x2x2xf32>, tensor<f32>) -> tensor<1x1x2xf32>
// CHECK-NEXT: %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<1xf32>
// CHECK-NEXT: %2 = "stablehlo.batch_norm_inference"(%0, %cst_0, %cst_0, %cst_0, %cst_0) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}>
// CHECK-NEXT: %3 = stablehlo.iota dim = 0 : tensor<4xi32>
// CHECK-NEXT: %4 = stablehlo.compare  LT, %3, %arg1,  SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>

// LOC: func.func public @main(%arg0: tensor<1x1x4x4xf32> {mhlo.layout_mode = "default"} loc("x"), %arg1: tensor<4xi32> loc("n"))
// LOC: stablehlo.constant dense<0xFF800000> : tensor<f32> loc("jit(f)/max_pool"("x"))
// LOC: }) : (tensor<1x1x4x4xf32>, tensor<f32>) -> tensor<1x1x2x2xf32> loc("pool")
// The compact reduce keeps its location through a round trip.
// LOC: stablehlo.reduce(%0 init: %cst) applies stablehlo.maximum {{.*}} loc("pool")
// LOC: "stablehlo.batch_norm_inference"{{.*}} loc("bn")
