// RUN: %roundtrip %s
// RUN: %roundtrip %s --mlir-elide-elementsattrs-if-larger=4
// RUN: strata-opt %s --mlir-elide-elementsattrs-if-larger=4 | FileCheck %s
// Splats whose shape has more elements than fit in i64 (the parser and the
// dense printer multiplied the dims with overflow; found through the Toy
// fuzzer). Splats are never elided, whatever the count (MLIR's
// shouldElideElementsAttr); a non-splat above the limit is.

// CHECK-LABEL: func.func @huge
// CHECK: arith.constant dense<1.000000e+00> : tensor<4294967296x4294967296xf64>
// CHECK: arith.constant dense<2> : tensor<3037000500x3037000500xi32>
// CHECK: arith.constant dense<1.000000e+00> : tensor<100xf32>
// CHECK: arith.constant dense_resource<__elided__> : tensor<5xi32>
func.func @huge() -> tensor<4294967296x4294967296xf64> {
  %0 = arith.constant dense<1.0> : tensor<4294967296x4294967296xf64>
  %1 = arith.constant dense<2> : tensor<3037000500x3037000500xi32>
  %2 = arith.constant dense<1.0> : tensor<100xf32>
  %3 = arith.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  return %0 : tensor<4294967296x4294967296xf64>
}
