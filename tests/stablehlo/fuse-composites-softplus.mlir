// Softplus recognised by what it computes (stablehlo-fuse-composites,
// fuse_composites/activations.rs): max(x, 0) + log1p(exp(-|x|)) as the
// ONNX importer writes Softplus, JAX's logaddexp(x, 0) with its NaN guard
// left outside, log1p spelled log(1 + e), operands either way round; the
// naive log(1 + exp(x)) and near misses stay as they are.
// RUN: strata-opt %s -stablehlo-fuse-composites | FileCheck %s
// RUN: strata-opt %s -stablehlo-fuse-composites | strata-opt -stablehlo-fuse-composites | FileCheck %s
// RUN: strata-opt %s -stablehlo-fuse-composites --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect > /dev/null

// CHECK-LABEL: func.func @onnx_form
// CHECK-NEXT: %0 = stablehlo.composite "tx8.softplus" %arg0 {decomposition = @tx8.softplus.impl}
// CHECK-NEXT: return %0
func.func @onnx_form(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<2x8xf32>
  %m = stablehlo.maximum %x, %zero : tensor<2x8xf32>
  %a = stablehlo.abs %x : tensor<2x8xf32>
  %n = stablehlo.negate %a : tensor<2x8xf32>
  %e = stablehlo.exponential %n : tensor<2x8xf32>
  %l = stablehlo.log_plus_one %e : tensor<2x8xf32>
  %y = stablehlo.add %m, %l : tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// jax.nn.softplus: logaddexp(x, 0) through a broadcast zero, |x - 0|, and
// select(isnan(x - 0), x + 0, ...) around it.
// CHECK-LABEL: func.func @jax_form
// CHECK: %[[SP:.*]] = stablehlo.composite "tx8.softplus" %arg0
// CHECK-NEXT: stablehlo.select %{{.*}}, %{{.*}}, %[[SP]]
func.func @jax_form(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %z = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
  %m = stablehlo.maximum %x, %z : tensor<2x8xf32>
  %d = stablehlo.subtract %x, %z : tensor<2x8xf32>
  %isnan = stablehlo.compare NE, %d, %d, FLOAT : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xi1>
  %s = stablehlo.add %x, %z : tensor<2x8xf32>
  %a = stablehlo.abs %d : tensor<2x8xf32>
  %n = stablehlo.negate %a : tensor<2x8xf32>
  %e = stablehlo.exponential %n : tensor<2x8xf32>
  %l = stablehlo.log_plus_one %e : tensor<2x8xf32>
  %r = stablehlo.add %m, %l : tensor<2x8xf32>
  %y = stablehlo.select %isnan, %s, %r : tensor<2x8xi1>, tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// log(1 + e), the zero first in the maximum, -|x| as (-1) * |x|, the sum
// the other way round.
// CHECK-LABEL: func.func @other_spelling
// CHECK-NEXT: %0 = stablehlo.composite "tx8.softplus" %arg0
// CHECK-NEXT: return %0
func.func @other_spelling(%x: tensor<8xbf16>) -> tensor<8xbf16> {
  %zero = stablehlo.constant dense<0.0> : tensor<8xbf16>
  %one = stablehlo.constant dense<1.0> : tensor<8xbf16>
  %minus = stablehlo.constant dense<-1.0> : tensor<8xbf16>
  %m = stablehlo.maximum %zero, %x : tensor<8xbf16>
  %a = stablehlo.abs %x : tensor<8xbf16>
  %n = stablehlo.multiply %minus, %a : tensor<8xbf16>
  %e = stablehlo.exponential %n : tensor<8xbf16>
  %p = stablehlo.add %e, %one : tensor<8xbf16>
  %l = stablehlo.log %p : tensor<8xbf16>
  %y = stablehlo.add %l, %m : tensor<8xbf16>
  return %y : tensor<8xbf16>
}

// Mish, x * tanh(softplus(x)): the softplus is one composite, the rest
// stays.
// CHECK-LABEL: func.func @mish
// CHECK-NEXT: %0 = stablehlo.composite "tx8.softplus" %arg0
// CHECK-NEXT: %1 = stablehlo.tanh %0
// CHECK-NEXT: %2 = stablehlo.multiply %arg0, %1
func.func @mish(%x: tensor<8xf32>) -> tensor<8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<8xf32>
  %m = stablehlo.maximum %x, %zero : tensor<8xf32>
  %a = stablehlo.abs %x : tensor<8xf32>
  %n = stablehlo.negate %a : tensor<8xf32>
  %e = stablehlo.exponential %n : tensor<8xf32>
  %l = stablehlo.log_plus_one %e : tensor<8xf32>
  %s = stablehlo.add %m, %l : tensor<8xf32>
  %t = stablehlo.tanh %s : tensor<8xf32>
  %y = stablehlo.multiply %x, %t : tensor<8xf32>
  return %y : tensor<8xf32>
}

// Near misses: the naive log(1 + exp(x)) (it overflows where softplus
// does not); a maximum against 1; |w| of another value than the maximum's;
// exp(+|x|); twice the log.
// CHECK-LABEL: func.func @naive
// CHECK-NOT: stablehlo.composite
// CHECK-LABEL: func.func @max_against_one
// CHECK-NOT: stablehlo.composite
// CHECK-LABEL: func.func @other_abs
// CHECK-NOT: stablehlo.composite
// CHECK-LABEL: func.func @positive_exponent
// CHECK-NOT: stablehlo.composite
// CHECK-LABEL: func.func @twice_the_log
// CHECK-NOT: stablehlo.composite
func.func @naive(%x: tensor<8xf32>) -> tensor<8xf32> {
  %e = stablehlo.exponential %x : tensor<8xf32>
  %l = stablehlo.log_plus_one %e : tensor<8xf32>
  return %l : tensor<8xf32>
}
func.func @max_against_one(%x: tensor<8xf32>) -> tensor<8xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %m = stablehlo.maximum %x, %one : tensor<8xf32>
  %a = stablehlo.abs %x : tensor<8xf32>
  %n = stablehlo.negate %a : tensor<8xf32>
  %e = stablehlo.exponential %n : tensor<8xf32>
  %l = stablehlo.log_plus_one %e : tensor<8xf32>
  %y = stablehlo.add %m, %l : tensor<8xf32>
  return %y : tensor<8xf32>
}
func.func @other_abs(%x: tensor<8xf32>, %w: tensor<8xf32>) -> tensor<8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<8xf32>
  %m = stablehlo.maximum %x, %zero : tensor<8xf32>
  %a = stablehlo.abs %w : tensor<8xf32>
  %n = stablehlo.negate %a : tensor<8xf32>
  %e = stablehlo.exponential %n : tensor<8xf32>
  %l = stablehlo.log_plus_one %e : tensor<8xf32>
  %y = stablehlo.add %m, %l : tensor<8xf32>
  return %y : tensor<8xf32>
}
func.func @positive_exponent(%x: tensor<8xf32>) -> tensor<8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<8xf32>
  %m = stablehlo.maximum %x, %zero : tensor<8xf32>
  %a = stablehlo.abs %x : tensor<8xf32>
  %e = stablehlo.exponential %a : tensor<8xf32>
  %l = stablehlo.log_plus_one %e : tensor<8xf32>
  %y = stablehlo.add %m, %l : tensor<8xf32>
  return %y : tensor<8xf32>
}
func.func @twice_the_log(%x: tensor<8xf32>) -> tensor<8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<8xf32>
  %m = stablehlo.maximum %x, %zero : tensor<8xf32>
  %a = stablehlo.abs %x : tensor<8xf32>
  %n = stablehlo.negate %a : tensor<8xf32>
  %e = stablehlo.exponential %n : tensor<8xf32>
  %l = stablehlo.log_plus_one %e : tensor<8xf32>
  %l2 = stablehlo.add %l, %l : tensor<8xf32>
  %y = stablehlo.add %m, %l2 : tensor<8xf32>
  return %y : tensor<8xf32>
}
