// RUN: %roundtrip %s
// Non-splat dense elements written as nested lists, including values that
// collapse to a splat on print, and negative values.

func.func private @nested() attributes {
  v1 = dense<[1, 2, 3, 4]> : tensor<4xi32>,
  v2 = dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>,
  v3 = dense<[[[1.0], [2.0]], [[3.0], [4.0]]]> : tensor<2x2x1xf32>,
  v4 = dense<[-1, 0, 1]> : vector<3xi8>,
  v5 = dense<[1.5, -2.5e3, 0.0, 0x7F800000]> : tensor<4xf32>,
  v6 = dense<[[7, 7], [7, 7]]> : tensor<2x2xi16>,
  v7 = dense<[0, 1, 2]> : tensor<3xindex>,
  v8 = dense<[255, 128]> : tensor<2xui8>, v9 = dense<[-3, 3]> : tensor<2xsi4>
}
