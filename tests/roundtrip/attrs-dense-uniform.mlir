// RUN: %roundtrip %s
// Dense literals whose elements are all bitwise equal are stored as splats
// (printed dense<x>): integers, floats (0.0 and -0.0 differ), complex,
// i1 lists and bit-packed hex, hex of wider types, single-element lists.

func.func private @uniform() attributes {
  a = dense<[[7, 7], [7, 7]]> : tensor<2x2xi16>,
  b = dense<"0x0700000007000000"> : tensor<2xi32>,
  d = dense<[(1, 2), (1, 2)]> : tensor<2xcomplex<i32>>,
  e = dense<[true, true, true]> : tensor<3xi1>,
  f = dense<[false, false]> : tensor<2xi1>,
  g = dense<[1.0, 1.0]> : tensor<2xf32>,
  h = dense<[0.0, -0.0]> : tensor<2xf32>,
  i = dense<[5]> : tensor<1xi32>,
  j = dense<"0x03"> : tensor<8xi1>,
  k = dense<"0xFF"> : tensor<8xi1>,
  l = dense<"0x0000000000000000"> : tensor<2xf32>,
  m = dense<[[1.0, 1.0]]> : tensor<1x2xbf16>,
  n = dense<[1, 1]> : vector<2xindex>,
  p = dense<[(1.0, 2.0), (1.0, 2.0)]> : tensor<2xcomplex<f32>>,
  q = dense<[-1, 255]> : tensor<2xi8>,
  r = dense<"0xFFFF"> : tensor<2xi8>
}
