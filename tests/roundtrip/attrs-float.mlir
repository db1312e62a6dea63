// RUN: %roundtrip %s
// Float attributes: decimal and exponent forms, negative zero, the hex form
// for exact bit patterns (inf, nan, denormals), and every float width.

func.func private @floats() attributes {
  a = 1.0 : f32, b = -0.0 : f32, c = 0.5 : f64, d = 1.5e10 : f64, e = -2.25e-5 : f32,
  f = 3.14159 : f16, g = 1.0 : bf16, h = 100.0 : tf32, i = 0.1 : f64, j = 1.0e+300 : f64,
  k = 0x7F800000 : f32, l = 0xFF800000 : f32, m = 0x7FC00000 : f32, n = 0x00000001 : f32,
  o = 0x7FF0000000000000 : f64, p = 0x7FF8000000000000 : f64, q = 0x7C00 : f16, r = 0x7FC0 : bf16,
  s = 0x3F800000 : f32, t = 1.0 : f80, u = 2.5 : f128, v = 42.0,
  w = 0.5 : f8E4M3FN, x = 2.0 : f8E5M2, y = 1.0 : f4E2M1FN, z = 0.75 : f6E2M3FN
}

func.func private @float_limits() attributes {
  max32 = 3.40282347E+38 : f32, min32 = 1.17549435E-38 : f32,
  max16 = 65504.0 : f16, tiny = 5.0e-324 : f64, nan16 = 0x7E00 : f16, negnan = 0xFFC00000 : f32
}
