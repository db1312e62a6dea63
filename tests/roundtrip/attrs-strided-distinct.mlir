// RUN: %roundtrip %s
// Strided layout attributes on their own, and distinct[N]<...> attributes,
// which the printer renumbers in order of first use.

func.func private @layouts() attributes {
  s1 = strided<[1]>, s2 = strided<[?, 1], offset: ?>, s3 = strided<[]>, s4 = strided<[8, 2], offset: 16>,
  d1 = distinct[7]<42 : i32>, d2 = distinct[3]<"x">, d3 = distinct[7]<42 : i32>, d4 = distinct[0]<unit>
}
