// RUN: %roundtrip %s
// Dense elements of complex type: (re, im) pairs, splats, ints and floats.

func.func private @complex() attributes {
  a = dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f32>>,
  b = dense<(0.5, 0.5)> : tensor<3xcomplex<f64>>,
  c = dense<[(1, 2), (3, 4), (5, 6)]> : tensor<3xcomplex<i32>>,
  d = dense<[[(1.0, 0.0)], [(0.0, 1.0)]]> : tensor<2x1xcomplex<f16>>
}
