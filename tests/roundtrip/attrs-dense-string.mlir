// RUN: %roundtrip %s --allow-unregistered-dialect
// Dense elements of strings: need a string element type, which builtin does
// not have, so an opaque dialect type stands in.

func.func private @strings() attributes {
  s1 = dense<"hello"> : tensor<2x!str.string>,
  s2 = dense<["a", "bc", "def"]> : tensor<3x!str.string>,
  s3 = dense<["x\0Ay", ""]> : tensor<2x!str.string>
}
