// RUN: %roundtrip %s
// Integer attributes: in a dictionary every integer prints its type (even the
// default i64; inside arrays i64 is elided), other widths keep
// their type, signed/unsigned types, hex literals, extreme values, booleans.

func.func private @ints() attributes {
  a = 0, b = 1, c = -1, d = 42 : i64,
  e = 7 : i8, f = -128 : i8, g = 255 : i8, h = 65535 : i16,
  i = 2147483647 : i32, j = -2147483648 : i32,
  k = 9223372036854775807 : i64, l = -9223372036854775808 : i64,
  m = 340282366920938463463374607431768211455 : i128,
  n = 123456789012345678901234567890 : i1024,
  o = 5 : si8, p = -5 : si32, q = 200 : ui8, r = 4294967295 : ui32,
  s = 0x10 : i32, t = 0xFF : i8, u = 0xdeadbeef : i64,
  v = 3 : index, w = -1 : index,
  x = true, y = false, z = 1 : i1, zz = 0 : i3
}
