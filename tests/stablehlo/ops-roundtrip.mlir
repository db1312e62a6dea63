// Every op of the stablehlo subset in StableHLO's pretty syntax (as
// stablehlo-opt and JAX print it), printed back the same; the generic form
// re-parses to the same module, and mlir-opt reads the generic form.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | FileCheck %s
// RUN: strata-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: strata-opt %s --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect > /dev/null

// CHECK-LABEL: func.func @elementwise
func.func @elementwise(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>, %arg2: tensor<2x3xi1>, %arg3: tensor<2x3xi32>) -> tensor<2x3xf32> {
  // CHECK-NEXT: %cst = stablehlo.constant dense<1.000000e+00> : tensor<2x3xf32>
  // CHECK-NEXT: %c = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  // CHECK-NEXT: %0 = stablehlo.add %arg0, %arg1 : tensor<2x3xf32>
  // CHECK-NEXT: %1 = stablehlo.subtract %0, %arg1 : tensor<2x3xf32>
  // CHECK-NEXT: %2 = stablehlo.multiply %1, %cst : tensor<2x3xf32>
  // CHECK-NEXT: %3 = stablehlo.divide %2, %cst : tensor<2x3xf32>
  // CHECK-NEXT: %4 = stablehlo.power %3, %cst : tensor<2x3xf32>
  // CHECK-NEXT: %5 = stablehlo.maximum %4, %cst : tensor<2x3xf32>
  // CHECK-NEXT: %6 = stablehlo.minimum %5, %cst : tensor<2x3xf32>
  // CHECK-NEXT: %7 = stablehlo.remainder %6, %cst : tensor<2x3xf32>
  // CHECK-NEXT: %8 = stablehlo.and %arg2, %arg2 : tensor<2x3xi1>
  // CHECK-NEXT: %9 = stablehlo.or %8, %arg2 : tensor<2x3xi1>
  // CHECK-NEXT: %10 = stablehlo.abs %7 : tensor<2x3xf32>
  // CHECK-NEXT: %11 = stablehlo.negate %10 : tensor<2x3xf32>
  // CHECK-NEXT: %12 = stablehlo.sqrt %11 : tensor<2x3xf32>
  // CHECK-NEXT: %13 = stablehlo.rsqrt %12 : tensor<2x3xf32>
  // CHECK-NEXT: %14 = stablehlo.exponential %13 : tensor<2x3xf32>
  // CHECK-NEXT: %15 = stablehlo.log %14 : tensor<2x3xf32>
  // CHECK-NEXT: %16 = stablehlo.tanh %15 : tensor<2x3xf32>
  // CHECK-NEXT: %17 = stablehlo.logistic %16 : tensor<2x3xf32>
  // CHECK-NEXT: %18 = stablehlo.floor %17 : tensor<2x3xf32>
  // CHECK-NEXT: %19 = stablehlo.ceil %18 : tensor<2x3xf32>
  // CHECK-NEXT: %20 = stablehlo.sign %19 : tensor<2x3xf32>
  // CHECK-NEXT: %21 = stablehlo.not %9 : tensor<2x3xi1>
  // CHECK-NEXT: %22 = chlo.erf %20 : tensor<2x3xf32> -> tensor<2x3xf32>
  // CHECK-NEXT: %23 = stablehlo.compare  GT, %22, %arg0,  FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK-NEXT: %24 = stablehlo.compare  EQ, %arg3, %arg3 : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
  // CHECK-NEXT: %25 = stablehlo.select %23, %22, %arg0 : tensor<2x3xi1>, tensor<2x3xf32>
  // CHECK-NEXT: %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  // CHECK-NEXT: %26 = stablehlo.clamp %cst_0, %25, %cst_0 : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  // CHECK-NEXT: %27 = stablehlo.clamp %25, %25, %25 : tensor<2x3xf32>
  // CHECK-NEXT: %28 = stablehlo.convert %arg3 : (tensor<2x3xi32>) -> tensor<2x3xf32>
  // CHECK-NEXT: %29 = stablehlo.abs %arg3 : tensor<2x3xi32>
  // CHECK-NEXT: %30 = chlo.erfc %22 : tensor<2x3xf32> -> tensor<2x3xf32>
  // CHECK-NEXT: %31 = chlo.square %22 : tensor<2x3xf32> -> tensor<2x3xf32>
  // CHECK-NEXT: return %26 : tensor<2x3xf32>
  %cst = stablehlo.constant dense<1.000000e+00> : tensor<2x3xf32>
  %c = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %0 = stablehlo.add %arg0, %arg1 : tensor<2x3xf32>
  %1 = stablehlo.subtract %0, %arg1 : tensor<2x3xf32>
  %2 = stablehlo.multiply %1, %cst : tensor<2x3xf32>
  %3 = stablehlo.divide %2, %cst : tensor<2x3xf32>
  %4 = stablehlo.power %3, %cst : tensor<2x3xf32>
  %5 = stablehlo.maximum %4, %cst : tensor<2x3xf32>
  %6 = stablehlo.minimum %5, %cst : tensor<2x3xf32>
  %7 = stablehlo.remainder %6, %cst : tensor<2x3xf32>
  %8 = stablehlo.and %arg2, %arg2 : tensor<2x3xi1>
  %9 = stablehlo.or %8, %arg2 : tensor<2x3xi1>
  %10 = stablehlo.abs %7 : tensor<2x3xf32>
  %11 = stablehlo.negate %10 : tensor<2x3xf32>
  %12 = stablehlo.sqrt %11 : tensor<2x3xf32>
  %13 = stablehlo.rsqrt %12 : tensor<2x3xf32>
  %14 = stablehlo.exponential %13 : tensor<2x3xf32>
  %15 = stablehlo.log %14 : tensor<2x3xf32>
  %16 = stablehlo.tanh %15 : tensor<2x3xf32>
  %17 = stablehlo.logistic %16 : tensor<2x3xf32>
  %18 = stablehlo.floor %17 : tensor<2x3xf32>
  %19 = stablehlo.ceil %18 : tensor<2x3xf32>
  %20 = stablehlo.sign %19 : tensor<2x3xf32>
  %21 = stablehlo.not %9 : tensor<2x3xi1>
  %22 = chlo.erf %20 : tensor<2x3xf32> -> tensor<2x3xf32>
  %23 = stablehlo.compare  GT, %22, %arg0,  FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %24 = stablehlo.compare EQ, %arg3, %arg3 : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
  %25 = stablehlo.select %23, %22, %arg0 : tensor<2x3xi1>, tensor<2x3xf32>
  %s = stablehlo.constant dense<0.0> : tensor<f32>
  %26 = stablehlo.clamp %s, %25, %s : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %27 = stablehlo.clamp %25, %25, %25 : tensor<2x3xf32>
  %28 = stablehlo.convert %arg3 : (tensor<2x3xi32>) -> tensor<2x3xf32>
  %29 = "stablehlo.abs"(%arg3) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %30 = chlo.erfc %22 : tensor<2x3xf32> -> tensor<2x3xf32>
  %31 = chlo.square %22 : tensor<2x3xf32> -> tensor<2x3xf32>
  return %26 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @shapes
func.func @shapes(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>) -> tensor<2x3x3xf32> {
  // CHECK-NEXT: %0 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK-NEXT: %1 = stablehlo.broadcast_in_dim %0, dims = [1, 2] : (tensor<3x2xf32>) -> tensor<4x3x2xf32>
  // CHECK-NEXT: %2 = stablehlo.transpose %1, dims = [2, 1, 0] : (tensor<4x3x2xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %3 = stablehlo.concatenate %2, %2, dim = 0 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<4x3x4xf32>
  // CHECK-NEXT: %4 = stablehlo.slice %3 [0:2, 1:3:2, 0:4] : (tensor<4x3x4xf32>) -> tensor<2x1x4xf32>
  // CHECK-NEXT: %5 = stablehlo.slice %3 [0:4, 0:3, 1:2] : (tensor<4x3x4xf32>) -> tensor<4x3x1xf32>
  // CHECK-NEXT: %6 = stablehlo.pad %4, %arg1, low = [0, 1, 0], high = [1, 0, 0], interior = [0, 0, 1] : (tensor<2x1x4xf32>, tensor<f32>) -> tensor<3x2x7xf32>
  // CHECK-NEXT: %7 = stablehlo.dot_general %2, %2, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x3xf32>
  // CHECK-NEXT: %8 = stablehlo.dot_general %arg0, %0, contracting_dims = [1] x [0], precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  // CHECK-NEXT: %9 = stablehlo.iota dim = 1 : tensor<2x3xi32>
  // CHECK-NEXT: %10 = stablehlo.concatenate %arg0, dim = 1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %0 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [1, 2] : (tensor<3x2xf32>) -> tensor<4x3x2xf32>
  %2 = stablehlo.transpose %1, dims = [2, 1, 0] : (tensor<4x3x2xf32>) -> tensor<2x3x4xf32>
  %3 = stablehlo.concatenate %2, %2, dim = 0 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<4x3x4xf32>
  %4 = stablehlo.slice %3 [0:2, 1:3:2, 0:4] : (tensor<4x3x4xf32>) -> tensor<2x1x4xf32>
  %5 = stablehlo.slice %3 [0:4:1, 0:3, 1:2] : (tensor<4x3x4xf32>) -> tensor<4x3x1xf32>
  %6 = stablehlo.pad %4, %arg1, low = [0, 1, 0], high = [1, 0, 0], interior = [0, 0, 1] : (tensor<2x1x4xf32>, tensor<f32>) -> tensor<3x2x7xf32>
  %7 = stablehlo.dot_general %2, %2, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x3xf32>
  %8 = stablehlo.dot_general %arg0, %0, contracting_dims = [1] x [0], precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %9 = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %10 = stablehlo.concatenate %arg0, dim = 1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %7 : tensor<2x3x3xf32>
}

// CHECK-LABEL: func.func @reductions
func.func @reductions(%arg0: tensor<2x3x3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x3x3xi32>) {
  // CHECK-NEXT: %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  // CHECK-NEXT: %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x3x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  // A reducer that is one commutative binary op prints compactly.
  // CHECK-NEXT: %1 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1, 2] : (tensor<2x3x3xf32>, tensor<f32>) -> tensor<2xf32>
  // Any other reducer keeps the region form.
  // CHECK-NEXT: %2 = stablehlo.reduce(%arg0 init: %cst) across dimensions = [1, 2] : (tensor<2x3x3xf32>, tensor<f32>) -> tensor<2xf32>
  // CHECK-NEXT: reducer(%arg1: tensor<f32>, %arg2: tensor<f32>)  {
  // CHECK-NEXT: %5 = stablehlo.subtract %arg1, %arg2 : tensor<f32>
  // CHECK-NEXT: stablehlo.return %5 : tensor<f32>
  // CHECK-NEXT: }
  // CHECK-NEXT: %c = stablehlo.constant dense<0> : tensor<i32>
  // CHECK-NEXT: %3 = stablehlo.iota dim = 0 : tensor<2x3x3xi32>
  // CHECK-NEXT: %4:2 = stablehlo.reduce(%arg0 init: %cst), (%3 init: %c) across dimensions = [1] : (tensor<2x3x3xf32>, tensor<2x3x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x3x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %1 = stablehlo.reduce(%arg0 init: %cst) across dimensions = [1, 2] : (tensor<2x3x3xf32>, tensor<f32>) -> tensor<2xf32>
     reducer(%a: tensor<f32>, %b: tensor<f32>)  {
      %m = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %m : tensor<f32>
    }
  %2 = stablehlo.reduce(%arg0 init: %cst) across dimensions = [1, 2] : (tensor<2x3x3xf32>, tensor<f32>) -> tensor<2xf32>
     reducer(%a: tensor<f32>, %b: tensor<f32>)  {
      %m = stablehlo.subtract %a, %b : tensor<f32>
      stablehlo.return %m : tensor<f32>
    }
  %c = stablehlo.constant dense<0> : tensor<i32>
  %i = stablehlo.iota dim = 0 : tensor<2x3x3xi32>
  %3:2 = "stablehlo.reduce"(%arg0, %i, %cst, %c) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %ai: tensor<i32>, %b: tensor<f32>, %bi: tensor<i32>):
    stablehlo.return %a, %ai : tensor<f32>, tensor<i32>
  }) : (tensor<2x3x3xf32>, tensor<2x3x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
  return %0, %1, %2, %i : tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x3x3xi32>
}

// CHECK-LABEL: func.func @conv
func.func @conv(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %v: tensor<4xf32>, %dw: tensor<3x3x1x3xf32>) -> tensor<1x2x8x8xf32> {
  // CHECK-NEXT: %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = {{\[\[}}1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  // CHECK-NEXT: %1 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {pad = {{\[\[}}1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  // CHECK-NEXT: %2 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x3x3xf32>
  // CHECK-NEXT: %3 = "stablehlo.batch_norm_inference"(%0, %arg2, %arg2, %arg2, %arg2) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  // CHECK-NEXT: %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  // CHECK-NEXT: %4 = "stablehlo.reduce_window"(%3, %cst) <{padding = dense<{{\[\[}}0, 0], [0, 0], [1, 1], [1, 1]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 1, 1>}> ({
  // CHECK-NEXT: ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
  // CHECK-NEXT: %7 = stablehlo.maximum %arg4, %arg5 : tensor<f32>
  // CHECK-NEXT: stablehlo.return %7 : tensor<f32>
  // CHECK-NEXT: }) : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8x8xf32>
  // CHECK-NEXT: %c = stablehlo.constant dense<[0, 2]> : tensor<2xi32>
  // CHECK-NEXT: %5 = "stablehlo.torch_index_select"(%4, %c) <{batch_dims = 0 : i64, dim = 1 : i64}> : (tensor<1x4x8x8xf32>, tensor<2xi32>) -> tensor<1x2x8x8xf32>
  // A depthwise convolution with the kernel in HWIO (JAX's layout).
  // CHECK-NEXT: %6 = stablehlo.convolution(%arg0, %arg3) dim_numbers = [b, f, 0, 1]x[0, 1, i, o]->[b, f, 0, 1], window = {pad = {{\[\[}}1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 3 : i64} : (tensor<1x3x8x8xf32>, tensor<3x3x1x3xf32>) -> tensor<1x3x8x8xf32>
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  %1 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  %2 = "stablehlo.convolution"(%x, %w) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 1, input_spatial_dimensions = [2, 3], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 0, kernel_spatial_dimensions = [2, 3], output_batch_dimension = 0, output_feature_dimension = 1, output_spatial_dimensions = [2, 3]>, feature_group_count = 1 : i64, window_strides = array<i64: 2, 2>}> : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x3x3xf32>
  %3 = "stablehlo.batch_norm_inference"(%0, %v, %v, %v, %v) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %s = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %4 = "stablehlo.reduce_window"(%3, %s) <{padding = dense<[[0, 0], [0, 0], [1, 1], [1, 1]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8x8xf32>
  %idx = stablehlo.constant dense<[0, 2]> : tensor<2xi32>
  %5 = "stablehlo.torch_index_select"(%4, %idx) <{batch_dims = 0 : i64, dim = 1 : i64}> : (tensor<1x4x8x8xf32>, tensor<2xi32>) -> tensor<1x2x8x8xf32>
  %6 = stablehlo.convolution(%x, %dw) dim_numbers = [b, f, 0, 1]x[0, 1, i, o]->[b, f, 0, 1], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 3 : i64} : (tensor<1x3x8x8xf32>, tensor<3x3x1x3xf32>) -> tensor<1x3x8x8xf32>
  return %5 : tensor<1x2x8x8xf32>
}

// CHECK-LABEL: func.func @composite
func.func @composite(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK-NEXT: %0 = stablehlo.composite "tx8.gelu" %arg0 {composite_attributes = {approximate = "none"}, decomposition = @gelu_impl} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: %1 = stablehlo.composite "my.op" %arg0, %0 {decomposition = @gelu_impl2, version = 1 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %0 = stablehlo.composite "tx8.gelu" %arg0 {composite_attributes = {approximate = "none"}, decomposition = @gelu_impl} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "stablehlo.composite"(%arg0, %0) <{decomposition = @gelu_impl2, name = "my.op", version = 1 : i32}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
func.func private @gelu_impl(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %arg0 : tensor<2x3xf32>
}
func.func private @gelu_impl2(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %arg0 : tensor<2x3xf32>
}

// The generic form: inherent attributes are properties, as stablehlo-opt
// --mlir-print-op-generic prints them.
// GENERIC: "stablehlo.compare"(%{{.*}}, %{{.*}}) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// GENERIC: "stablehlo.broadcast_in_dim"(%{{.*}}) <{broadcast_dimensions = array<i64: 1, 2>}> : (tensor<3x2xf32>) -> tensor<4x3x2xf32>
// GENERIC: "stablehlo.slice"(%{{.*}}) <{limit_indices = array<i64: 2, 3, 4>, start_indices = array<i64: 0, 1, 0>, strides = array<i64: 1, 2, 1>}>
// GENERIC: "stablehlo.dot_general"(%{{.*}}, %{{.*}}) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>}>
// GENERIC: "stablehlo.dot_general"(%{{.*}}, %{{.*}}) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]}>
// GENERIC: "stablehlo.reduce"(%{{.*}}, %{{.*}}) <{dimensions = array<i64: 1>}> ({
// GENERIC: "stablehlo.convolution"(%{{.*}}, %{{.*}}) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>}>
// GENERIC: "stablehlo.composite"(%{{.*}}) <{composite_attributes = {approximate = "none"}, decomposition = @gelu_impl, name = "tx8.gelu"}>
