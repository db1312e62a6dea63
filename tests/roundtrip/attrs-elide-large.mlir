// RUN: %roundtrip %s --mlir-elide-elementsattrs-if-larger=4
// With --mlir-elide-elementsattrs-if-larger, elements attributes of op
// properties (arith.constant's value) with more elements than the limit print
// as dense_resource<__elided__> (op properties and discardable attributes
// alike); splats and values at the limit print in full.

func.func @elide() -> tensor<8xi32> attributes {big_attr = dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi32>} {
  %small = arith.constant dense<[1, 2]> : tensor<2xi32>
  %four = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %big = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi32>
  %splat = arith.constant dense<1.0> : tensor<100xf32>
  return %big : tensor<8xi32>
}
