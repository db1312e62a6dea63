// ELU recognised by what it computes (stablehlo-fuse-composites,
// fuse_composites/activations.rs): select(x > 0, x, a (exp(x) - 1)) as the
// ONNX importer writes Elu, jax.nn.elu's expm1 of the "safe" x, the test
// negated with the branches swapped, min(x, 0) as the safe x; near misses
// stay as they are.
// RUN: strata-opt %s -stablehlo-fuse-composites | FileCheck %s
// RUN: strata-opt %s -stablehlo-fuse-composites | strata-opt -stablehlo-fuse-composites | FileCheck %s
// RUN: strata-opt %s -stablehlo-fuse-composites --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect > /dev/null

// CHECK-LABEL: func.func @onnx_form
// CHECK-NEXT: %0 = stablehlo.composite "tx8.elu" %arg0 {composite_attributes = {alpha = 5.000000e-01 : f32}
// CHECK-NEXT: return %0
func.func @onnx_form(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<2x8xf32>
  %p = stablehlo.compare GT, %x, %zero : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xi1>
  %e = stablehlo.exponential %x : tensor<2x8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<2x8xf32>
  %em1 = stablehlo.subtract %e, %one : tensor<2x8xf32>
  %a = stablehlo.constant dense<0.5> : tensor<2x8xf32>
  %n = stablehlo.multiply %a, %em1 : tensor<2x8xf32>
  %y = stablehlo.select %p, %x, %n : tensor<2x8xi1>, tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// jax.nn.elu: where(x > 0, x, alpha * expm1(where(x > 0, 0, x))).
// CHECK-LABEL: func.func @jax_form
// CHECK-NEXT: %0 = stablehlo.composite "tx8.elu" %arg0 {composite_attributes = {alpha = 1.000000e+00 : f32}
// CHECK-NEXT: return %0
func.func @jax_form(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %zero = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<8xf32>
  %p = stablehlo.compare GT, %x, %zero : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  %safe = stablehlo.select %p, %zero, %x : tensor<8xi1>, tensor<8xf32>
  %em1 = stablehlo.exponential_minus_one %safe : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %n = stablehlo.multiply %one, %em1 : tensor<8xf32>
  %y = stablehlo.select %p, %x, %n : tensor<8xi1>, tensor<8xf32>
  return %y : tensor<8xf32>
}

// x <= 0 picks the exponential branch first; exp(min(x, 0)) - 1 scaled on
// the right.
// CHECK-LABEL: func.func @swapped_min_safe
// CHECK-NEXT: %0 = stablehlo.composite "tx8.elu" %arg0 {composite_attributes = {alpha = 2.000000e+00 : f32}
func.func @swapped_min_safe(%x: tensor<8xbf16>) -> tensor<8xbf16> {
  %zero = stablehlo.constant dense<0.0> : tensor<8xbf16>
  %p = stablehlo.compare LE, %x, %zero : (tensor<8xbf16>, tensor<8xbf16>) -> tensor<8xi1>
  %m = stablehlo.minimum %zero, %x : tensor<8xbf16>
  %e = stablehlo.exponential %m : tensor<8xbf16>
  %one = stablehlo.constant dense<1.0> : tensor<8xbf16>
  %em1 = stablehlo.subtract %e, %one : tensor<8xbf16>
  %a = stablehlo.constant dense<2.0> : tensor<8xbf16>
  %n = stablehlo.multiply %em1, %a : tensor<8xbf16>
  %y = stablehlo.select %p, %n, %x : tensor<8xi1>, tensor<8xbf16>
  return %y : tensor<8xbf16>
}

// Near misses: exp(x) - 2 (not zero at 0); the branches swapped without
// negating the test; the exponential of another value.
// CHECK-LABEL: func.func @minus_two
// CHECK-NOT: stablehlo.composite
// CHECK-LABEL: func.func @unswapped
// CHECK-NOT: stablehlo.composite
// CHECK-LABEL: func.func @other_value
// CHECK-NOT: stablehlo.composite
func.func @minus_two(%x: tensor<8xf32>) -> tensor<8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<8xf32>
  %p = stablehlo.compare GT, %x, %zero : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  %e = stablehlo.exponential %x : tensor<8xf32>
  %two = stablehlo.constant dense<2.0> : tensor<8xf32>
  %n = stablehlo.subtract %e, %two : tensor<8xf32>
  %y = stablehlo.select %p, %x, %n : tensor<8xi1>, tensor<8xf32>
  return %y : tensor<8xf32>
}
func.func @unswapped(%x: tensor<8xf32>) -> tensor<8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<8xf32>
  %p = stablehlo.compare GT, %x, %zero : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  %e = stablehlo.exponential %x : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %n = stablehlo.subtract %e, %one : tensor<8xf32>
  %y = stablehlo.select %p, %n, %x : tensor<8xi1>, tensor<8xf32>
  return %y : tensor<8xf32>
}
func.func @other_value(%x: tensor<8xf32>, %w: tensor<8xf32>) -> tensor<8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<8xf32>
  %p = stablehlo.compare GT, %x, %zero : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  %e = stablehlo.exponential %w : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %n = stablehlo.subtract %e, %one : tensor<8xf32>
  %y = stablehlo.select %p, %x, %n : tensor<8xi1>, tensor<8xf32>
  return %y : tensor<8xf32>
}
