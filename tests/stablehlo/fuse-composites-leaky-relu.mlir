// LeakyRelu recognised by what it computes (stablehlo-fuse-composites,
// fuse_composites/activations.rs): ONNX's select(x >= 0, x, a x) as the
// importer writes it, the comparison either way round or negated with the
// branches swapped, the scale on either side of the product, and the
// max / min forms; near misses stay as they are.
// RUN: strata-opt %s -stablehlo-fuse-composites | FileCheck %s
// RUN: strata-opt %s -stablehlo-fuse-composites | strata-opt -stablehlo-fuse-composites | FileCheck %s
// RUN: strata-opt %s -stablehlo-fuse-composites --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect > /dev/null

// CHECK-LABEL: func.func @onnx_form
// CHECK-NEXT: %0 = stablehlo.composite "tx8.leaky_relu" %arg0 {composite_attributes = {alpha = 0.00999999977 : f32}
// CHECK-NEXT: return %0
func.func @onnx_form(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<2x8xf32>
  %p = stablehlo.compare GE, %x, %zero : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xi1>
  %a = stablehlo.constant dense<0.00999999977> : tensor<2x8xf32>
  %s = stablehlo.multiply %a, %x : tensor<2x8xf32>
  %y = stablehlo.select %p, %x, %s : tensor<2x8xi1>, tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// 0 > x picks the scaled branch first.
// CHECK-LABEL: func.func @negated_swapped
// CHECK-NEXT: %0 = stablehlo.composite "tx8.leaky_relu" %arg0 {composite_attributes = {alpha = 2.000000e-01 : f32}
func.func @negated_swapped(%x: tensor<8xf32>) -> tensor<8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<8xf32>
  %p = stablehlo.compare GT, %zero, %x : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  %a = stablehlo.constant dense<0.2> : tensor<8xf32>
  %s = stablehlo.multiply %x, %a : tensor<8xf32>
  %y = stablehlo.select %p, %s, %x : tensor<8xi1>, tensor<8xf32>
  return %y : tensor<8xf32>
}

// max(x, 0.1 x) and min(x, 3 x).
// CHECK-LABEL: func.func @max_form
// CHECK-NEXT: %0 = stablehlo.composite "tx8.leaky_relu" %arg0 {composite_attributes = {alpha = 1.000000e-01 : f32}
// CHECK-LABEL: func.func @min_form
// CHECK-NEXT: %0 = stablehlo.composite "tx8.leaky_relu" %arg0 {composite_attributes = {alpha = 3.000000e+00 : f32}
func.func @max_form(%x: tensor<8xf32>) -> tensor<8xf32> {
  %a = stablehlo.constant dense<0.1> : tensor<8xf32>
  %s = stablehlo.multiply %a, %x : tensor<8xf32>
  %y = stablehlo.maximum %s, %x : tensor<8xf32>
  return %y : tensor<8xf32>
}
func.func @min_form(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c = stablehlo.constant dense<3.0> : tensor<8xf32>
  %s = stablehlo.multiply %x, %c : tensor<8xf32>
  %y = stablehlo.minimum %x, %s : tensor<8xf32>
  return %y : tensor<8xf32>
}

// Near misses: the select's test is on another value; max(x, 2 x) is not
// a LeakyRelu (it is 2 x for x > 0); a test against a non-zero; the
// branches swapped without negating the test (a x for x >= 0).
// CHECK-LABEL: func.func @other_test
// CHECK-NOT: stablehlo.composite
// CHECK-LABEL: func.func @max_above_one
// CHECK-NOT: stablehlo.composite
// CHECK-LABEL: func.func @test_against_one
// CHECK-NOT: stablehlo.composite
// CHECK-LABEL: func.func @branches_swapped
// CHECK-NOT: stablehlo.composite
// CHECK-LABEL: func.func private @tx8.leaky_relu.impl(
func.func @other_test(%x: tensor<8xf32>, %z: tensor<8xf32>) -> tensor<8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<8xf32>
  %p = stablehlo.compare GE, %z, %zero : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  %a = stablehlo.constant dense<0.2> : tensor<8xf32>
  %s = stablehlo.multiply %a, %x : tensor<8xf32>
  %y = stablehlo.select %p, %x, %s : tensor<8xi1>, tensor<8xf32>
  return %y : tensor<8xf32>
}
func.func @max_above_one(%x: tensor<8xf32>) -> tensor<8xf32> {
  %a = stablehlo.constant dense<2.0> : tensor<8xf32>
  %s = stablehlo.multiply %a, %x : tensor<8xf32>
  %y = stablehlo.maximum %x, %s : tensor<8xf32>
  return %y : tensor<8xf32>
}
func.func @test_against_one(%x: tensor<8xf32>) -> tensor<8xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %p = stablehlo.compare GE, %x, %one : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  %a = stablehlo.constant dense<0.2> : tensor<8xf32>
  %s = stablehlo.multiply %a, %x : tensor<8xf32>
  %y = stablehlo.select %p, %x, %s : tensor<8xi1>, tensor<8xf32>
  return %y : tensor<8xf32>
}
func.func @branches_swapped(%x: tensor<8xf32>) -> tensor<8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<8xf32>
  %p = stablehlo.compare GE, %x, %zero : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  %a = stablehlo.constant dense<0.2> : tensor<8xf32>
  %s = stablehlo.multiply %a, %x : tensor<8xf32>
  %y = stablehlo.select %p, %s, %x : tensor<8xi1>, tensor<8xf32>
  return %y : tensor<8xf32>
}
