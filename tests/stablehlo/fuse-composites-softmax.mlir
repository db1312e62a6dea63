// Softmax recognised by what it computes (stablehlo-fuse-composites,
// fuse_composites/softmax.rs): the max added negated, the row sum's
// reciprocal taken per row and multiplied from either side, a masked and
// scaled input kept whole, no max at all; and near misses.
// RUN: strata-opt %s -stablehlo-fuse-composites | FileCheck %s
// RUN: strata-opt %s -stablehlo-fuse-composites | strata-opt -stablehlo-fuse-composites | FileCheck %s
// RUN: strata-opt %s -stablehlo-fuse-composites --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect > /dev/null

// exp(-max + x) * broadcast(1 / sum): one thing with exp(x - max) / sum.
// CHECK-LABEL: func.func @softmax_reciprocal
// CHECK-NEXT: %0 = stablehlo.composite "tx8.softmax" %arg0 {composite_attributes = {axis = 1 : i64}
// CHECK-NEXT: return %0
func.func @softmax_reciprocal(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %one = stablehlo.constant dense<1.0> : tensor<2xf32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %nm = stablehlo.negate %m : tensor<2xf32>
  %nmb = stablehlo.broadcast_in_dim %nm, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  %d = stablehlo.add %nmb, %x : tensor<2x8xf32>
  %e = stablehlo.exponential %d : tensor<2x8xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %r = stablehlo.divide %one, %s : tensor<2xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  %y = stablehlo.multiply %rb, %e : tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// Attention's scores: scaled, masked, then the softmax; the input is the
// masked sum, kept whole.
// CHECK-LABEL: func.func @softmax_masked
// CHECK: %[[IN:.*]] = stablehlo.add %{{.*}}, %arg1
// CHECK-NEXT: %[[Y:.*]] = stablehlo.composite "tx8.softmax" %[[IN]] {composite_attributes = {axis = 2 : i64}
// CHECK-NEXT: return %[[Y]]
func.func @softmax_masked(%q: tensor<2x4x4xf32>, %mask: tensor<2x4x4xf32>) -> tensor<2x4x4xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %k = stablehlo.constant dense<0.125> : tensor<2x4x4xf32>
  %sc = stablehlo.multiply %q, %k : tensor<2x4x4xf32>
  %x = stablehlo.add %sc, %mask : tensor<2x4x4xf32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<2x4x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x4xf32>
  %d = stablehlo.subtract %x, %mb : tensor<2x4x4xf32>
  %e = stablehlo.exponential %d : tensor<2x4x4xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x4x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x4xf32>
  %y = stablehlo.divide %e, %sb : tensor<2x4x4xf32>
  return %y : tensor<2x4x4xf32>
}

// exp(x) / sum(exp(x)) without the max: the same function (the library
// subtracts the row max itself, which only avoids an overflow).
// CHECK-LABEL: func.func @softmax_no_max
// CHECK-NEXT: %0 = stablehlo.composite "tx8.softmax" %arg0 {composite_attributes = {axis = 1 : i64}
// CHECK-NEXT: return %0
func.func @softmax_no_max(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %e = stablehlo.exponential %x : tensor<2x8xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  %y = stablehlo.divide %e, %sb : tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// Near misses: a sum with one added, and the exponential of one value
// divided by the sum of another's.
// CHECK-LABEL: func.func @not_softmax_plus_one
// CHECK-NOT: stablehlo.composite
// CHECK: stablehlo.divide
// CHECK-LABEL: func.func @not_softmax_other_sum
// CHECK-NOT: stablehlo.composite
// CHECK: stablehlo.divide
func.func @not_softmax_plus_one(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %one = stablehlo.constant dense<1.0> : tensor<2xf32>
  %e = stablehlo.exponential %x : tensor<2x8xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %s1 = stablehlo.add %s, %one : tensor<2xf32>
  %sb = stablehlo.broadcast_in_dim %s1, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  %y = stablehlo.divide %e, %sb : tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}
func.func @not_softmax_other_sum(%x: tensor<2x8xf32>, %z: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %e = stablehlo.exponential %x : tensor<2x8xf32>
  %ez = stablehlo.exponential %z : tensor<2x8xf32>
  %s = stablehlo.reduce(%ez init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  %y = stablehlo.divide %e, %sb : tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// JAX's jax.nn.softmax: the max clamped from below by -inf
// (`maximum(-inf, max(x))`) is still a row statistic, so the softmax is of
// x. A row mask broadcast along the axis is not one: it stays in the input
// (a -inf row there makes the reference NaN).
// CHECK-LABEL: func.func @softmax_jax_clamped_max
// CHECK-NEXT: %0 = stablehlo.composite "tx8.softmax" %arg0 {composite_attributes = {axis = 1 : i64}
// CHECK-NEXT: return %0
// CHECK-LABEL: func.func @softmax_row_mask_kept
// CHECK: %[[Z:.*]] = stablehlo.add %arg0, %{{.*}}
// CHECK-NEXT: %{{.*}} = stablehlo.composite "tx8.softmax" %[[Z]]
func.func @softmax_jax_clamped_max(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %nb = stablehlo.broadcast_in_dim %ninf, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %mc = stablehlo.maximum %nb, %m : tensor<4xf32>
  %mb = stablehlo.broadcast_in_dim %mc, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %z = stablehlo.subtract %x, %mb : tensor<4x16xf32>
  %e = stablehlo.exponential %z : tensor<4x16xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %y = stablehlo.divide %e, %sb : tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}
func.func @softmax_row_mask_kept(%x: tensor<4x16xf32>, %mask: tensor<4xf32>) -> tensor<4x16xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %mb = stablehlo.broadcast_in_dim %mask, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %z = stablehlo.add %x, %mb : tensor<4x16xf32>
  %e = stablehlo.exponential %z : tensor<4x16xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %y = stablehlo.divide %e, %sb : tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}
