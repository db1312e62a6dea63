// RUN: %roundtrip %s
// Dense elements of i1 (true/false lists, splats) (strings: attrs-dense-string.mlir).

func.func private @bools() attributes {
  a = dense<[true, false, true]> : tensor<3xi1>, b = dense<false> : vector<4xi1>,
  c = dense<[[true, true], [false, false]]> : tensor<2x2xi1>, d = dense<[1, 0]> : tensor<2xi1>
}

