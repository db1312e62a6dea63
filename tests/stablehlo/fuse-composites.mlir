// RUN: strata-opt %s -stablehlo-fuse-composites | FileCheck %s
// Running the pass again changes nothing (decompositions are not fused).
// RUN: strata-opt %s -stablehlo-fuse-composites | strata-opt -stablehlo-fuse-composites | FileCheck %s
// RUN: strata-opt %s -stablehlo-fuse-composites --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect > /dev/null

// jax.nn.softmax(x, axis=1) as JAX prints it.
// CHECK-LABEL: func.func @softmax
// CHECK-NEXT: %0 = stablehlo.composite "tx8.softmax" %arg0 {composite_attributes = {axis = 1 : i64}, decomposition = @tx8.softmax.impl} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: return %0
func.func @softmax(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x3xf32>
  %3 = stablehlo.subtract %arg0, %2 : tensor<2x3xf32>
  %4 = stablehlo.exponential %3 : tensor<2x3xf32>
  %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %5 = stablehlo.reduce(%4 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
  %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x3xf32>
  %8 = stablehlo.divide %4, %7 : tensor<2x3xf32>
  return %8 : tensor<2x3xf32>
}

// The maximum is reduced over dimension 1 but broadcast back along
// dimension 0: exp(z) / sum(exp(z)) is still a softmax, of z = x - that
// (fuse_composites/softmax.rs: the library subtracts its own row max).
// CHECK-LABEL: func.func @softmax_of_difference
// CHECK: %[[Z:.*]] = stablehlo.subtract %arg0
// CHECK-NEXT: stablehlo.composite "tx8.softmax" %[[Z]] {composite_attributes = {axis = 1 : i64}, decomposition = @tx8.softmax.impl_0}
func.func @softmax_of_difference(%arg0: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
  %2 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<3xf32>) -> tensor<3x3xf32>
  %3 = stablehlo.subtract %arg0, %2 : tensor<3x3xf32>
  %4 = stablehlo.exponential %3 : tensor<3x3xf32>
  %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %5 = stablehlo.reduce(%4 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
  %7 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<3xf32>) -> tensor<3x3xf32>
  %8 = stablehlo.divide %4, %7 : tensor<3x3xf32>
  return %8 : tensor<3x3xf32>
}

// The sum is reduced over dimension 1 but broadcast back along dimension
// 0: not a softmax.
// CHECK-LABEL: func.func @not_softmax
// CHECK-NOT: stablehlo.composite
// CHECK: stablehlo.divide
func.func @not_softmax(%arg0: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
  %2 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<3xf32>) -> tensor<3x3xf32>
  %3 = stablehlo.subtract %arg0, %2 : tensor<3x3xf32>
  %4 = stablehlo.exponential %3 : tensor<3x3xf32>
  %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %5 = stablehlo.reduce(%4 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
  %7 = stablehlo.broadcast_in_dim %5, dims = [1] : (tensor<3xf32>) -> tensor<3x3xf32>
  %8 = stablehlo.divide %4, %7 : tensor<3x3xf32>
  return %8 : tensor<3x3xf32>
}

// jax.nn.gelu(x, approximate=False): x * (erf(x / sqrt(2)) + 1) / 2.
// CHECK-LABEL: func.func @gelu
// CHECK-NEXT: %0 = stablehlo.composite "tx8.gelu" %arg0 {decomposition = @tx8.gelu.impl} : (tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %0
func.func @gelu(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %s2 = stablehlo.constant dense<1.41421354> : tensor<f32>
  %s2b = stablehlo.broadcast_in_dim %s2, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
  %0 = stablehlo.divide %x, %s2b : tensor<4x8xf32>
  %1 = chlo.erf %0 : tensor<4x8xf32> -> tensor<4x8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<4x8xf32>
  %2 = stablehlo.add %1, %one : tensor<4x8xf32>
  %3 = stablehlo.multiply %x, %2 : tensor<4x8xf32>
  %two = stablehlo.constant dense<2.0> : tensor<4x8xf32>
  %4 = stablehlo.divide %3, %two : tensor<4x8xf32>
  return %4 : tensor<4x8xf32>
}

// 0.5 * x * (1 + erf(x * 0.70710678)), the ONNX Gelu spelling.
// CHECK-LABEL: func.func @gelu_onnx
// CHECK-NEXT: %0 = stablehlo.composite "tx8.gelu" %arg0 {decomposition = @tx8.gelu.impl_0}
func.func @gelu_onnx(%x: tensor<8xf32>) -> tensor<8xf32> {
  %half = stablehlo.constant dense<0.5> : tensor<8xf32>
  %k = stablehlo.constant dense<0.707106769> : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %0 = stablehlo.multiply %x, %k : tensor<8xf32>
  %1 = chlo.erf %0 : tensor<8xf32> -> tensor<8xf32>
  %2 = stablehlo.add %one, %1 : tensor<8xf32>
  %3 = stablehlo.multiply %half, %x : tensor<8xf32>
  %4 = stablehlo.multiply %3, %2 : tensor<8xf32>
  return %4 : tensor<8xf32>
}

// A coefficient other than 0.5 is not a gelu.
// CHECK-LABEL: func.func @not_gelu
// CHECK-NOT: stablehlo.composite
// CHECK: chlo.erf
func.func @not_gelu(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c = stablehlo.constant dense<0.4> : tensor<8xf32>
  %k = stablehlo.constant dense<0.707106769> : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %0 = stablehlo.multiply %x, %k : tensor<8xf32>
  %1 = chlo.erf %0 : tensor<8xf32> -> tensor<8xf32>
  %2 = stablehlo.add %one, %1 : tensor<8xf32>
  %3 = stablehlo.multiply %c, %x : tensor<8xf32>
  %4 = stablehlo.multiply %3, %2 : tensor<8xf32>
  return %4 : tensor<8xf32>
}

// GPT-2's gelu_new as exported: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715
// pow(x, 3)))), and with the cube as x * x * x: the tanh form of tx8.gelu.
// CHECK-LABEL: func.func @gelu_tanh
// CHECK-NEXT: %0 = stablehlo.composite "tx8.gelu" %arg0 {composite_attributes = {approximate = "tanh"}, decomposition = @tx8.gelu.impl{{.*}}} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %0
func.func @gelu_tanh(%x: tensor<8xf32>) -> tensor<8xf32> {
  %three = stablehlo.constant dense<3.0> : tensor<8xf32>
  %c = stablehlo.constant dense<0.044715> : tensor<8xf32>
  %k = stablehlo.constant dense<0.797884583> : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %half = stablehlo.constant dense<0.5> : tensor<8xf32>
  %p = stablehlo.power %x, %three : tensor<8xf32>
  %0 = stablehlo.multiply %p, %c : tensor<8xf32>
  %1 = stablehlo.add %x, %0 : tensor<8xf32>
  %2 = stablehlo.multiply %1, %k : tensor<8xf32>
  %3 = stablehlo.tanh %2 : tensor<8xf32>
  %4 = stablehlo.add %3, %one : tensor<8xf32>
  %5 = stablehlo.multiply %x, %half : tensor<8xf32>
  %6 = stablehlo.multiply %5, %4 : tensor<8xf32>
  return %6 : tensor<8xf32>
}
// CHECK-LABEL: func.func @gelu_tanh_cubed
// CHECK-NEXT: %0 = stablehlo.composite "tx8.gelu" %arg0 {composite_attributes = {approximate = "tanh"}
func.func @gelu_tanh_cubed(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c = stablehlo.constant dense<0.044715> : tensor<8xf32>
  %k = stablehlo.constant dense<0.797884583> : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %half = stablehlo.constant dense<0.5> : tensor<8xf32>
  %x2 = stablehlo.multiply %x, %x : tensor<8xf32>
  %x3 = stablehlo.multiply %x2, %x : tensor<8xf32>
  %0 = stablehlo.multiply %c, %x3 : tensor<8xf32>
  %1 = stablehlo.add %0, %x : tensor<8xf32>
  %2 = stablehlo.multiply %k, %1 : tensor<8xf32>
  %3 = stablehlo.tanh %2 : tensor<8xf32>
  %4 = stablehlo.add %one, %3 : tensor<8xf32>
  %5 = stablehlo.multiply %half, %4 : tensor<8xf32>
  %6 = stablehlo.multiply %5, %x : tensor<8xf32>
  return %6 : tensor<8xf32>
}

// Another cube coefficient, or a square instead of a cube, is not a gelu.
// CHECK-LABEL: func.func @not_gelu_tanh
// CHECK-NOT: stablehlo.composite
// CHECK: stablehlo.tanh
// CHECK-LABEL: func.func @not_gelu_tanh_square
// CHECK-NOT: stablehlo.composite
// CHECK: stablehlo.tanh
func.func @not_gelu_tanh(%x: tensor<8xf32>) -> tensor<8xf32> {
  %three = stablehlo.constant dense<3.0> : tensor<8xf32>
  %c = stablehlo.constant dense<0.05> : tensor<8xf32>
  %k = stablehlo.constant dense<0.797884583> : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %half = stablehlo.constant dense<0.5> : tensor<8xf32>
  %p = stablehlo.power %x, %three : tensor<8xf32>
  %0 = stablehlo.multiply %p, %c : tensor<8xf32>
  %1 = stablehlo.add %x, %0 : tensor<8xf32>
  %2 = stablehlo.multiply %1, %k : tensor<8xf32>
  %3 = stablehlo.tanh %2 : tensor<8xf32>
  %4 = stablehlo.add %3, %one : tensor<8xf32>
  %5 = stablehlo.multiply %x, %half : tensor<8xf32>
  %6 = stablehlo.multiply %5, %4 : tensor<8xf32>
  return %6 : tensor<8xf32>
}
func.func @not_gelu_tanh_square(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c = stablehlo.constant dense<0.044715> : tensor<8xf32>
  %k = stablehlo.constant dense<0.797884583> : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %half = stablehlo.constant dense<0.5> : tensor<8xf32>
  %x2 = stablehlo.multiply %x, %x : tensor<8xf32>
  %0 = stablehlo.multiply %c, %x2 : tensor<8xf32>
  %1 = stablehlo.add %0, %x : tensor<8xf32>
  %2 = stablehlo.multiply %k, %1 : tensor<8xf32>
  %3 = stablehlo.tanh %2 : tensor<8xf32>
  %4 = stablehlo.add %one, %3 : tensor<8xf32>
  %5 = stablehlo.multiply %half, %4 : tensor<8xf32>
  %6 = stablehlo.multiply %5, %x : tensor<8xf32>
  return %6 : tensor<8xf32>
}

// Layer normalization over the last dimension with scale and bias.
// CHECK-LABEL: func.func @layernorm
// CHECK-NEXT: %0 = stablehlo.composite "tx8.layernorm" %arg0, %arg1, %arg2 {composite_attributes = {axis = 2 : i64, epsilon = 9.99999974E-6 : f32}, decomposition = @tx8.layernorm.impl} : (tensor<2x4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
// CHECK-NEXT: return %0
func.func @layernorm(%x: tensor<2x4x8xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x4x8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<8.0> : tensor<2x4xf32>
  %eps = stablehlo.constant dense<9.99999974E-6> : tensor<2x4xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
  %m = stablehlo.divide %s, %n : tensor<2x4xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x8xf32>
  %c = stablehlo.subtract %x, %mb : tensor<2x4x8xf32>
  %sq = stablehlo.multiply %c, %c : tensor<2x4x8xf32>
  %vs = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
  %v = stablehlo.divide %vs, %n : tensor<2x4xf32>
  %ve = stablehlo.add %v, %eps : tensor<2x4xf32>
  %r = stablehlo.rsqrt %ve : tensor<2x4xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x8xf32>
  %nrm = stablehlo.multiply %c, %rb : tensor<2x4x8xf32>
  %gb = stablehlo.broadcast_in_dim %g, dims = [2] : (tensor<8xf32>) -> tensor<2x4x8xf32>
  %y0 = stablehlo.multiply %nrm, %gb : tensor<2x4x8xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [2] : (tensor<8xf32>) -> tensor<2x4x8xf32>
  %y = stablehlo.add %y0, %bb : tensor<2x4x8xf32>
  return %y : tensor<2x4x8xf32>
}

// Without bias, the mean taken at the input's shape (keepdims, then
// broadcast), over the last two dimensions.
// CHECK-LABEL: func.func @layernorm_no_bias
// CHECK-NEXT: %0 = stablehlo.composite "tx8.layernorm" %arg0, %arg1 {composite_attributes = {axis = 1 : i64, epsilon = 1.000000e-03 : f32}, decomposition = @tx8.layernorm.impl_0} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
func.func @layernorm_no_bias(%x: tensor<2x3x4xf32>, %g: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<12.0> : tensor<2x1x1xf32>
  %eps = stablehlo.constant dense<1.0e-3> : tensor<2x1x1xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1, 2] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2xf32>
  %sk = stablehlo.reshape %s : (tensor<2xf32>) -> tensor<2x1x1xf32>
  %m = stablehlo.divide %sk, %n : tensor<2x1x1xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0, 1, 2] : (tensor<2x1x1xf32>) -> tensor<2x3x4xf32>
  %c = stablehlo.subtract %x, %mb : tensor<2x3x4xf32>
  %sq = stablehlo.multiply %c, %c : tensor<2x3x4xf32>
  %vs = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1, 2] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2xf32>
  %vk = stablehlo.reshape %vs : (tensor<2xf32>) -> tensor<2x1x1xf32>
  %v = stablehlo.divide %vk, %n : tensor<2x1x1xf32>
  %ve = stablehlo.add %eps, %v : tensor<2x1x1xf32>
  %r = stablehlo.rsqrt %ve : tensor<2x1x1xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0, 1, 2] : (tensor<2x1x1xf32>) -> tensor<2x3x4xf32>
  %nrm = stablehlo.multiply %rb, %c : tensor<2x3x4xf32>
  %gb = stablehlo.broadcast_in_dim %g, dims = [1, 2] : (tensor<3x4xf32>) -> tensor<2x3x4xf32>
  %y = stablehlo.multiply %gb, %nrm : tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// Mean as a multiply by 1/N, normalization as a divide by sqrt.
// CHECK-LABEL: func.func @layernorm_sqrt
// CHECK-NEXT: %0 = stablehlo.composite "tx8.layernorm" %arg0, %arg1, %arg2 {composite_attributes = {axis = 1 : i64, epsilon = 1.000000e-03 : f32}, decomposition = @tx8.layernorm.impl_1}
func.func @layernorm_sqrt(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %inv_n = stablehlo.constant dense<0.125> : tensor<4xf32>
  %eps = stablehlo.constant dense<1.0e-3> : tensor<4xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %m = stablehlo.multiply %s, %inv_n : tensor<4xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %c = stablehlo.subtract %x, %mb : tensor<4x8xf32>
  %sq = stablehlo.multiply %c, %c : tensor<4x8xf32>
  %vs = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %v = stablehlo.multiply %inv_n, %vs : tensor<4xf32>
  %ve = stablehlo.add %v, %eps : tensor<4xf32>
  %sd = stablehlo.sqrt %ve : tensor<4xf32>
  %sdb = stablehlo.broadcast_in_dim %sd, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %nrm = stablehlo.divide %c, %sdb : tensor<4x8xf32>
  %gb = stablehlo.broadcast_in_dim %g, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %y0 = stablehlo.multiply %nrm, %gb : tensor<4x8xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %y = stablehlo.add %bb, %y0 : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// A normalization over a leading dimension is not ONNX's layer norm.
// CHECK-LABEL: func.func @not_layernorm
// CHECK-NOT: stablehlo.composite
// CHECK: stablehlo.rsqrt
func.func @not_layernorm(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<4.0> : tensor<8xf32>
  %eps = stablehlo.constant dense<1.0e-3> : tensor<8xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  %m = stablehlo.divide %s, %n : tensor<8xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %c = stablehlo.subtract %x, %mb : tensor<4x8xf32>
  %sq = stablehlo.multiply %c, %c : tensor<4x8xf32>
  %vs = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  %v = stablehlo.divide %vs, %n : tensor<8xf32>
  %ve = stablehlo.add %v, %eps : tensor<8xf32>
  %r = stablehlo.rsqrt %ve : tensor<8xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %nrm = stablehlo.multiply %c, %rb : tensor<4x8xf32>
  %y = stablehlo.multiply %nrm, %g : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// Softmax over the channels of an NCHW tensor.
// CHECK-LABEL: func.func @softmax_channels
// CHECK-NEXT: %0 = stablehlo.composite "tx8.softmax" %arg0 {composite_attributes = {axis = 1 : i64}, decomposition = @tx8.softmax.impl_1}
func.func @softmax_channels(%x: tensor<2x5x3x3xf32>) -> tensor<2x5x3x3xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<2x5x3x3xf32>, tensor<f32>) -> tensor<2x3x3xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [0, 2, 3] : (tensor<2x3x3xf32>) -> tensor<2x5x3x3xf32>
  %2 = stablehlo.subtract %x, %1 : tensor<2x5x3x3xf32>
  %3 = stablehlo.exponential %2 : tensor<2x5x3x3xf32>
  %4 = stablehlo.reduce(%3 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x5x3x3xf32>, tensor<f32>) -> tensor<2x3x3xf32>
  %5 = stablehlo.broadcast_in_dim %4, dims = [0, 2, 3] : (tensor<2x3x3xf32>) -> tensor<2x5x3x3xf32>
  %6 = stablehlo.divide %3, %5 : tensor<2x5x3x3xf32>
  return %6 : tensor<2x5x3x3xf32>
}

// The decompositions hold the original sequences.
// CHECK-LABEL: func.func private @tx8.softmax.impl(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: stablehlo.reduce(%arg0 init: %{{.*}}) applies stablehlo.maximum across dimensions = [1]
// CHECK: stablehlo.exponential
// CHECK: stablehlo.reduce(%{{.*}}) applies stablehlo.add across dimensions = [1]
// CHECK: %[[D:.*]] = stablehlo.divide
// CHECK-NEXT: return %[[D]] : tensor<2x3xf32>
// CHECK-LABEL: func.func private @tx8.softmax.impl_0(%arg0: tensor<3x3xf32>) -> tensor<3x3xf32>
// CHECK-LABEL: func.func private @tx8.gelu.impl(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK: chlo.erf
// CHECK-LABEL: func.func private @tx8.gelu.impl_0(%arg0: tensor<8xf32>) -> tensor<8xf32>
// CHECK-LABEL: func.func private @tx8.layernorm.impl(%arg0: tensor<2x4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> tensor<2x4x8xf32>
// CHECK: stablehlo.rsqrt
// CHECK-LABEL: func.func private @tx8.layernorm.impl_0(%arg0: tensor<2x3x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-LABEL: func.func private @tx8.layernorm.impl_1(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> tensor<4x8xf32>
// CHECK: stablehlo.sqrt
// CHECK-LABEL: func.func private @tx8.softmax.impl_1(%arg0: tensor<2x5x3x3xf32>) -> tensor<2x5x3x3xf32>
// CHECK-NOT: func.func
