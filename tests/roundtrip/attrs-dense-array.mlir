// RUN: %roundtrip %s
// Dense arrays: array<T: ...> for i1/i8/i16/i32/i64/f32/f64, empty arrays.

func.func private @arrays() attributes {
  b = array<i1: true, false>, i8 = array<i8: -1, 2>, i16 = array<i16: 300>,
  i32 = array<i32: 1, 2, 3>, i64 = array<i64: -9223372036854775808, 9223372036854775807>,
  f32 = array<f32: 1.0, -2.5, 0.1>, f64 = array<f64: 1.0e100>,
  e32 = array<i32>, e64 = array<f64>
}
