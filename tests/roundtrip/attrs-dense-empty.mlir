// RUN: %roundtrip %s
// Dense elements with zero elements print as `dense<>` whatever the literal
// (`dense<>`, `dense<[]>`, `dense<[[]]>`); a splat on a zero-sized shape stays a
// splat; single-element lists print as splats.

func.func private @empty() attributes {
  a = dense<> : tensor<0xi32>, b = dense<[]> : tensor<0xf32>, c = dense<[[]]> : tensor<1x0xi8>,
  d = dense<5> : tensor<0x3xi8>, e = dense<1> : vector<1xi1>, f = dense<[1.0]> : tensor<1xf32>
}
