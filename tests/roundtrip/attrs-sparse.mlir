// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %roundtrip %s --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=1
// RUN: %roundtrip %s --allow-unregistered-dialect --mlir-print-debuginfo
// sparse<indices, values> elements attributes: nested index lists, splat
// indices and values (printed bare), the all-zero `sparse<>`, 1-D indices of
// a rank-1 type, hex values, complex, bool, string and float elements, tensor,
// vector and memref types, and as an arith.constant value.

func.func private @sparse_attrs() attributes {
  a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>,
  b = sparse<[[0, 1]], [2.5]> : tensor<2x2xf32>,
  c = sparse<[], []> : tensor<0xi64>,
  d = sparse<[[1]], [true]> : tensor<4xi1>,
  e = sparse<0, 7> : tensor<3xi32>,
  f = sparse<[[0], [2]], -3> : vector<4xi8>,
  g = sparse<[[0, 0, 0]], [1.0]> : tensor<2x2x2xf64>,
  h = sparse<1, [4]> : tensor<3xi16>,
  i = sparse<[[0, 0], [1, 1]], [(1.0, 2.0), (3.0, 4.0)]> : tensor<2x2xcomplex<f32>>,
  j = sparse<[[0]], ["ab"]> : tensor<2x!t.x>,
  k = sparse<[0, 2], [1, 2]> : tensor<3xi32>,
  l = sparse<> : memref<3xi32>,
  m = sparse<[[0]], "0x01000000"> : tensor<3xi32>,
  n = sparse<[[0, 1], [1, 0]], [0x7FC0, -0.0]> : tensor<2x2xbf16>
}

func.func @sparse_constant() -> tensor<4x4xf32> {
  %0 = arith.constant sparse<[[0, 0], [3, 3]], [1.0, -2.0]> : tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
