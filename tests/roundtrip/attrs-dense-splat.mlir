// RUN: %roundtrip %s
// Splat dense elements: one value for the whole shape, for int, float, index,
// bool and complex element types, tensors and vectors, static and 0-d shapes.

func.func private @splats() attributes {
  i = dense<1> : tensor<4xi32>, f = dense<2.5> : tensor<2x3xf32>, z = dense<0> : tensor<0xi8>,
  b = dense<true> : tensor<8xi1>, idx = dense<7> : tensor<3xindex>,
  v = dense<-1.0> : vector<4xf16>, s = dense<42> : tensor<i64>, bf = dense<1.0> : tensor<2xbf16>,
  big = dense<0.0> : tensor<1000x1000xf32>, nan = dense<0x7FC00000> : tensor<2xf32>,
  c = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>
}
