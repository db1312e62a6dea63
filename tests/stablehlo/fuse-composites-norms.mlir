// Layer norm and RMSNorm recognised by what they compute
// (stablehlo-fuse-composites, fuse_composites/norm.rs): unit gamma and zero
// beta folded away, operands in other orders, the square as a product or a
// power, 1/std multiplied or std divided, the mean as `* (1/N)` or `/ N`,
// statistics at kept or dropped dims, LLaMA's casts; and near misses that
// must stay as they are.
// RUN: strata-opt %s -stablehlo-fuse-composites | FileCheck %s
// RUN: strata-opt %s -stablehlo-fuse-composites | strata-opt -stablehlo-fuse-composites | FileCheck %s
// RUN: strata-opt %s -stablehlo-fuse-composites --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect > /dev/null

// A fresh model's layer norm after the canonicalizer folded `* 1` and
// `+ 0`: no gamma, no beta.
// CHECK-LABEL: func.func @ln_unit_params
// CHECK-NEXT: %0 = stablehlo.composite "tx8.layernorm" %arg0 {composite_attributes = {axis = 2 : i64, epsilon = 9.99999996E-13 : f32}, decomposition = @tx8.layernorm.impl} : (tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
// CHECK-NEXT: return %0
func.func @ln_unit_params(%x: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<8.0> : tensor<2x4xf32>
  %eps = stablehlo.constant dense<1.0e-12> : tensor<2x4xf32>
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
  %y = stablehlo.multiply %c, %rb : tensor<2x4x8xf32>
  return %y : tensor<2x4x8xf32>
}

// The mean added negated, the square a power, eps first, one over the
// std multiplied, gamma and beta on the left; the input a residual sum
// (kept whole, not expanded into its parts).
// CHECK-LABEL: func.func @ln_other_orders
// CHECK: %[[X:.*]] = stablehlo.add %arg0, %arg1
// CHECK-NEXT: %[[Y:.*]] = stablehlo.composite "tx8.layernorm" %[[X]], %arg2, %arg3 {composite_attributes = {axis = 1 : i64, epsilon = 9.99999974E-6 : f32}
// CHECK-NEXT: return %[[Y]]
func.func @ln_other_orders(%a: tensor<4x16xf32>, %b: tensor<4x16xf32>, %g: tensor<16xf32>, %be: tensor<16xf32>) -> tensor<4x16xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %inv = stablehlo.constant dense<0.0625> : tensor<4xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<4xf32>
  %one = stablehlo.constant dense<1.0> : tensor<4xf32>
  %two = stablehlo.constant dense<2.0> : tensor<4x16xf32>
  %x = stablehlo.add %a, %b : tensor<4x16xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %m = stablehlo.multiply %inv, %s : tensor<4xf32>
  %nm = stablehlo.negate %m : tensor<4xf32>
  %nmb = stablehlo.broadcast_in_dim %nm, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %c = stablehlo.add %nmb, %x : tensor<4x16xf32>
  %sq = stablehlo.power %c, %two : tensor<4x16xf32>
  %vs = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %v = stablehlo.multiply %vs, %inv : tensor<4xf32>
  %ve = stablehlo.add %eps, %v : tensor<4xf32>
  %sd = stablehlo.sqrt %ve : tensor<4xf32>
  %r = stablehlo.divide %one, %sd : tensor<4xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %gb = stablehlo.broadcast_in_dim %g, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %bb = stablehlo.broadcast_in_dim %be, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %n0 = stablehlo.multiply %rb, %c : tensor<4x16xf32>
  %n1 = stablehlo.multiply %gb, %n0 : tensor<4x16xf32>
  %y = stablehlo.add %bb, %n1 : tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}

// Distributed: x * r - m * r, statistics kept at [4, 1] and reshaped;
// then a residual added after the norm (not part of it).
// CHECK-LABEL: func.func @ln_distributed
// CHECK-NEXT: %[[Y:.*]] = stablehlo.composite "tx8.layernorm" %arg0 {composite_attributes = {axis = 1 : i64, epsilon = 1.000000e-03 : f32}
// CHECK-NEXT: %[[Z:.*]] = stablehlo.add %[[Y]], %arg1
// CHECK-NEXT: return %[[Z]]
func.func @ln_distributed(%x: tensor<4x16xf32>, %res: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<16.0> : tensor<4x1xf32>
  %eps = stablehlo.constant dense<1.0e-3> : tensor<4x1xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %sk = stablehlo.reshape %s : (tensor<4xf32>) -> tensor<4x1xf32>
  %m = stablehlo.divide %sk, %n : tensor<4x1xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x16xf32>
  %c = stablehlo.subtract %x, %mb : tensor<4x16xf32>
  %sq = stablehlo.multiply %c, %c : tensor<4x16xf32>
  %vs = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %vk = stablehlo.reshape %vs : (tensor<4xf32>) -> tensor<4x1xf32>
  %v = stablehlo.divide %vk, %n : tensor<4x1xf32>
  %ve = stablehlo.add %v, %eps : tensor<4x1xf32>
  %r = stablehlo.rsqrt %ve : tensor<4x1xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x16xf32>
  %xr = stablehlo.multiply %x, %rb : tensor<4x16xf32>
  %mr = stablehlo.multiply %mb, %rb : tensor<4x16xf32>
  %y = stablehlo.subtract %xr, %mr : tensor<4x16xf32>
  %z = stablehlo.add %y, %res : tensor<4x16xf32>
  return %z : tensor<4x16xf32>
}

// A beta without a gamma (the gamma, ones, folded away): the unit gamma is
// made a constant so the operands' positions say which is which; a gamma
// that is a number (2.0, folded into the product) becomes one too; a
// broadcast gamma the folder made a full-shape constant is passed as it is.
// CHECK-LABEL: func.func @ln_beta_only
// CHECK: %[[ONES:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<8xf32>
// CHECK-NEXT: stablehlo.composite "tx8.layernorm" %arg0, %[[ONES]], %arg1 {composite_attributes = {axis = 1 : i64, epsilon = 9.99999974E-6 : f32}
// CHECK-LABEL: func.func @ln_splat_gamma
// CHECK: %[[TWOS:.*]] = stablehlo.constant dense<2.000000e+00> : tensor<8xf32>
// CHECK-NEXT: stablehlo.composite "tx8.layernorm" %arg0, %[[TWOS]] {composite_attributes = {axis = 1 : i64, epsilon = 9.99999974E-6 : f32}
// CHECK-LABEL: func.func @ln_folded_gamma
// CHECK: %[[G:.*]] = stablehlo.constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [1.000000e+00, 2.000000e+00]]> : tensor<2x2xf32>
// CHECK: stablehlo.composite "tx8.layernorm" %arg0, %[[G]] {composite_attributes = {axis = 1 : i64, epsilon = 9.99999974E-6 : f32}
func.func @ln_beta_only(%x: tensor<2x8xf32>, %be: tensor<8xf32>) -> tensor<2x8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<8.0> : tensor<2xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<2xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %m = stablehlo.divide %s, %n : tensor<2xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  %c = stablehlo.subtract %x, %mb : tensor<2x8xf32>
  %sq = stablehlo.multiply %c, %c : tensor<2x8xf32>
  %vs = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %v = stablehlo.divide %vs, %n : tensor<2xf32>
  %ve = stablehlo.add %v, %eps : tensor<2xf32>
  %r = stablehlo.rsqrt %ve : tensor<2xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  %nrm = stablehlo.multiply %c, %rb : tensor<2x8xf32>
  %bb = stablehlo.broadcast_in_dim %be, dims = [1] : (tensor<8xf32>) -> tensor<2x8xf32>
  %y = stablehlo.add %nrm, %bb : tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}
func.func @ln_splat_gamma(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<8.0> : tensor<2xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<2xf32>
  %two = stablehlo.constant dense<2.0> : tensor<2x8xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %m = stablehlo.divide %s, %n : tensor<2xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  %c = stablehlo.subtract %x, %mb : tensor<2x8xf32>
  %sq = stablehlo.multiply %c, %c : tensor<2x8xf32>
  %vs = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %v = stablehlo.divide %vs, %n : tensor<2xf32>
  %ve = stablehlo.add %v, %eps : tensor<2xf32>
  %r = stablehlo.rsqrt %ve : tensor<2xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  %nrm = stablehlo.multiply %c, %rb : tensor<2x8xf32>
  %y = stablehlo.multiply %nrm, %two : tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}
func.func @ln_folded_gamma(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<2.0> : tensor<2xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<2xf32>
  %g = stablehlo.constant dense<[[1.0, 2.0], [1.0, 2.0]]> : tensor<2x2xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
  %m = stablehlo.divide %s, %n : tensor<2xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
  %c = stablehlo.subtract %x, %mb : tensor<2x2xf32>
  %sq = stablehlo.multiply %c, %c : tensor<2x2xf32>
  %vs = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
  %v = stablehlo.divide %vs, %n : tensor<2xf32>
  %ve = stablehlo.add %v, %eps : tensor<2xf32>
  %r = stablehlo.rsqrt %ve : tensor<2xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
  %nrm = stablehlo.multiply %c, %rb : tensor<2x2xf32>
  %y = stablehlo.multiply %g, %nrm : tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// LLaMA's RMSNorm: upcast to f32, pow(2).mean(-1, keepdim=True),
// rsqrt(variance + eps), hidden * rstd, cast back, weight * hidden. The
// upcast is seen through (the input is the bf16 value); the cast back
// rounds, so the weight's product stays after it.
// CHECK-LABEL: func.func @rms_llama
// CHECK-NEXT: %[[N:.*]] = stablehlo.composite "tx8.rmsnorm" %arg0 {composite_attributes = {axis = 2 : i64, epsilon = 9.99999997E-7 : f32}, decomposition = @tx8.rmsnorm.impl{{.*}}} : (tensor<1x4x16xbf16>) -> tensor<1x4x16xf32>
// CHECK-NEXT: %[[C:.*]] = stablehlo.convert %[[N]]
// CHECK: stablehlo.multiply %{{.*}}, %[[C]]
func.func @rms_llama(%x: tensor<1x4x16xbf16>, %w: tensor<16xbf16>) -> tensor<1x4x16xbf16> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %two = stablehlo.constant dense<2.0> : tensor<1x4x16xf32>
  %n = stablehlo.constant dense<16.0> : tensor<1x4x1xf32>
  %eps = stablehlo.constant dense<1.0e-6> : tensor<1x4x1xf32>
  %h = stablehlo.convert %x : (tensor<1x4x16xbf16>) -> tensor<1x4x16xf32>
  %p = stablehlo.power %h, %two : tensor<1x4x16xf32>
  %s = stablehlo.reduce(%p init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<1x4x16xf32>, tensor<f32>) -> tensor<1x4xf32>
  %sk = stablehlo.reshape %s : (tensor<1x4xf32>) -> tensor<1x4x1xf32>
  %v = stablehlo.divide %sk, %n : tensor<1x4x1xf32>
  %ve = stablehlo.add %v, %eps : tensor<1x4x1xf32>
  %r = stablehlo.rsqrt %ve : tensor<1x4x1xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0, 1, 2] : (tensor<1x4x1xf32>) -> tensor<1x4x16xf32>
  %hn = stablehlo.multiply %h, %rb : tensor<1x4x16xf32>
  %hb = stablehlo.convert %hn : (tensor<1x4x16xf32>) -> tensor<1x4x16xbf16>
  %wb = stablehlo.broadcast_in_dim %w, dims = [2] : (tensor<16xbf16>) -> tensor<1x4x16xbf16>
  %y = stablehlo.multiply %wb, %hb : tensor<1x4x16xbf16>
  return %y : tensor<1x4x16xbf16>
}

// In f32 the weight joins: w * (x * rsqrt(mean(x * x) + eps)); and the
// std divided, x / sqrt(mean(x^2) + eps), with no weight.
// CHECK-LABEL: func.func @rms_weight
// CHECK-NEXT: %0 = stablehlo.composite "tx8.rmsnorm" %arg0, %arg1 {composite_attributes = {axis = 1 : i64, epsilon = 9.99999974E-6 : f32}
// CHECK-NEXT: return %0
// CHECK-LABEL: func.func @rms_divide
// CHECK-NEXT: %0 = stablehlo.composite "tx8.rmsnorm" %arg0 {composite_attributes = {axis = 1 : i64, epsilon = 9.99999974E-6 : f32}
// CHECK-NEXT: return %0
func.func @rms_weight(%x: tensor<4x16xf32>, %w: tensor<16xf32>) -> tensor<4x16xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %inv = stablehlo.constant dense<0.0625> : tensor<4xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<4xf32>
  %sq = stablehlo.multiply %x, %x : tensor<4x16xf32>
  %s = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %v = stablehlo.multiply %s, %inv : tensor<4xf32>
  %ve = stablehlo.add %v, %eps : tensor<4xf32>
  %r = stablehlo.rsqrt %ve : tensor<4xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %wb = stablehlo.broadcast_in_dim %w, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %n0 = stablehlo.multiply %x, %rb : tensor<4x16xf32>
  %y = stablehlo.multiply %wb, %n0 : tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}
func.func @rms_divide(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<16.0> : tensor<4xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<4xf32>
  %two = stablehlo.constant dense<2.0> : tensor<4x16xf32>
  %sq = stablehlo.power %x, %two : tensor<4x16xf32>
  %s = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %v = stablehlo.divide %s, %n : tensor<4xf32>
  %ve = stablehlo.add %eps, %v : tensor<4xf32>
  %sd = stablehlo.sqrt %ve : tensor<4xf32>
  %sdb = stablehlo.broadcast_in_dim %sd, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %y = stablehlo.divide %x, %sdb : tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}

// Near misses. eps added to the std, not the variance: no norm.
// CHECK-LABEL: func.func @not_ln_eps_after_sqrt
// CHECK-NOT: stablehlo.composite
// CHECK: stablehlo.sqrt
func.func @not_ln_eps_after_sqrt(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<16.0> : tensor<4xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<4xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %m = stablehlo.divide %s, %n : tensor<4xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %c = stablehlo.subtract %x, %mb : tensor<4x16xf32>
  %sq = stablehlo.multiply %c, %c : tensor<4x16xf32>
  %vs = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %v = stablehlo.divide %vs, %n : tensor<4xf32>
  %sd = stablehlo.sqrt %v : tensor<4xf32>
  %sde = stablehlo.add %sd, %eps : tensor<4xf32>
  %sdb = stablehlo.broadcast_in_dim %sde, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %y = stablehlo.divide %c, %sdb : tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}

// The centred value scaled by the root mean square of x itself, not of
// the centred value: neither a layer norm nor an RMSNorm.
// CHECK-LABEL: func.func @not_ln_variance_of_x
// CHECK-NOT: stablehlo.composite
// CHECK: stablehlo.rsqrt
func.func @not_ln_variance_of_x(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<16.0> : tensor<4xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<4xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %m = stablehlo.divide %s, %n : tensor<4xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %c = stablehlo.subtract %x, %mb : tensor<4x16xf32>
  %sq = stablehlo.multiply %x, %x : tensor<4x16xf32>
  %vs = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %v = stablehlo.divide %vs, %n : tensor<4xf32>
  %ve = stablehlo.add %v, %eps : tensor<4xf32>
  %r = stablehlo.rsqrt %ve : tensor<4xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %y = stablehlo.multiply %c, %rb : tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}

// An RMSNorm over a leading axis (not what the card's op normalises), and
// one whose mean divides by the wrong count: no norm.
// CHECK-LABEL: func.func @not_rms_leading_axis
// CHECK-NOT: stablehlo.composite
// CHECK: stablehlo.rsqrt
// CHECK-LABEL: func.func @not_rms_wrong_count
// CHECK-NOT: stablehlo.composite
// CHECK: stablehlo.rsqrt
func.func @not_rms_leading_axis(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<4.0> : tensor<16xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<16xf32>
  %sq = stablehlo.multiply %x, %x : tensor<4x16xf32>
  %s = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4x16xf32>, tensor<f32>) -> tensor<16xf32>
  %v = stablehlo.divide %s, %n : tensor<16xf32>
  %ve = stablehlo.add %v, %eps : tensor<16xf32>
  %r = stablehlo.rsqrt %ve : tensor<16xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %y = stablehlo.multiply %x, %rb : tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}
func.func @not_rms_wrong_count(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<15.0> : tensor<4xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<4xf32>
  %sq = stablehlo.multiply %x, %x : tensor<4x16xf32>
  %s = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %v = stablehlo.divide %s, %n : tensor<4xf32>
  %ve = stablehlo.add %v, %eps : tensor<4xf32>
  %r = stablehlo.rsqrt %ve : tensor<4xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %y = stablehlo.multiply %x, %rb : tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}

// Instance norm (the importer's form): the statistics over H and W, the
// scale and bias one per channel. They vary along an axis the norm does
// not normalise, so they are no layer norm's gamma and beta: the
// standardisation alone is the layer norm, the per-channel affine stays.
// CHECK-LABEL: func.func @instance_norm_channel_params
// CHECK-NEXT: %[[N:.*]] = stablehlo.composite "tx8.layernorm" %arg0 {composite_attributes = {axis = 2 : i64, {{.*}}} : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
// CHECK: stablehlo.broadcast_in_dim %arg1, dims = [1]
// CHECK: stablehlo.multiply %[[N]]
// CHECK: stablehlo.broadcast_in_dim %arg2, dims = [1]
// CHECK: stablehlo.add
func.func @instance_norm_channel_params(%x: tensor<1x2x3x4xf32>, %g: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<1x2x3x4xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<12.0> : tensor<1x2xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<1x2xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [2, 3] : (tensor<1x2x3x4xf32>, tensor<f32>) -> tensor<1x2xf32>
  %m = stablehlo.divide %s, %n : tensor<1x2xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<1x2x3x4xf32>
  %c = stablehlo.subtract %x, %mb : tensor<1x2x3x4xf32>
  %sq = stablehlo.multiply %c, %c : tensor<1x2x3x4xf32>
  %vs = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [2, 3] : (tensor<1x2x3x4xf32>, tensor<f32>) -> tensor<1x2xf32>
  %v = stablehlo.divide %vs, %n : tensor<1x2xf32>
  %ve = stablehlo.add %v, %eps : tensor<1x2xf32>
  %r = stablehlo.rsqrt %ve : tensor<1x2xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<1x2x3x4xf32>
  %y = stablehlo.multiply %c, %rb : tensor<1x2x3x4xf32>
  %gb = stablehlo.broadcast_in_dim %g, dims = [1] : (tensor<2xf32>) -> tensor<1x2x3x4xf32>
  %yg = stablehlo.multiply %y, %gb : tensor<1x2x3x4xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<2xf32>) -> tensor<1x2x3x4xf32>
  %z = stablehlo.add %yg, %bb : tensor<1x2x3x4xf32>
  return %z : tensor<1x2x3x4xf32>
}

// JAX's layer norm (jax.jit of the textbook formula, after cse): the
// variance through chlo.square, 1/std as a divide.
// CHECK-LABEL: func.func @ln_jax_square
// CHECK-NEXT: %0 = stablehlo.composite "tx8.layernorm" %arg0, %arg1, %arg2 {composite_attributes = {axis = 1 : i64, epsilon = 9.99999974E-6 : f32}
// CHECK-NEXT: return %0
func.func @ln_jax_square(%x: tensor<16x32xf32>, %g: tensor<32xf32>, %b: tensor<32xf32>) -> tensor<16x32xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<32.0> : tensor<16x1xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<16x1xf32>
  %one = stablehlo.constant dense<1.0> : tensor<16x1xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %s1 = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
  %m = stablehlo.divide %s1, %n : tensor<16x1xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x32xf32>
  %c = stablehlo.subtract %x, %mb : tensor<16x32xf32>
  %sq = chlo.square %c : tensor<16x32xf32> -> tensor<16x32xf32>
  %vs = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %vs1 = stablehlo.broadcast_in_dim %vs, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
  %v = stablehlo.divide %vs1, %n : tensor<16x1xf32>
  %ve = stablehlo.add %v, %eps : tensor<16x1xf32>
  %sd = stablehlo.sqrt %ve : tensor<16x1xf32>
  %r = stablehlo.divide %one, %sd : tensor<16x1xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x32xf32>
  %y = stablehlo.multiply %c, %rb : tensor<16x32xf32>
  %g1 = stablehlo.broadcast_in_dim %g, dims = [1] : (tensor<32xf32>) -> tensor<16x32xf32>
  %yg = stablehlo.multiply %y, %g1 : tensor<16x32xf32>
  %b1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<32xf32>) -> tensor<16x32xf32>
  %z = stablehlo.add %yg, %b1 : tensor<16x32xf32>
  return %z : tensor<16x32xf32>
}
